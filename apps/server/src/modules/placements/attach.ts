/**
 * Placement records whose work was not in the database when they were added (flag 2, 作品正在收录中) get it
 * as soon as the collector has stored the video: this links them by bvid / aid and opens their monitor
 * window (a window already under way keeps its start; the slots before the work arrived are gaps).
 * One statement per step, idempotent; the collector calls it after fetching a work and on every scheduler tick.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export interface CollectingWork {
  bvid: string | null;
  aid: number | null;
}

/** Links collected works to their waiting placements and opens the targets; answers how many were linked. */
export async function attachCollectedWorks(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const linked = await sql<{ id: string }>`
      UPDATE placement_records p SET video_id = v.id, creator_id = v.creator_id, aid = v.aid, bvid = v.bvid,
             updated_at = now()
      FROM videos v
      WHERE p.add_type = 1 AND p.video_id IS NULL
        AND ((p.bvid IS NOT NULL AND v.bvid = p.bvid) OR (p.aid IS NOT NULL AND v.aid = p.aid))
        AND NOT EXISTS (SELECT 1 FROM placement_records o WHERE o.team_id = p.team_id AND o.video_id = v.id)
      RETURNING p.id`.execute(trx);
    if (linked.rows.length === 0) return 0;
    await openPlacementTargets(
      trx,
      linked.rows.map((r) => r.id),
    );
    return linked.rows.length;
  });
}

/**
 * The monitor target of each given placement that has a work, a window and no target yet (kind video,
 * source placement, the team's, hourly tail of MONITOR_TAIL_HOURS after the window).
 */
export async function openPlacementTargets(db: Db, recordIds: readonly string[], tailHours = 168): Promise<void> {
  for (const id of recordIds) {
    await sql`
      WITH made AS (
        INSERT INTO monitor_targets (kind, video_id, window_start, window_end, tail_until, team_id, source, created_by)
        SELECT 'video', p.video_id, p.s_time, p.e_time, p.e_time + make_interval(hours => ${tailHours}::int),
               p.team_id, 'placement', p.created_by
        FROM placement_records p
        WHERE p.id = ${id} AND p.video_id IS NOT NULL AND p.target_id IS NULL
          AND p.s_time IS NOT NULL AND p.e_time IS NOT NULL AND p.monitor_duration > 0
        RETURNING id
      )
      UPDATE placement_records p SET target_id = made.id FROM made WHERE p.id = ${id}`.execute(db);
  }
}

/** Works waiting for the collector (bvid or aid), oldest first. */
export async function collectingWorks(db: Db, limit = 100): Promise<CollectingWork[]> {
  const r = await sql<{ bvid: string | null; aid: string | null }>`
    SELECT DISTINCT ON (coalesce(bvid, aid::text)) bvid, aid FROM placement_records
    WHERE add_type = 1 AND video_id IS NULL
    ORDER BY coalesce(bvid, aid::text), id LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => ({ bvid: x.bvid, aid: x.aid === null ? null : Number(x.aid) }));
}
