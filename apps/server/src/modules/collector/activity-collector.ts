/**
 * Activities and materials of collected videos (docs/data-sources.md "Activities and background music"): after a
 * creator's snapshot, the view/detail of its newest videos not read yet (mission id, background-music tags),
 * then the page of each activity id not read yet (`x/activity/subject/info`). Bounded per snapshot so a
 * creator with a long backlog spreads its reads over its next snapshots; a platform refusal leaves the rest
 * for the next snapshot instead of failing the snapshot.
 */
import { sql } from 'kysely';
import { errorMessage, shanghaiDay } from '../../jobs/clock.js';
import { BilibiliError } from '../../providers/bilibili/index.js';
import type { VideoRecord } from '../../providers/bilibili/records.js';
import type { VideoDetailRow } from '../ingestion/index.js';
import { callOptions, requireClient, type CollectorDeps, type WorkContext } from './deps.js';

/** view/detail reads per creator snapshot (newest unread videos first). */
export const DETAILS_PER_SNAPSHOT = 5;
/** activity pages read per creator snapshot. */
export const ACTIVITY_PAGES_PER_SNAPSHOT = 3;

export interface ActivityCollectResult {
  details: number;
  pages: number;
  deferred: boolean;
}

export class ActivityCollector {
  constructor(private readonly deps: CollectorDeps) {}

  async afterSnapshot(creatorId: number, ctx: WorkContext, now: Date): Promise<ActivityCollectResult> {
    const client = requireClient(this.deps);
    const opts = callOptions(ctx, 'low');
    const out: ActivityCollectResult = { details: 0, pages: 0, deferred: false };
    const rows: VideoDetailRow[] = [];
    try {
      const videos = await sql<{ id: string; aid: string }>`
        SELECT v.id, v.aid FROM videos v
        WHERE v.creator_id = ${creatorId} AND v.status = 0
          AND NOT EXISTS (SELECT 1 FROM video_detail_reads r WHERE r.video_id = v.id)
        ORDER BY v.pubdate DESC LIMIT ${DETAILS_PER_SNAPSHOT}`.execute(this.deps.db);
      const full: VideoRecord[] = [];
      for (const v of videos.rows) {
        const detail = await client.videoViewDetail({ aid: Number(v.aid) }, opts);
        // A video that is gone has no details: marked read with nothing (its status follows from the list).
        rows.push(
          detail.found
            ? {
                videoId: Number(v.id),
                missionId: detail.value.video.missionId,
                bgms: detail.value.bgms,
                tags: detail.value.tags,
              }
            : { videoId: Number(v.id), missionId: null, bgms: [], tags: [] },
        );
        // The details carry every counter; a creator's video list has plays and comments only, so a video first
        // seen there gets its likes, coins, favourites and shares here (issue #13 item 5).
        if (detail.found) full.push(detail.value.video);
      }
      if (full.length > 0) await this.deps.ingestion.records.ingestVideos(full, shanghaiDay(now.getTime()));
      await this.ingest(rows, now, out);

      const todo = await sql<{ id: string }>`
        SELECT a.id FROM activities a
        WHERE a.info_at IS NULL
          AND EXISTS (SELECT 1 FROM videos v WHERE v.mission_id = a.id AND v.creator_id = ${creatorId})
        ORDER BY a.first_seen, a.id LIMIT ${ACTIVITY_PAGES_PER_SNAPSHOT}`.execute(this.deps.db);
      for (const a of todo.rows) {
        const page = await client.activityInfo(Number(a.id), opts);
        if (page.found) await this.deps.ingestion.activities.ingestActivity(page.value, now);
        else await this.deps.ingestion.activities.markActivityMissing(Number(a.id), now);
        out.pages += 1;
      }
    } catch (e) {
      if (ctx.signal.aborted || !(e instanceof BilibiliError)) throw e;
      // keep what was read before the refusal; the rest waits for the next snapshot
      if (out.details === 0) await this.ingest(rows, now, out);
      this.deps.log.warn(`[collector] activity details of creator ${creatorId} deferred: ${errorMessage(e)}`);
      out.deferred = true;
    }
    return out;
  }

  private async ingest(rows: VideoDetailRow[], now: Date, out: ActivityCollectResult): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.ingestion.activities.ingestVideoDetails(rows, now);
    out.details = rows.length;
  }
}
