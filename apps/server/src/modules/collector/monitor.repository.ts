/**
 * SQL of monitoring: the targets the monitoring feature inserts (monitor_targets), their due sample slots,
 * and the videos / rooms they point at. A target's slots are window_start + k × interval, inside
 * [window_start, window_end]; the sample row of a slot is keyed by that slot instant, so re-running a slot
 * rewrites the same row.
 */
import { sql } from 'kysely';
import { MONITOR_TAIL_INTERVAL_S, MONITOR_VIDEO_INTERVAL_S } from '@xg/shared';
import type { Db } from '../../db/client.js';

const iso = (d: Date) => d.toISOString();
const num = (v: string | number | bigint) => Number(v);
const numOrNull = (v: string | number | bigint | null) => (v === null ? null : Number(v));

export const VIDEO_INTERVAL_S = MONITOR_VIDEO_INTERVAL_S;
export const LIVE_INTERVAL_S = 60;
/** after a window, until tail_until: one sample an hour (MONITOR_TAIL_INTERVAL_S in packages/shared) */
export const TAIL_INTERVAL_S = MONITOR_TAIL_INTERVAL_S;

export interface DueVideoSample {
  targetId: number;
  videoId: number;
  ts: Date;
}

export interface LiveTarget {
  targetId: number;
  roomId: number | null;
  creatorId: number | null;
  /** the creator's mid (via creator_id, else via the room), null when no tracked creator owns the room */
  mid: number | null;
  windowStart: Date;
  windowEnd: Date;
  intervalSeconds: number;
}

export interface VideoRef {
  id: number;
  aid: number;
  status: number;
  creatorId: number;
}

export class MonitorRepository {
  constructor(private readonly db: Db) {}

  /**
   * The current slot of every video target whose window covers `now`, when that slot has no sample yet and
   * the video is not deleted. Inside [window_start, window_end] the slots are window_start + k × interval;
   * after the window, until tail_until, they are window_end + k hours (MONITOR_TAIL_INTERVAL_S).
   */
  async dueVideoSamples(now: Date, limit = 5000): Promise<DueVideoSample[]> {
    const r = await sql<{ target_id: string; video_id: string; slot: Date }>`
      SELECT s.target_id, s.video_id, s.slot FROM (
        SELECT t.id AS target_id, t.video_id,
               CASE WHEN t.window_end >= ${iso(now)}::timestamptz
                 THEN date_trunc('milliseconds', t.window_start + make_interval(
                   secs => i.iv * floor(extract(epoch FROM ${iso(now)}::timestamptz - t.window_start) / i.iv)))
                 ELSE date_trunc('milliseconds', t.window_end + make_interval(
                   secs => ${TAIL_INTERVAL_S}::float8
                     * floor(extract(epoch FROM ${iso(now)}::timestamptz - t.window_end) / ${TAIL_INTERVAL_S}::float8)))
               END AS slot
        FROM monitor_targets t
        CROSS JOIN LATERAL (SELECT coalesce(t.interval_seconds, ${VIDEO_INTERVAL_S})::float8 AS iv) i
        JOIN videos v ON v.id = t.video_id AND v.status <> -1
        WHERE t.kind = 'video' AND t.window_start <= ${iso(now)}::timestamptz
          AND greatest(t.window_end, coalesce(t.tail_until, t.window_end)) >= ${iso(now)}::timestamptz
      ) s
      WHERE NOT EXISTS (SELECT 1 FROM video_samples x WHERE x.video_id = s.video_id AND x.ts = s.slot)
      ORDER BY s.slot, s.target_id LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({ targetId: num(x.target_id), videoId: num(x.video_id), ts: new Date(x.slot) }));
  }

  async target(id: number): Promise<{
    id: number;
    kind: string;
    videoId: number | null;
    windowStart: Date;
    windowEnd: Date;
    /** the last instant a sample may be taken: tail_until, else window_end */
    lastSlot: Date;
  } | null> {
    const r = await sql<{
      id: string;
      kind: string;
      video_id: string | null;
      window_start: Date;
      window_end: Date;
      last_slot: Date;
    }>`
      SELECT id, kind, video_id, window_start, window_end, greatest(window_end, coalesce(tail_until, window_end)) AS last_slot
      FROM monitor_targets WHERE id = ${id}`.execute(this.db);
    const row = r.rows[0];
    return row
      ? {
          id: num(row.id),
          kind: row.kind,
          videoId: numOrNull(row.video_id),
          windowStart: new Date(row.window_start),
          windowEnd: new Date(row.window_end),
          lastSlot: new Date(row.last_slot),
        }
      : null;
  }

  async video(id: number): Promise<VideoRef | null> {
    const r = await sql<{ id: string; aid: string; status: number; creator_id: string }>`
      SELECT id, aid, status, creator_id FROM videos WHERE id = ${id}`.execute(this.db);
    const row = r.rows[0];
    return row ? { id: num(row.id), aid: num(row.aid), status: row.status, creatorId: num(row.creator_id) } : null;
  }

  /** Whether any live target's window covers `at` (the scheduler's cheap check before enqueueing). */
  async anyLiveTarget(at: Date): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM monitor_targets WHERE kind = 'live'
        AND window_start <= ${iso(at)}::timestamptz AND window_end >= ${iso(at)}::timestamptz) AS ok`.execute(this.db);
    return r.rows[0]?.ok === true;
  }

  /** Live targets whose window covers `at`, with the owning creator resolved where known. */
  async liveTargets(at: Date): Promise<LiveTarget[]> {
    const r = await sql<{
      id: string;
      room_id: string | null;
      creator_id: string | null;
      mid: string | null;
      window_start: Date;
      window_end: Date;
      interval_seconds: number | null;
    }>`
      SELECT t.id, coalesce(t.room_id, c.live_room_id) AS room_id, coalesce(t.creator_id, c.id) AS creator_id,
             c.mid, t.window_start, t.window_end, t.interval_seconds
      FROM monitor_targets t
      LEFT JOIN LATERAL (
        SELECT id, mid, live_room_id FROM creators
        WHERE (t.creator_id IS NOT NULL AND id = t.creator_id) OR (t.creator_id IS NULL AND live_room_id = t.room_id)
        ORDER BY id LIMIT 1
      ) c ON true
      WHERE t.kind = 'live' AND t.window_start <= ${iso(at)}::timestamptz AND t.window_end >= ${iso(at)}::timestamptz
      ORDER BY t.id`.execute(this.db);
    return r.rows.map((x) => ({
      targetId: num(x.id),
      roomId: numOrNull(x.room_id),
      creatorId: numOrNull(x.creator_id),
      mid: numOrNull(x.mid),
      windowStart: new Date(x.window_start),
      windowEnd: new Date(x.window_end),
      intervalSeconds: x.interval_seconds ?? LIVE_INTERVAL_S,
    }));
  }
}
