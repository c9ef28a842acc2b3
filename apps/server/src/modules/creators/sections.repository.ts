import { sql, type RawBuilder } from 'kysely';
import { COMMERCIAL_METHOD_TEXT, type PriceInfo } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { preparedRows } from './prepared.js';
import { toSampleWindow } from '../metrics/figures.js';
import { num, numOrNull } from './kol-items.js';

export interface DetailExtraRow {
  mcnId: number | null;
  mcnName: string | null;
  liveRoomId: number | null;
  tid: number | null;
  parentTid: number | null;
  /** the 30-day fan change of the last rollup (creator_metrics.fans_change_30; gap rules) */
  fansIncrease?: number | null;
  /** the number of stored videos the totals are summed over, null when they are the platform's own */
  totalsFromVideos?: number | null;
}

export interface FanEventRow {
  day: string;
  kind: string;
  delta: number;
  fans: number;
  causeVideoId: string | null;
}

export interface PortraitRow {
  genderPortrait: string;
  agePortrait: string;
  areaPortrait: string;
  source: string;
  sample: number;
  malePct: number;
  day: string;
  computedAt: Date;
}

export type KolVideoSort = 'pubdate' | 'play' | 'likes';

/** The price columns of creator_metrics (alias `cm`); null when the creator is not rolled up yet. */
export const PRICE_COLUMNS = sql`cm.video_price, cm.implantation_price, cm.normal_price, cm.special_price,
  cm.week_video_num, cm.week_avg_play, cm.avg_praise, cm.sample_window, cm.computed_at`;

export interface PriceRowDb {
  video_price: string | null;
  implantation_price: string | null;
  normal_price: string | null;
  special_price: string | null;
  week_video_num: number | null;
  week_avg_play: string | null;
  avg_praise: string | null;
  sample_window: number | null;
  computed_at: Date | null;
}

export function toPriceInfo(row: PriceRowDb): PriceInfo | undefined {
  if (row.computed_at === null) return undefined;
  return {
    videoPrice: numOrNull(row.video_price),
    implantationPrice: numOrNull(row.implantation_price),
    normalPrice: numOrNull(row.normal_price),
    specialPrice: numOrNull(row.special_price),
    weekVideoNum: row.week_video_num,
    weekAvgPlayNum: numOrNull(row.week_avg_play),
    avgPraiseNum: numOrNull(row.avg_praise),
    sampleWindow: toSampleWindow(row.sample_window),
    updateTime: row.computed_at.toISOString(),
    method: COMMERCIAL_METHOD_TEXT,
  };
}

/** The creator detail's sections: detail extras, videos, fan events, portrait, prices, similar creators. */
/** Candidates per side (fewer fans, more fans) of the similar-creators order (similarIds). */
export const SIMILAR_CANDIDATES = 200;

export class CreatorSectionsRepository {
  /** `pool`: the detail page's statements run prepared (planning them cost more than running them). */
  constructor(
    private readonly db: Db,
    private readonly pool: PreparedPool | null = null,
  ) {}

  private async q<R>(query: RawBuilder<R>): Promise<{ rows: R[] }> {
    return { rows: await preparedRows(this.db, this.pool, query) };
  }

  async detailExtra(id: number): Promise<DetailExtraRow | undefined> {
    const r = await this.q(sql<{
      mcn_id: number | null;
      mcn_name: string | null;
      live_room_id: string | null;
      partition_tid: number | null;
      parent_id: number | null;
    }>`
      SELECT c.mcn_id, m.name AS mcn_name, c.live_room_id, c.partition_tid, p.parent_id
      FROM creators c LEFT JOIN mcns m ON m.id = c.mcn_id LEFT JOIN partitions p ON p.tid = c.partition_tid
      WHERE c.id = ${id}`);
    const row = r.rows[0];
    if (!row) return undefined;
    return {
      mcnId: row.mcn_id,
      mcnName: row.mcn_name,
      liveRoomId: numOrNull(row.live_room_id),
      tid: row.partition_tid,
      parentTid: row.parent_id,
    };
  }

  /** The commercial estimate of creator_metrics (docs/metrics.md), or undefined when not rolled up yet. */
  async priceInfo(id: number): Promise<PriceInfo | undefined> {
    const r = await this.q(sql<PriceRowDb>`
      SELECT ${PRICE_COLUMNS} FROM creator_metrics cm WHERE cm.creator_id = ${id}`);
    const row = r.rows[0];
    return row ? toPriceInfo(row) : undefined;
  }

  async portrait(id: number): Promise<PortraitRow | undefined> {
    const r = await this.q(sql<{
      gender_portrait: string;
      age_portrait: string;
      area_portrait: string;
      portrait_source: string;
      portrait_sample: number;
      audience_male_pct: string;
      day: string;
      computed_at: Date;
    }>`
      SELECT coalesce(m.gender_portrait, p.gender_portrait) AS gender_portrait,
             coalesce(m.age_portrait, p.age_portrait) AS age_portrait,
             coalesce(m.area_portrait, p.area_portrait) AS area_portrait,
             m.portrait_source, m.portrait_sample, m.audience_male_pct, m.day, m.computed_at
      FROM creator_metrics m
      -- a creator showing its partition's pooled portrait names it instead of storing a copy (migration 0013)
      LEFT JOIN partition_portraits p ON p.tid = m.portrait_tid
      WHERE m.creator_id = ${id}`);
    const row = r.rows[0];
    if (!row) return undefined;
    return {
      genderPortrait: row.gender_portrait,
      agePortrait: row.age_portrait,
      areaPortrait: row.area_portrait,
      source: row.portrait_source,
      sample: row.portrait_sample,
      malePct: num(row.audience_male_pct),
      day: row.day,
      computedAt: row.computed_at,
    };
  }

  /** One page of the creator's video ids (deleted ones included, marked by status) and their number. */
  async videoIds(
    id: number,
    sort: KolVideoSort,
    page: { limit: number; offset: number },
  ): Promise<{ ids: string[]; total: number }> {
    const order =
      sort === 'play'
        ? sql`v.play DESC, v.id DESC`
        : sort === 'likes'
          ? sql`v.likes DESC, v.id DESC`
          : sql`v.pubdate DESC, v.id DESC`;
    const [rows, count] = await Promise.all([
      this.q(sql<{ id: string }>`SELECT v.id FROM videos v WHERE v.creator_id = ${id}
        ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`),
      this.q(sql<{ total: string }>`SELECT count(*) AS total FROM videos WHERE creator_id = ${id}`),
    ]);
    return { ids: rows.rows.map((r) => r.id), total: num(count.rows[0]?.total ?? 0) };
  }

  /** The creator's fan events of the last `days` days (before its latest event day), newest first. */
  async fanEvents(id: number, days: number): Promise<FanEventRow[]> {
    const r = await this.q(sql<{
      day: string;
      kind: string;
      delta: string;
      fans: string;
      cause_video_id: string | null;
    }>`
      SELECT e.day, e.kind, e.delta, e.fans, e.cause_video_id
      FROM fan_events e
      WHERE e.creator_id = ${id}
        AND e.day > (SELECT coalesce(max(d.day), current_date) FROM creator_daily d WHERE d.creator_id = ${id}) - ${days}::int
      ORDER BY e.day DESC`);
    return r.rows.map((e) => ({
      day: e.day,
      kind: e.kind,
      delta: num(e.delta),
      fans: num(e.fans),
      causeVideoId: e.cause_video_id,
    }));
  }

  /**
   * Up to `limit` creators of the same second-level partition with fans within ×⅓…×3, nearest in
   * log-fans first; when both have derived portraits, the audience's male share counts too
   * (10 percentage points weigh like a factor 10^0.25 ≈ 1.8 in fans).
   *
   * The candidates are the rollup day's figures (creator_metrics: partition and fans, index 0029): the
   * SIMILAR_CANDIDATES nearest in fans on each side of the creator's own, so a large partition costs two short
   * index range scans instead of reading all its creators (≈ 21k at 1M); the final order is taken over them.
   * A creator counts from the first rollup after it was stored.
   *
   * The creator's partition and fans reach the two scans as scalar subqueries (init plans), not a join with `me`:
   * joined, the scans lost their index order (a nested loop keeps its outer side's), so each read its whole fans
   * band (1,000–20,000 rows) and sorted it before the LIMIT (≈ 3,400 buffers, 17 ms a call at 1M); with constants
   * each stops after SIMILAR_CANDIDATES rows (≈ 420 buffers). Same answer (similar-creators.test.ts).
   * `candidates`: SIMILAR_CANDIDATES, smaller only in that test.
   */
  async similarIds(id: number, limit: number, candidates = SIMILAR_CANDIDATES): Promise<string[]> {
    const r = await this.q(sql<{ id: string }>`
      WITH me AS MATERIALIZED (
        SELECT c.id, c.partition_tid, greatest(c.fans, 1) AS fans, m.audience_male_pct AS male
        FROM creators c LEFT JOIN creator_metrics m ON m.creator_id = c.id WHERE c.id = ${id}
      ),
      cand AS (
        (SELECT o.creator_id, o.fans, o.audience_male_pct FROM creator_metrics o
         WHERE o.partition_tid = (SELECT me.partition_tid FROM me) AND o.fans >= (SELECT me.fans FROM me)
           AND o.fans <= (SELECT me.fans * 3 FROM me) AND o.creator_id <> ${id}
         ORDER BY o.fans LIMIT ${candidates})
        UNION ALL
        (SELECT o.creator_id, o.fans, o.audience_male_pct FROM creator_metrics o
         WHERE o.partition_tid = (SELECT me.partition_tid FROM me) AND o.fans < (SELECT me.fans FROM me)
           AND o.fans >= (SELECT me.fans / 3 FROM me) AND o.creator_id <> ${id}
         ORDER BY o.fans DESC LIMIT ${candidates})
      )
      SELECT cand.creator_id AS id FROM cand, me
      ORDER BY abs(log(greatest(cand.fans, 1)::float8) - log(me.fans::float8))
               + coalesce(abs(cand.audience_male_pct - me.male)::float8 / 40.0, 0), cand.fans DESC, cand.creator_id
      LIMIT ${limit}`);
    return r.rows.map((x) => x.id);
  }
}
