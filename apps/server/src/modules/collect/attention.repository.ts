import { sql } from 'kysely';
import { ATTENTION_FIRST_DAYS } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { FanEventJson, NewVideoJson } from './attention-items.js';
import { KOL_ITEM_COLUMNS, KOL_ITEM_JOINS, type KolItemRow } from '../creators/kol-items.js';

export interface AttentionRow extends KolItemRow {
  seen_at: Date | null;
  since: Date;
  fans_since: string;
  new_video_num: string;
  new_videos: NewVideoJson[] | null;
  fan_events: FanEventJson[] | null;
  last_collected_at: Date | null;
}

/** SQL of upAttention: the team's monitored creators against the user's last look. */
export class AttentionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Per monitored creator: the fans change since the user's last look (without one: since the stored day
   * ATTENTION_FIRST_DAYS ago), the videos published since (count and the latest three), and the fan events
   * (docs/metrics.md) on or after that day. Creators with changes first.
   */
  async list(teamId: string, userId: string): Promise<AttentionRow[]> {
    const r = await sql<AttentionRow>`
      WITH mon AS (SELECT DISTINCT creator_id FROM saved_creators WHERE team_id = ${teamId} AND monitor),
      base AS (
        SELECT m.creator_id, a.seen_at, a.fans AS seen_fans,
               coalesce(a.seen_at, now() - make_interval(days => ${ATTENTION_FIRST_DAYS})) AS since
        FROM mon m LEFT JOIN attention_seen a ON a.user_id = ${userId} AND a.creator_id = m.creator_id
      )
      SELECT ${KOL_ITEM_COLUMNS}, b.seen_at, b.since,
        c.fans - coalesce(b.seen_fans,
          (SELECT d.fans FROM creator_daily d WHERE d.creator_id = c.id
             AND d.day <= (b.since AT TIME ZONE 'Asia/Shanghai')::date ORDER BY d.day DESC LIMIT 1),
          (SELECT d.fans FROM creator_daily d WHERE d.creator_id = c.id ORDER BY d.day LIMIT 1),
          c.fans) AS fans_since,
        (SELECT count(*) FROM videos v WHERE v.creator_id = c.id AND v.pubdate > b.since) AS new_video_num,
        (SELECT json_agg(x ORDER BY x.pubdate DESC) FROM (
           SELECT v.id, v.title, v.pubdate, v.play FROM videos v
           WHERE v.creator_id = c.id AND v.pubdate > b.since ORDER BY v.pubdate DESC LIMIT 3) x) AS new_videos,
        (SELECT json_agg(y ORDER BY y.day DESC) FROM (
           SELECT f.day, f.kind, f.delta FROM fan_events f
           WHERE f.creator_id = c.id AND f.day >= (b.since AT TIME ZONE 'Asia/Shanghai')::date
           ORDER BY f.day DESC LIMIT 3) y) AS fan_events,
        cs.last_collected_at
      FROM base b
      JOIN creators c ON c.id = b.creator_id
      ${KOL_ITEM_JOINS}
      LEFT JOIN creator_schedule cs ON cs.creator_id = c.id
      ORDER BY (SELECT count(*) FROM videos v WHERE v.creator_id = c.id AND v.pubdate > b.since) > 0 DESC,
               c.fans DESC, c.id`.execute(this.db);
    return r.rows;
  }

  /** The user has seen everything now: the baseline becomes the current fans and video count. */
  async markSeen(teamId: string, userId: string): Promise<void> {
    await sql`
      INSERT INTO attention_seen (user_id, team_id, creator_id, fans, video_count, seen_at)
      SELECT ${userId}, ${teamId}, c.id, c.fans, c.video_count, now()
      FROM creators c WHERE c.id IN (SELECT creator_id FROM saved_creators WHERE team_id = ${teamId} AND monitor)
      ON CONFLICT (user_id, creator_id) DO UPDATE SET fans = EXCLUDED.fans, video_count = EXCLUDED.video_count,
        seen_at = EXCLUDED.seen_at, team_id = EXCLUDED.team_id`.execute(this.db);
  }

  async lastSeen(userId: string, teamId: string): Promise<Date | null> {
    const r = await sql<{ at: Date | null }>`SELECT max(seen_at) AS at FROM attention_seen
      WHERE user_id = ${userId} AND team_id = ${teamId}`.execute(this.db);
    return r.rows[0]?.at ?? null;
  }
}
