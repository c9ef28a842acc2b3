import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { num } from '../creators/kol-items.js';

export interface PlatformTotalsRow {
  kolNum: number;
  liveNum: number;
  approveNum: number;
  mcnNum: number;
  totalFansNum: number;
  totalPlayNum: number;
  videoNum: number;
  dataDate: string | null;
}

export interface PartitionTotalsRow {
  tid: number;
  name: string;
  kolNum: number;
  videoNum: number;
  fansNum: number;
  playNum: number;
}

/** One day's summed increments of one top-level partition (tid 0 = creators without a partition). */
export interface DailyGainRow {
  day: string;
  tid: number;
  fansInc: number;
  playsInc: number;
  videoInc: number;
}

export interface RecentChangeRow {
  creatorId: string;
  day: string;
  delta: number;
  causeVideoId: string | null;
}

/** Platform-wide figures for the dashboards; every heavy query is cached by the service. */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async totals(): Promise<PlatformTotalsRow> {
    const r = await sql<{
      kols: string;
      live: string;
      approve: string;
      mcn: string;
      fans: string | null;
      plays: string | null;
      videos: string;
      day: string | null;
    }>`
      SELECT count(*) AS kols, count(*) FILTER (WHERE is_live = 1) AS live,
             count(*) FILTER (WHERE official_type > 0) AS approve, count(DISTINCT mcn_id) AS mcn,
             sum(fans) AS fans, sum(plays) AS plays,
             (SELECT count(*) FROM videos WHERE status = 0) AS videos,
             (SELECT max(day) FROM creator_metrics) AS day
      FROM creators`.execute(this.db);
    const x = r.rows[0];
    return {
      kolNum: num(x?.kols ?? 0),
      liveNum: num(x?.live ?? 0),
      approveNum: num(x?.approve ?? 0),
      mcnNum: num(x?.mcn ?? 0),
      totalFansNum: num(x?.fans ?? 0),
      totalPlayNum: num(x?.plays ?? 0),
      videoNum: num(x?.videos ?? 0),
      dataDate: x?.day ?? null,
    };
  }

  /** Per top-level partition: creators, visible videos, fans and plays. */
  async partitionTotals(): Promise<PartitionTotalsRow[]> {
    const r = await sql<{ tid: number; name: string; kols: string; fans: string; plays: string; videos: string }>`
      WITH top AS (
        SELECT p.tid AS child, coalesce(p.parent_id, p.tid) AS top FROM partitions p
      ), k AS (
        SELECT t.top, count(*) AS kols, sum(c.fans) AS fans, sum(c.plays) AS plays
        FROM creators c JOIN top t ON t.child = c.partition_tid GROUP BY t.top
      ), v AS (
        SELECT t.top, count(*) AS videos FROM videos x JOIN top t ON t.child = x.tid WHERE x.status = 0 GROUP BY t.top
      )
      SELECT p.tid, p.name, coalesce(k.kols, 0) AS kols, coalesce(k.fans, 0) AS fans, coalesce(k.plays, 0) AS plays,
             coalesce(v.videos, 0) AS videos
      FROM partitions p LEFT JOIN k ON k.top = p.tid LEFT JOIN v ON v.top = p.tid
      WHERE p.parent_id IS NULL
      ORDER BY p.sort, p.tid`.execute(this.db);
    return r.rows.map((x) => ({
      tid: x.tid,
      name: x.name,
      kolNum: num(x.kols),
      videoNum: num(x.videos),
      fansNum: num(x.fans),
      playNum: num(x.plays),
    }));
  }

  /**
   * The summed daily increments of the last `days` stored days, per top-level partition. Increments are
   * each creator's day minus its previous stored day (`creator_increments`, 0007), so a creator added
   * mid-window or a collector gap never counts as growth. The window ends at the newest stored day, but never
   * later than yesterday (Asia/Shanghai): today's rows are partial until the day is over, and a line that
   * ends in them would drop towards 0.
   */
  async dailyGains(days: number): Promise<DailyGainRow[]> {
    const r = await sql<{ day: string; tid: number; fans: string; plays: string; videos: string }>`
      WITH last AS (
        -- creator_daily has no index on day alone: the newest day of the 1,000 largest creators (collected
        -- at least daily) stands for the newest stored day
        SELECT least(max(d.day), (now() AT TIME ZONE 'Asia/Shanghai')::date - 1) AS day
        FROM (SELECT id FROM creators ORDER BY fans DESC, id LIMIT 1000) t
        CROSS JOIN LATERAL (SELECT day FROM creator_daily WHERE creator_id = t.id ORDER BY day DESC LIMIT 1) d
      ),
      inc AS (
        SELECT i.day, i.creator_id, i.fans_inc, i.plays_inc, i.video_count_inc
        FROM last, creator_increments((last.day - ${days - 1}::int), last.day) i
        WHERE i.fans_inc IS NOT NULL
      )
      SELECT inc.day, coalesce(p.parent_id, p.tid, 0) AS tid, sum(inc.fans_inc) AS fans,
             sum(inc.plays_inc) AS plays, sum(inc.video_count_inc) AS videos
      FROM inc JOIN creators c ON c.id = inc.creator_id LEFT JOIN partitions p ON p.tid = c.partition_tid
      GROUP BY inc.day, 2
      ORDER BY inc.day, 2`.execute(this.db);
    return r.rows.map((x) => ({
      day: x.day,
      tid: x.tid,
      fansInc: num(x.fans),
      playsInc: num(x.plays),
      videoInc: num(x.videos),
    }));
  }

  /** The latest fan event of each of the `top` creators by fans, newest first. */
  async recentChanges(top: number, limit: number): Promise<RecentChangeRow[]> {
    const r = await sql<{ creator_id: string; day: string; delta: string; cause_video_id: string | null }>`
      SELECT e.creator_id, e.day, e.delta, e.cause_video_id
      FROM (SELECT id FROM creators ORDER BY fans DESC, id LIMIT ${top}) t
      JOIN LATERAL (SELECT * FROM fan_events f WHERE f.creator_id = t.id ORDER BY f.day DESC LIMIT 1) e ON true
      ORDER BY e.day DESC, abs(e.delta) DESC, e.creator_id
      LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({
      creatorId: x.creator_id,
      day: x.day,
      delta: num(x.delta),
      causeVideoId: x.cause_video_id,
    }));
  }

  /** The account's monitor targets whose window has not ended. */
  async activeMonitors(userId: string): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM monitor_targets WHERE created_by = ${userId}::bigint AND window_end > now()`.execute(
      this.db,
    );
    return num(r.rows[0]?.n ?? 0);
  }
}
