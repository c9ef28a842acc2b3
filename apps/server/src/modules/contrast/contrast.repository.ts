import { sql } from 'kysely';
import { roundIndexNum } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { fansIncrease30, toSampleWindow } from '../metrics/figures.js';
import type { SampleMeans } from './contrast.figures.js';
import { OVERLAP_COMMENTS_PER_CREATOR, OVERLAP_WINDOW_DAYS } from './contrast.figures.js';

/** A creator's figures as read for a report (docs/metrics.md "Comparison report"). */
export interface CreatorFiguresRow {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  isApprove: number;
  partitions: { id: number; name: string }[];
  indexNum: number;
  fansNum: number;
  /** the creator's latest stored day on or before the data date (null: never snapshotted) */
  fansDay: string | null;
  fansIncrease30: number | null;
  chargingNum: number;
  /** the weekly figures' sample means (creator_metrics), null for a creator not rolled up */
  sample: SampleMeans | null;
  genderPortrait: string | null;
  agePortrait: string | null;
  areaPortrait: string | null;
  portraitKind: 'creator' | 'partition' | null;
  portraitSampleSize: number | null;
  portraitPartition: string | null;
  libraryPrice: number | null;
  /** creator_metrics.video_price: the quote estimate (one definition, migration 0073) */
  estVideoPrice: number | null;
}

export interface ReportRow {
  id: number;
  teamId: string;
  createdBy: string | null;
  kolIds: number[];
  dataDate: string | null;
  snapshot: unknown;
  intentionKolId: number | null;
  createdAt: Date;
}

export interface RecordRow extends ReportRow {
  creatorName: string | null;
  creatorPhone: string | null;
}

const num = (v: string | number): number => Number(v);
const numOrNull = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The Asia/Shanghai start of `day` + offset, as timestamptz. */
const dayStart = (day: string, offset: number) =>
  sql`((${day}::date + ${offset}::int)::timestamp AT TIME ZONE 'Asia/Shanghai')`;

/** SQL over contrast_reports, and the reads of the platform data a report is made of. */
export class ContrastRepository {
  constructor(private readonly db: Db) {}

  /** Which of `ids` are creators. */
  async existingCreators(ids: readonly number[]): Promise<Set<number>> {
    const r = await sql<{ id: string }>`
      SELECT id FROM creators WHERE id = ANY(${ids.map(String)}::bigint[])`.execute(this.db);
    return new Set(r.rows.map((x) => num(x.id)));
  }

  /**
   * The report's data date: the day of the compared creators' rolled-up figures (creator_metrics.day, the latest of
   * them), or null when none is rolled up. Every figure of the report is as of that day, as on the other screens.
   */
  async dataDate(ids: readonly number[]): Promise<string | null> {
    const r = await sql<{ day: string | null }>`
      SELECT max(m.day) AS day FROM creator_metrics m WHERE m.creator_id = ANY(${ids.map(String)}::bigint[])`.execute(
      this.db,
    );
    return r.rows[0]?.day ?? null;
  }

  /** The names of the compared creators that have no rolled-up figures yet (creator_metrics), in `ids` order. */
  async notRolledUp(ids: readonly number[]): Promise<string[]> {
    const r = await sql<{ name: string }>`
      SELECT c.name
      FROM unnest(${ids.map(String)}::bigint[]) WITH ORDINALITY AS i(id, ord)
      JOIN creators c ON c.id = i.id
      WHERE NOT EXISTS (SELECT 1 FROM creator_metrics m WHERE m.creator_id = c.id)
      ORDER BY i.ord`.execute(this.db);
    return r.rows.map((x) => x.name);
  }

  /**
   * Every figure of the compared creators as of `day`, with the team's library price; in no order. 30日涨粉 and the
   * weekly figures are the rolled-up ones (metrics/figures.ts; creator_metrics), the same the detail and the lists
   * show; `sample` is null for a creator not rolled up.
   */
  async creatorFigures(ids: readonly number[], day: string, teamId: string): Promise<CreatorFiguresRow[]> {
    const r = await sql<{
      id: string;
      name: string;
      mid: string;
      face: string;
      official_type: number;
      index_num: string;
      creator_fans: string;
      p_tid: number | null;
      p_name: string | null;
      pp_tid: number | null;
      pp_name: string | null;
      k_day: string | null;
      k_fans: string | null;
      k_charging: number | null;
      fans_increase: string | null;
      rolled: boolean;
      sample_window: number | null;
      week_video_num: number | null;
      week_avg_play: string | null;
      avg_praise: string | null;
      week_avg_collect: string | null;
      week_avg_share: string | null;
      week_avg_comment: string | null;
      week_cast_currency: string | null;
      gender_portrait: string | null;
      age_portrait: string | null;
      area_portrait: string | null;
      portrait_kind: 'creator' | 'partition' | null;
      portrait_sample: number | null;
      portrait_partition: string | null;
      library_price: string | null;
      est_video_price: string | null;
    }>`
      SELECT c.id, c.name, c.mid, c.face, c.official_type, c.index_num, c.fans AS creator_fans,
             p.tid AS p_tid, p.name AS p_name, pp.tid AS pp_tid, pp.name AS pp_name,
             k.day AS k_day, k.fans AS k_fans, k.charging AS k_charging,
             ${fansIncrease30('m')} AS fans_increase, m.creator_id IS NOT NULL AS rolled, m.sample_window,
             m.week_video_num, m.week_avg_play, m.avg_praise, m.week_avg_collect, m.week_avg_share,
             m.week_avg_comment, m.week_cast_currency,
             coalesce(m.gender_portrait, pt.gender_portrait) AS gender_portrait,
             coalesce(m.age_portrait, pt.age_portrait) AS age_portrait,
             coalesce(m.area_portrait, pt.area_portrait) AS area_portrait,
             CASE WHEN m.creator_id IS NOT NULL THEN m.portrait_source
                  WHEN pt.tid IS NOT NULL THEN 'partition' END AS portrait_kind,
             m.portrait_sample,
             CASE WHEN pt.tid IS NULL THEN NULL WHEN pt.tid = 0 THEN '全站' ELSE ptn.name END AS portrait_partition,
             lib.implantation_price AS library_price, m.video_price AS est_video_price
      FROM unnest(${ids.map(String)}::bigint[]) AS i(id)
      JOIN creators c ON c.id = i.id
      LEFT JOIN partitions p ON p.tid = c.partition_tid
      LEFT JOIN partitions pp ON pp.tid = p.parent_id
      -- known(day): the latest snapshot on or before the data date
      LEFT JOIN LATERAL (
        SELECT x.day, x.fans, x.charging FROM creator_daily x
        WHERE x.creator_id = c.id AND x.day <= ${day}::date ORDER BY x.day DESC LIMIT 1) k ON true
      LEFT JOIN creator_metrics m ON m.creator_id = c.id
      -- a creator showing its partition's pooled portrait names it (migration 0013); one never rolled up shows its
      -- partition's (or the whole site's) pooled portrait
      LEFT JOIN partition_portraits pt
        ON pt.tid = CASE WHEN m.creator_id IS NULL THEN coalesce(c.partition_tid, 0) ELSE m.portrait_tid END
      LEFT JOIN partitions ptn ON ptn.tid = pt.tid
      LEFT JOIN LATERAL (
        SELECT e.implantation_price FROM library_entries e
        WHERE e.team_id = ${teamId} AND (e.creator_id = c.id OR e.kol_uid = c.mid)
        ORDER BY (e.creator_id = c.id) DESC NULLS LAST, e.id LIMIT 1) lib ON true`.execute(this.db);
    return r.rows.map((x) => {
      const partitions: { id: number; name: string }[] = [];
      if (x.pp_tid !== null && x.pp_name !== null) partitions.push({ id: x.pp_tid, name: x.pp_name });
      if (x.p_tid !== null && x.p_name !== null) partitions.push({ id: x.p_tid, name: x.p_name });
      const window = toSampleWindow(x.sample_window);
      return {
        kolId: num(x.id),
        kolName: x.name,
        kolUid: num(x.mid),
        kolImg: x.face,
        isApprove: x.official_type,
        partitions,
        indexNum: roundIndexNum(num(x.index_num)),
        fansNum: num(x.k_fans ?? x.creator_fans),
        fansDay: x.k_day,
        fansIncrease30: numOrNull(x.fans_increase),
        chargingNum: x.k_charging ?? 0,
        sample:
          x.rolled && window !== null
            ? {
                window,
                weekVideos: x.week_video_num ?? 0,
                play: num(x.week_avg_play ?? 0),
                likes: num(x.avg_praise ?? 0),
                coin: num(x.week_cast_currency ?? 0),
                favorite: num(x.week_avg_collect ?? 0),
                share: num(x.week_avg_share ?? 0),
                reply: num(x.week_avg_comment ?? 0),
              }
            : null,
        genderPortrait: x.gender_portrait,
        agePortrait: x.age_portrait,
        areaPortrait: x.area_portrait,
        portraitKind: x.portrait_kind,
        portraitSampleSize: x.portrait_sample,
        portraitPartition: x.portrait_partition,
        libraryPrice: numOrNull(x.library_price),
        estVideoPrice: numOrNull(x.est_video_price),
      };
    });
  }

  /**
   * Distinct commenter mids per creator over its latest OVERLAP_COMMENTS_PER_CREATOR comments (top-level and
   * replies) under its videos, with a comment time in the OVERLAP_WINDOW_DAYS days ending the data date; and the
   * number of comments read in all.
   */
  async commenters(
    ids: readonly number[],
    day: string,
  ): Promise<{ sets: Map<number, Set<string>>; comments: number; ownMids: string[] }> {
    const [r, own] = await Promise.all([
      sql<{ creator_id: string; mids: string[]; comments: string }>`
        SELECT s.creator_id, array_agg(DISTINCT s.mid) AS mids, count(*) AS comments
        FROM (
          SELECT v.creator_id, c.mid,
                 row_number() OVER (PARTITION BY v.creator_id ORDER BY c.ctime DESC, c.id DESC) AS rn
          FROM videos v
          JOIN comments c ON c.video_id = v.id
          WHERE v.creator_id = ANY(${ids.map(String)}::bigint[])
            AND c.ctime >= ${dayStart(day, 1 - OVERLAP_WINDOW_DAYS)} AND c.ctime < ${dayStart(day, 1)}
        ) s
        WHERE s.rn <= ${OVERLAP_COMMENTS_PER_CREATOR}
        GROUP BY s.creator_id`.execute(this.db),
      sql<{ mid: string }>`SELECT mid FROM creators WHERE id = ANY(${ids.map(String)}::bigint[])`.execute(this.db),
    ]);
    const sets = new Map<number, Set<string>>();
    let comments = 0;
    for (const row of r.rows) {
      sets.set(num(row.creator_id), new Set(row.mids.map(String)));
      comments += num(row.comments);
    }
    return { sets, comments, ownMids: own.rows.map((x) => String(x.mid)) };
  }

  async insert(row: {
    teamId: string;
    createdBy: string;
    kolIds: readonly number[];
    dataDate: string | null;
    snapshot: string;
  }): Promise<number> {
    const r = await sql<{ id: string }>`
      INSERT INTO contrast_reports (team_id, created_by, kol_ids, data_date, snapshot)
      VALUES (${row.teamId}, ${row.createdBy}, ${row.kolIds.map(String)}::bigint[], ${row.dataDate}::date,
              ${row.snapshot}::jsonb)
      RETURNING id`.execute(this.db);
    const id = r.rows[0]?.id;
    if (id === undefined) throw new Error('contrast_reports insert returned no id');
    return num(id);
  }

  /** A live report of the team, or null (missing, deleted or another team's: the same answer). */
  async report(teamId: string, id: number): Promise<ReportRow | null> {
    const r = await sql<ReportDbRow>`
      SELECT id, team_id, created_by, kol_ids, data_date, snapshot, intention_kol_id, created_at
      FROM contrast_reports WHERE id = ${id} AND team_id = ${teamId} AND deleted_at IS NULL`.execute(this.db);
    const x = r.rows[0];
    return x ? toReport(x) : null;
  }

  /**
   * Sets the report's intended creator in one UPDATE of the report's row (one column: one per report, whatever runs
   * at the same time; the CHECK of migration 0028 keeps it among the compared creators). False when the team has no
   * such live report or the creator is not in it.
   */
  async setIntention(teamId: string, id: number, kolId: number): Promise<boolean> {
    const r = await sql`
      UPDATE contrast_reports SET intention_kol_id = ${kolId}, intention_at = now()
      WHERE id = ${id} AND team_id = ${teamId} AND deleted_at IS NULL AND ${kolId}::bigint = ANY(kol_ids)`.execute(
      this.db,
    );
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  async softDelete(teamId: string, id: number): Promise<boolean> {
    const r = await sql`
      UPDATE contrast_reports SET deleted_at = now()
      WHERE id = ${id} AND team_id = ${teamId} AND deleted_at IS NULL`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  /** One page of the team's live reports, newest first, with who generated each; and their number. */
  async list(teamId: string, page: { limit: number; offset: number }): Promise<{ rows: RecordRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      sql<ReportDbRow & { username: string | null; phone: string | null }>`
        SELECT r.id, r.team_id, r.created_by, r.kol_ids, r.data_date, r.snapshot, r.intention_kol_id, r.created_at,
               u.username, u.phone
        FROM contrast_reports r
        LEFT JOIN users u ON u.id = r.created_by
        WHERE r.team_id = ${teamId} AND r.deleted_at IS NULL
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db),
      sql<{ total: string }>`
        SELECT count(*) AS total FROM contrast_reports
        WHERE team_id = ${teamId} AND deleted_at IS NULL`.execute(this.db),
    ]);
    return {
      rows: rows.rows.map((x) => ({ ...toReport(x), creatorName: x.username, creatorPhone: x.phone })),
      total: num(count.rows[0]?.total ?? 0),
    };
  }
}

function toReport(x: ReportDbRow): ReportRow {
  return {
    id: num(x.id),
    teamId: x.team_id,
    createdBy: x.created_by,
    kolIds: x.kol_ids.map(num),
    dataDate: x.data_date,
    snapshot: x.snapshot,
    intentionKolId: numOrNull(x.intention_kol_id),
    createdAt: x.created_at,
  };
}

/** A contrast_reports row as the reads select it. */
interface ReportDbRow {
  id: string;
  team_id: string;
  created_by: string | null;
  kol_ids: string[];
  data_date: string | null;
  snapshot: unknown;
  intention_kol_id: string | null;
  created_at: Date;
}
