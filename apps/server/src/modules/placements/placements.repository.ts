/**
 * SQL of placements (placement_records, migration 0040) and of the team's video monitors (monitor_targets with
 * a team_id). Every read and write names the team: another team's id answers nothing.
 */
import { sql } from 'kysely';
import type { MonitorPoint, WorkRef } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { VideoCounterText } from '../../db/schema.js';

const num = (v: string | number | bigint) => Number(v);
const numOrNull = (v: string | number | bigint | null) => (v === null ? null : Number(v));

export interface WorkRow {
  videoId: number;
  aid: number;
  bvid: string | null;
  title: string;
  cover: string;
  pubdate: Date;
  status: number;
  creatorId: number;
  kolName: string;
  kolImg: string;
  play: number;
}

export interface RecordRow {
  id: number;
  teamId: number;
  groupId: number | null;
  groupName: string | null;
  addType: 1 | 2;
  workType: 1 | 2;
  videoUrl: string | null;
  aid: number | null;
  bvid: string | null;
  videoId: number | null;
  creatorId: number | null;
  kolName: string | null;
  kolImg: string | null;
  promotionCost: string;
  monitorDuration: number;
  sTime: Date | null;
  eTime: Date | null;
  targetId: number | null;
  title: string | null;
  cover: string | null;
  pubdate: Date | null;
  play: number | null;
  createdAt: Date;
}

export interface NewRecord {
  teamId: string;
  groupId: number | null;
  addType: 1 | 2;
  workType: 1 | 2;
  videoUrl: string | null;
  ref: WorkRef | null;
  videoId: number | null;
  creatorId: number | null;
  promotionCost: string;
  monitorDuration: number;
  sTime: Date | null;
  eTime: Date | null;
  createdBy: string;
}

export interface MonitorRow {
  id: number;
  videoId: number;
  windowStart: Date;
  windowEnd: Date;
  tailUntil: Date | null;
  source: string;
  createdAt: Date;
  title: string;
  cover: string;
  bvid: string | null;
  status: number;
  pubdate: Date;
  creatorId: number;
  kolName: string;
  kolImg: string;
  play: number;
  samples: number;
}

interface WorkDbRow {
  id: string;
  aid: string;
  bvid: string | null;
  title: string;
  cover: string;
  pubdate: Date;
  status: number;
  creator_id: string;
  name: string;
  face: string;
  play: string;
}
const toWork = (r: WorkDbRow): WorkRow => ({
  videoId: num(r.id),
  aid: num(r.aid),
  bvid: r.bvid,
  title: r.title,
  cover: r.cover,
  pubdate: new Date(r.pubdate),
  status: r.status,
  creatorId: num(r.creator_id),
  kolName: r.name,
  kolImg: r.face,
  play: num(r.play),
});

interface RecordDbRow {
  id: string;
  team_id: string;
  group_id: string | null;
  group_name: string | null;
  add_type: number;
  work_type: number;
  video_url: string | null;
  aid: string | null;
  bvid: string | null;
  video_id: string | null;
  creator_id: string | null;
  kol_name: string | null;
  kol_img: string | null;
  promotion_cost: string;
  monitor_duration: number;
  s_time: Date | null;
  e_time: Date | null;
  target_id: string | null;
  title: string | null;
  cover: string | null;
  pubdate: Date | null;
  play: string | null;
  created_at: Date;
}
const toRecord = (r: RecordDbRow): RecordRow => ({
  id: num(r.id),
  teamId: num(r.team_id),
  groupId: numOrNull(r.group_id),
  groupName: r.group_name,
  addType: r.add_type === 2 ? 2 : 1,
  workType: r.work_type === 2 ? 2 : 1,
  videoUrl: r.video_url,
  aid: numOrNull(r.aid),
  bvid: r.bvid,
  videoId: numOrNull(r.video_id),
  creatorId: numOrNull(r.creator_id),
  kolName: r.kol_name,
  kolImg: r.kol_img,
  promotionCost: r.promotion_cost,
  monitorDuration: r.monitor_duration,
  sTime: r.s_time && new Date(r.s_time),
  eTime: r.e_time && new Date(r.e_time),
  targetId: numOrNull(r.target_id),
  title: r.title,
  cover: r.cover,
  pubdate: r.pubdate && new Date(r.pubdate),
  play: numOrNull(r.play),
  createdAt: new Date(r.created_at),
});

const RECORD_SELECT = sql`
  SELECT p.id, p.team_id, p.group_id, g.name AS group_name, p.add_type, p.work_type, p.video_url, p.aid, p.bvid,
         p.video_id, p.creator_id, c.name AS kol_name, c.face AS kol_img, p.promotion_cost::text AS promotion_cost,
         p.monitor_duration, p.s_time, p.e_time, p.target_id, v.title, v.cover, v.pubdate, v.play, p.created_at
  FROM placement_records p
  LEFT JOIN custom_groups g ON g.id = p.group_id
  LEFT JOIN videos v ON v.id = p.video_id
  LEFT JOIN creators c ON c.id = p.creator_id`;

export class PlacementsRepository {
  constructor(readonly db: Db) {}

  async workByRef(ref: WorkRef): Promise<WorkRow | null> {
    const r = await sql<WorkDbRow>`
      SELECT v.id, v.aid, v.bvid, v.title, v.cover, v.pubdate, v.status, v.creator_id, c.name, c.face, v.play
      FROM videos v JOIN creators c ON c.id = v.creator_id
      WHERE ${ref.bvid !== null ? sql`v.bvid = ${ref.bvid}` : sql`v.aid = ${ref.aid ?? 0}`}
      LIMIT 1`.execute(this.db);
    return r.rows[0] ? toWork(r.rows[0]) : null;
  }

  async workById(videoId: number): Promise<WorkRow | null> {
    const r = await sql<WorkDbRow>`
      SELECT v.id, v.aid, v.bvid, v.title, v.cover, v.pubdate, v.status, v.creator_id, c.name, c.face, v.play
      FROM videos v JOIN creators c ON c.id = v.creator_id WHERE v.id = ${videoId}`.execute(this.db);
    return r.rows[0] ? toWork(r.rows[0]) : null;
  }

  /** Whether the team already has a placement of this work (by video, or by the link's id while collecting). */
  async teamHasWork(teamId: string, videoId: number | null, ref: WorkRef): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM placement_records WHERE team_id = ${teamId} AND (
        ${videoId !== null ? sql`video_id = ${videoId}` : sql`false`}
        OR ${ref.bvid !== null ? sql`bvid = ${ref.bvid}` : sql`false`}
        OR ${ref.aid !== null ? sql`aid = ${ref.aid}` : sql`false`})) AS ok`.execute(this.db);
    return r.rows[0]?.ok === true;
  }

  /** The team's custom group (type 4) of that id, not the default group. */
  async groupOfTeam(teamId: string, groupId: number): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM custom_groups WHERE id = ${groupId} AND team_id = ${teamId} AND type = 4
        AND name <> 'default_group') AS ok`.execute(this.db);
    return r.rows[0]?.ok === true;
  }

  async creator(id: number): Promise<{ id: number; name: string } | null> {
    const r = await sql<{ id: string; name: string }>`SELECT id, name FROM creators WHERE id = ${id}`.execute(this.db);
    return r.rows[0] ? { id: num(r.rows[0].id), name: r.rows[0].name } : null;
  }

  async insert(rec: NewRecord): Promise<string> {
    const r = await sql<{ id: string }>`
      INSERT INTO placement_records (team_id, group_id, add_type, work_type, video_url, aid, bvid, video_id, creator_id,
        promotion_cost, monitor_duration, s_time, e_time, created_by)
      VALUES (${rec.teamId}, ${rec.groupId}, ${rec.addType}, ${rec.workType}, ${rec.videoUrl},
        ${rec.ref?.aid ?? null}, ${rec.ref?.bvid ?? null}, ${rec.videoId}, ${rec.creatorId}, ${rec.promotionCost}::numeric,
        ${rec.monitorDuration}, ${rec.sTime?.toISOString() ?? null}::timestamptz,
        ${rec.eTime?.toISOString() ?? null}::timestamptz, ${rec.createdBy})
      RETURNING id`.execute(this.db);
    return r.rows[0]!.id;
  }

  async list(
    teamId: string,
    groupId: number | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: RecordRow[]; total: number }> {
    const r = await sql<RecordDbRow>`
      ${RECORD_SELECT}
      WHERE p.team_id = ${teamId} ${groupId !== null ? sql`AND p.group_id = ${groupId}` : sql``}
      ORDER BY p.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    const total = await sql<{ n: string }>`
      SELECT count(*) AS n FROM placement_records
      WHERE team_id = ${teamId} ${groupId !== null ? sql`AND group_id = ${groupId}` : sql``}`.execute(this.db);
    return { rows: r.rows.map(toRecord), total: num(total.rows[0]?.n ?? 0) };
  }

  async get(teamId: string, id: number): Promise<RecordRow | null> {
    const r = await sql<RecordDbRow>`${RECORD_SELECT} WHERE p.id = ${id} AND p.team_id = ${teamId}`.execute(this.db);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  async update(
    teamId: string,
    id: number,
    f: { promotionCost: string; monitorDuration: number; sTime: Date | null; eTime: Date | null },
  ): Promise<void> {
    await sql`
      UPDATE placement_records SET promotion_cost = ${f.promotionCost}::numeric, monitor_duration = ${f.monitorDuration},
        s_time = ${f.sTime?.toISOString() ?? null}::timestamptz, e_time = ${f.eTime?.toISOString() ?? null}::timestamptz,
        updated_at = now()
      WHERE id = ${id} AND team_id = ${teamId}`.execute(this.db);
  }

  /** Moves a target's window (samples already taken stay: they are keyed by the video and the instant). */
  async moveTarget(targetId: number, start: Date, end: Date, tailUntil: Date): Promise<void> {
    await sql`
      UPDATE monitor_targets SET window_start = ${start.toISOString()}::timestamptz,
        window_end = ${end.toISOString()}::timestamptz, tail_until = ${tailUntil.toISOString()}::timestamptz
      WHERE id = ${targetId}`.execute(this.db);
  }

  async deleteTarget(teamId: string, targetId: number): Promise<void> {
    await sql`DELETE FROM monitor_targets WHERE id = ${targetId} AND team_id = ${teamId}`.execute(this.db);
  }

  async deleteRecord(teamId: string, id: number): Promise<RecordRow | null> {
    const row = await this.get(teamId, id);
    if (!row) return null;
    await this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM placement_records WHERE id = ${id} AND team_id = ${teamId}`.execute(trx);
      if (row.targetId !== null) {
        await sql`DELETE FROM monitor_targets WHERE id = ${row.targetId} AND team_id = ${teamId}`.execute(trx);
      }
    });
    return row;
  }

  /** addType 2: the creator's first work published at or after `since`, not already placed by the team. */
  async candidate(teamId: string, creatorId: number, since: Date): Promise<WorkRow | null> {
    const r = await sql<WorkDbRow>`
      SELECT v.id, v.aid, v.bvid, v.title, v.cover, v.pubdate, v.status, v.creator_id, c.name, c.face, v.play
      FROM videos v JOIN creators c ON c.id = v.creator_id
      WHERE v.creator_id = ${creatorId} AND v.pubdate >= ${since.toISOString()}::timestamptz AND v.status <> -1
        AND NOT EXISTS (SELECT 1 FROM placement_records p WHERE p.team_id = ${teamId} AND p.video_id = v.id)
      ORDER BY v.pubdate, v.id LIMIT 1`.execute(this.db);
    return r.rows[0] ? toWork(r.rows[0]) : null;
  }

  async setWork(teamId: string, id: number, work: WorkRow): Promise<void> {
    await sql`
      UPDATE placement_records SET video_id = ${work.videoId}, aid = ${work.aid}, bvid = ${work.bvid}, updated_at = now()
      WHERE id = ${id} AND team_id = ${teamId}`.execute(this.db);
  }

  /** The samples of a video between two instants, oldest first (one row per sample; no filling). */
  async samples(videoId: number, from: Date, to: Date): Promise<MonitorPoint[]> {
    const r = await sql<{ ts: Date } & VideoCounterText>`
      SELECT ts, play, likes, coin, favorite, share, reply, danmaku FROM video_samples
      WHERE video_id = ${videoId} AND ts >= ${from.toISOString()}::timestamptz AND ts <= ${to.toISOString()}::timestamptz
      ORDER BY ts`.execute(this.db);
    return r.rows.map((x) => ({
      ts: new Date(x.ts).toISOString(),
      playNum: num(x.play),
      praiseNum: num(x.likes),
      castCurrencyNum: num(x.coin),
      collectNum: num(x.favorite),
      shareNum: num(x.share),
      commentNum: num(x.reply),
      barrageNum: num(x.danmaku),
    }));
  }

  /**
   * Plays of the creator's usual videos at the same age (docs/metrics.md § Placement report): the creator's
   * latest `limit` other videos published in the 180 days before `before`, each with its video_daily plays on
   * the day `ageDays` after its publication day (Asia/Shanghai), where that day was stored.
   */
  async usualPlaysAtAge(
    creatorId: number,
    excludeVideoId: number,
    before: Date,
    ageDays: number,
    limit = 10,
  ): Promise<number[]> {
    const r = await sql<{ play: string }>`
      SELECT d.play FROM (
        SELECT id, pubdate FROM videos
        WHERE creator_id = ${creatorId} AND id <> ${excludeVideoId} AND status <> -1
          AND pubdate < ${before.toISOString()}::timestamptz
          AND pubdate >= ${before.toISOString()}::timestamptz - interval '180 days'
        ORDER BY pubdate DESC LIMIT ${limit}
      ) v
      JOIN video_daily d ON d.video_id = v.id
        AND d.day = (v.pubdate AT TIME ZONE 'Asia/Shanghai')::date + ${ageDays}::int`.execute(this.db);
    return r.rows.map((x) => num(x.play));
  }

  // ---- the team's video monitors (user/addMonitor) ------------------------------------------------------

  async insertMonitor(
    teamId: string,
    videoId: number,
    start: Date,
    end: Date,
    tailUntil: Date,
    userId: string,
  ): Promise<number> {
    const r = await sql<{ id: string }>`
      INSERT INTO monitor_targets (kind, video_id, window_start, window_end, tail_until, team_id, source, created_by)
      VALUES ('video', ${videoId}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
        ${tailUntil.toISOString()}::timestamptz, ${teamId}, 'monitor', ${userId})
      RETURNING id`.execute(this.db);
    return num(r.rows[0]!.id);
  }

  /** The team's video monitors whose window has not ended at `now` (the limit counts these). */
  async activeMonitors(teamId: string, now: Date): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM monitor_targets
      WHERE team_id = ${teamId} AND kind = 'video' AND window_end >= ${now.toISOString()}::timestamptz`.execute(
      this.db,
    );
    return num(r.rows[0]?.n ?? 0);
  }

  async monitors(
    teamId: string,
    limit: number,
    offset: number,
    id: number | null = null,
  ): Promise<{ rows: MonitorRow[]; total: number }> {
    const r = await sql<{
      id: string;
      video_id: string;
      window_start: Date;
      window_end: Date;
      tail_until: Date | null;
      source: string;
      created_at: Date;
      title: string;
      cover: string;
      bvid: string | null;
      status: number;
      pubdate: Date;
      creator_id: string;
      name: string;
      face: string;
      play: string;
      samples: string;
    }>`
      SELECT t.id, t.video_id, t.window_start, t.window_end, t.tail_until, t.source, t.created_at,
             v.title, v.cover, v.bvid, v.status, v.pubdate, v.creator_id, c.name, c.face, v.play,
             (SELECT count(*) FROM video_samples s WHERE s.video_id = t.video_id
                AND s.ts >= t.window_start AND s.ts <= t.window_end) AS samples
      FROM monitor_targets t JOIN videos v ON v.id = t.video_id JOIN creators c ON c.id = v.creator_id
      WHERE t.team_id = ${teamId} AND t.kind = 'video' ${id !== null ? sql`AND t.id = ${id}` : sql``}
      ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    const total = await sql<{ n: string }>`
      SELECT count(*) AS n FROM monitor_targets WHERE team_id = ${teamId} AND kind = 'video'`.execute(this.db);
    return {
      rows: r.rows.map((x) => ({
        id: num(x.id),
        videoId: num(x.video_id),
        windowStart: new Date(x.window_start),
        windowEnd: new Date(x.window_end),
        tailUntil: x.tail_until && new Date(x.tail_until),
        source: x.source,
        createdAt: new Date(x.created_at),
        title: x.title,
        cover: x.cover,
        bvid: x.bvid,
        status: x.status,
        pubdate: new Date(x.pubdate),
        creatorId: num(x.creator_id),
        kolName: x.name,
        kolImg: x.face,
        play: num(x.play),
        samples: num(x.samples),
      })),
      total: num(total.rows[0]?.n ?? 0),
    };
  }
}
