import { sql } from 'kysely';
import { MONITOR_CARD_DAYS, MONITOR_CARD_TOLERANCE } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { FanEventJson, NewVideoJson } from '../collect/attention-items.js';
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

/** One monitored creator of a team with its recent changes (the dashboard card; gap rules of docs/metrics.md). */
export interface MonitorChangeRow {
  id: string;
  name: string;
  mid: string;
  face: string;
  fans: string;
  latest_day: string | null;
  prev_day: string | null;
  day_change: string | null;
  week_base_day: string | null;
  week_change: string | null;
  new_video_num: string;
  new_videos: NewVideoJson[] | null;
  fan_events: FanEventJson[] | null;
  last_collected_at: Date | null;
}

/** A team's saved-list sizes for the dashboard. */
export interface TeamListCounts {
  collectKols: number;
  putKols: number;
  collectVideos: number;
  monitors: number;
}

/**
 * Platform-wide figures for the dashboards; every heavy query is cached by the service. The platform figures
 * (totals, partition totals, daily gains, recent changes) read `platformDb` — the replica-routed readDb in the
 * app (db/read-replica.ts); the team's own counts and monitors read `db`, the primary.
 */
export class DashboardRepository {
  private readonly platformDb: Db;

  constructor(
    private readonly db: Db,
    platformDb?: Db,
  ) {
    this.platformDb = platformDb ?? db;
  }

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
      FROM creators`.execute(this.platformDb);
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
      ORDER BY p.sort, p.tid`.execute(this.platformDb);
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
      ORDER BY inc.day, 2`.execute(this.platformDb);
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
      LIMIT ${limit}`.execute(this.platformDb);
    return r.rows.map((x) => ({
      creatorId: x.creator_id,
      day: x.day,
      delta: num(x.delta),
      causeVideoId: x.cause_video_id,
    }));
  }

  /** The account's monitor targets whose window has not ended. */
  /** The team's monitor windows not ended yet (placements and video monitors, migration 0040's team_id). */
  async activeMonitors(teamId: string): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM monitor_targets WHERE team_id = ${teamId}::bigint AND window_end > now()`.execute(
      this.db,
    );
    return num(r.rows[0]?.n ?? 0);
  }

  /**
   * The team's monitored creators (saved_creators.monitor) with: the latest stored day and the one before it,
   * the change since that previous snapshot (only when it is the day before: the daily-increment rule), the
   * 7-day change (start on latest − 7, or latest − 6 when that day is missing, else NULL), videos published
   * in the last 7 days and fan events dated in the window. Creators with new videos or events first, then by
   * the size of the 7-day change.
   */
  async monitorChanges(teamId: string, limit: number): Promise<MonitorChangeRow[]> {
    const r = await sql<MonitorChangeRow>`
      WITH mon AS (SELECT DISTINCT creator_id FROM saved_creators WHERE team_id = ${teamId} AND monitor),
      x AS (
        SELECT c.id, c.name, c.mid, c.face, c.fans, l.day AS latest_day, l.fans AS latest_fans,
               pv.day AS prev_day, pv.fans AS prev_fans, wb.day AS week_base_day, wb.fans AS week_fans,
               cs.last_collected_at
        FROM mon m
        JOIN creators c ON c.id = m.creator_id
        LEFT JOIN LATERAL (SELECT d.day, d.fans FROM creator_daily d WHERE d.creator_id = c.id
                           ORDER BY d.day DESC LIMIT 1) l ON true
        LEFT JOIN LATERAL (SELECT d.day, d.fans FROM creator_daily d WHERE d.creator_id = c.id AND d.day < l.day
                           ORDER BY d.day DESC LIMIT 1) pv ON true
        LEFT JOIN LATERAL (SELECT d.day, d.fans FROM creator_daily d WHERE d.creator_id = c.id
                             AND d.day BETWEEN l.day - ${MONITOR_CARD_DAYS}::int
                                           AND l.day - ${MONITOR_CARD_DAYS - MONITOR_CARD_TOLERANCE}::int
                           ORDER BY d.day LIMIT 1) wb ON true
        LEFT JOIN creator_schedule cs ON cs.creator_id = c.id
      ),
      y AS (
        SELECT x.*,
          CASE WHEN x.prev_day = x.latest_day - 1 THEN x.latest_fans - x.prev_fans END AS day_change,
          x.latest_fans - x.week_fans AS week_change,
          (SELECT count(*) FROM videos v WHERE v.creator_id = x.id
             AND v.pubdate > now() - make_interval(days => ${MONITOR_CARD_DAYS})) AS new_video_num,
          (SELECT json_agg(z ORDER BY z.pubdate DESC) FROM (
             SELECT v.id, v.title, v.pubdate, v.play FROM videos v
             WHERE v.creator_id = x.id AND v.pubdate > now() - make_interval(days => ${MONITOR_CARD_DAYS})
             ORDER BY v.pubdate DESC LIMIT 3) z) AS new_videos,
          (SELECT json_agg(e ORDER BY e.day DESC) FROM (
             SELECT f.day, f.kind, f.delta FROM fan_events f
             WHERE f.creator_id = x.id AND f.day > x.latest_day - ${MONITOR_CARD_DAYS}::int
             ORDER BY f.day DESC LIMIT 3) e) AS fan_events
        FROM x
      )
      SELECT y.id, y.name, y.mid, y.face, y.fans, y.latest_day::text AS latest_day, y.prev_day::text AS prev_day,
             y.day_change, y.week_base_day::text AS week_base_day, y.week_change, y.new_video_num, y.new_videos,
             y.fan_events, y.last_collected_at
      FROM y
      ORDER BY (y.new_video_num > 0 OR y.fan_events IS NOT NULL) DESC, abs(y.week_change) DESC NULLS LAST,
               y.fans DESC, y.id
      LIMIT ${limit}`.execute(this.db);
    return r.rows;
  }

  /** The team's saved creators per list, saved videos (collect) and monitored creators. */
  async teamListCounts(teamId: string): Promise<TeamListCounts> {
    const r = await sql<{ collect: string; put: string; videos: string; monitors: string }>`
      SELECT count(*) FILTER (WHERE type = 1) AS collect, count(*) FILTER (WHERE type = 4) AS put,
             (SELECT count(*) FROM saved_videos WHERE team_id = ${teamId} AND type = 1) AS videos,
             count(DISTINCT creator_id) FILTER (WHERE monitor) AS monitors
      FROM saved_creators WHERE team_id = ${teamId}`.execute(this.db);
    const x = r.rows[0];
    return {
      collectKols: num(x?.collect ?? 0),
      putKols: num(x?.put ?? 0),
      collectVideos: num(x?.videos ?? 0),
      monitors: num(x?.monitors ?? 0),
    };
  }
}
