/**
 * Monitoring capacity on the pipeline health answer (docs/pipeline.md § Health, "Monitoring capacity"): how many
 * windows run, the samples a minute they need against those taken over the last 10 minutes, the requests a
 * minute they cost against the client's budget, how many more video windows the budget holds, and a warning
 * before it is exceeded. Monitoring may use MONITOR_BUDGET_SHARE of the budget (the rest is the daily
 * collection's); the warning starts at MONITOR_WARN_AT of that share.
 */
import { sql } from 'kysely';
import { LIVE_INTERVAL_S, MONITOR_TAIL_INTERVAL_S, MONITOR_VIDEO_INTERVAL_S } from '@xg/shared';
import type { Db } from '../../db/client.js';

export const MONITOR_BUDGET_SHARE = 0.5;
export const MONITOR_WARN_AT = 0.8;
const RECENT_MINUTES = 10;

export interface MonitorCapacity {
  /** video targets inside their window (a sample every 5 minutes) */
  videoWindows: number;
  /** video targets in their hourly tail */
  videoTails: number;
  /** live targets inside their window, and the distinct rooms they name */
  liveWindows: number;
  liveRooms: number;
  /** rooms with a minute sample in the last 2 minutes (live now) */
  liveRoomsOnAir: number;
  /** message streams open in this process */
  liveStreams: number | null;
  samplesPerMinute: {
    /** video: windows ÷ 5 + tails ÷ 60; live: rooms on air (one sample each a minute) */
    needed: number;
    /** video_samples and live_samples written with ts in the last 10 minutes, ÷ 10 */
    done: number;
  };
  requestsPerMinute: {
    /** video samples as above (one view each) + ⌈rooms ÷ LIVE_STATUS_BATCH⌉ + one per room without a known owner */
    needed: number;
    /** BILIBILI_RPS × 60 */
    budget: number;
    /** budget × MONITOR_BUDGET_SHARE */
    monitorShare: number;
  };
  /** more 5-minute video windows the monitoring share holds at today's load (≥ 0) */
  videoWindowsFree: number;
  /** needed ≥ MONITOR_WARN_AT × share: the Chinese warning for the operator; null when fine */
  warning: string | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export async function monitorCapacity(
  db: Db,
  now: Date,
  settings: { rps: number; liveStatusBatch: number },
  liveStreams: number | null,
): Promise<MonitorCapacity> {
  const at = now.toISOString();
  const recent = new Date(now.getTime() - RECENT_MINUTES * 60_000).toISOString();
  const onAirSince = new Date(now.getTime() - 2 * 60_000).toISOString();
  const r = await sql<{
    video_windows: string;
    video_tails: string;
    live_windows: string;
    live_rooms: string;
    live_owned: string;
    on_air: string;
    video_recent: string;
    live_recent: string;
  }>`
    WITH live AS (
      SELECT DISTINCT coalesce(t.room_id, c.live_room_id) AS room_id, (t.creator_id IS NOT NULL OR o.id IS NOT NULL) AS owned
      FROM monitor_targets t
      LEFT JOIN creators c ON c.id = t.creator_id
      LEFT JOIN LATERAL (SELECT id FROM creators WHERE live_room_id = t.room_id LIMIT 1) o ON true
      WHERE t.kind = 'live' AND t.window_start <= ${at}::timestamptz AND t.window_end >= ${at}::timestamptz
    )
    SELECT
      (SELECT count(*) FROM monitor_targets WHERE kind = 'video' AND window_start <= ${at}::timestamptz
         AND window_end >= ${at}::timestamptz) AS video_windows,
      (SELECT count(*) FROM monitor_targets WHERE kind = 'video' AND window_end < ${at}::timestamptz
         AND tail_until >= ${at}::timestamptz) AS video_tails,
      (SELECT count(*) FROM monitor_targets WHERE kind = 'live' AND window_start <= ${at}::timestamptz
         AND window_end >= ${at}::timestamptz) AS live_windows,
      (SELECT count(*) FROM live) AS live_rooms,
      (SELECT count(*) FROM live WHERE owned) AS live_owned,
      (SELECT count(DISTINCT s.room_id) FROM live_samples s JOIN live l ON l.room_id = s.room_id
         WHERE s.ts >= ${onAirSince}::timestamptz) AS on_air,
      (SELECT count(*) FROM video_samples WHERE ts >= ${recent}::timestamptz AND ts <= ${at}::timestamptz) AS video_recent,
      (SELECT count(*) FROM live_samples WHERE ts >= ${recent}::timestamptz AND ts <= ${at}::timestamptz) AS live_recent`.execute(
    db,
  );
  const x = r.rows[0];
  const n = (v: string | undefined) => Number(v ?? 0);
  const videoWindows = n(x?.video_windows);
  const videoTails = n(x?.video_tails);
  const liveRooms = n(x?.live_rooms);
  const liveOwned = n(x?.live_owned);
  const onAir = n(x?.on_air);
  const videoPerMinute = (videoWindows * 60) / MONITOR_VIDEO_INTERVAL_S + (videoTails * 60) / MONITOR_TAIL_INTERVAL_S;
  const liveRequests = liveRooms === 0 ? 0 : Math.ceil(liveOwned / settings.liveStatusBatch) + (liveRooms - liveOwned);
  const needed = videoPerMinute + (liveRequests * 60) / LIVE_INTERVAL_S;
  const budget = settings.rps * 60;
  const share = budget * MONITOR_BUDGET_SHARE;
  const free = Math.max(0, Math.floor(((share - needed) * MONITOR_VIDEO_INTERVAL_S) / 60));
  const warning =
    needed >= share
      ? `监测所需请求（每分钟${round1(needed)}次）已超出监测可用额度（每分钟${round1(share)}次），部分采样将缺失`
      : needed >= share * MONITOR_WARN_AT
        ? `监测所需请求已达监测可用额度的${Math.round((needed / share) * 100)}%，请控制新增监测或提高请求额度`
        : null;
  return {
    videoWindows,
    videoTails,
    liveWindows: n(x?.live_windows),
    liveRooms,
    liveRoomsOnAir: onAir,
    liveStreams,
    samplesPerMinute: {
      needed: round1(videoPerMinute + onAir),
      done: round1((n(x?.video_recent) + n(x?.live_recent)) / RECENT_MINUTES),
    },
    requestsPerMinute: { needed: round1(needed), budget, monitorShare: round1(share) },
    videoWindowsFree: free,
    warning,
  };
}
