import { sql } from 'kysely';
import type { Db } from '../../client.js';
import { OpinionIngestor } from '../../../modules/ingestion/opinion.js';
import { sexFromText } from '../../../providers/bilibili/parsers/common.js';
import type { CommentRecord } from '../../../providers/bilibili/records.js';
import { commentsByTime } from '../../../sim/world/comments.js';
import { SimWorld } from '../../../sim/world/world.js';
import { DAY_MS } from './days.js';

/**
 * The demo world's first comment sample (docs/metrics.md "The demo world"): what the collector's comment sampler
 * would have stored before the load day, so that the audience portraits and overlaps of the creators a visitor
 * looks at first — the largest — rest on their own commenters from the start instead of saying 样本不足. The comments
 * are the simulator's own (sim/world/comments.ts, same seed and day), so the collector continues the sample where it
 * left off (it stops at stored rpids). Larger creators get more videos sampled; the rest get theirs from the
 * collector (one video a day each, COLLECT_COMMENT_VIDEOS).
 */

/** Newest comments read per sampled video: two pages of 20, as the collector's sampler. */
export const SAMPLE_COMMENTS_PER_VIDEO = 40;
/** Only videos published in the portraits' window (the 90 days ending the history's last day) are sampled. */
const SAMPLE_WINDOW_DAYS = 90;

/** Videos sampled for a creator of `fans`: 0 below 200k fans, 1 from 200k, 2 from 1M, 3 from 5M. */
export function sampledVideos(fans: number): number {
  if (fans >= 5_000_000) return 3;
  if (fans >= 1_000_000) return 2;
  if (fans >= 200_000) return 1;
  return 0;
}

/**
 * Stores the first comment sample of the plan's creators with ids in [fromId, toId] (1-based, as loaded), as of the
 * start of the load day. Answers the comments written.
 */
export async function loadCommentSample(
  db: Db,
  options: { seed: number; scale: number; today: string; fromId: number; toId: number },
): Promise<number> {
  const world = new SimWorld({ seed: options.seed, scale: options.scale, speed: 1, today: options.today });
  const at = world.epochMs;
  const ingest = new OpinionIngestor(db);
  let written = 0;
  for (let index = options.fromId - 1; index < Math.min(options.toId, world.creatorCount); index++) {
    const n = sampledVideos(world.spec(index).fans);
    if (n === 0) continue;
    const latest = world
      .model(index)
      .videos.filter((v) => v.deletedAtMs > at && v.pubMs < at && v.pubMs >= at - SAMPLE_WINDOW_DAYS * DAY_MS)
      .sort((a, b) => b.pubMs - a.pubMs)
      .slice(0, n);
    if (latest.length === 0) continue;
    const ids = await sql<{ id: string; aid: string }>`
      SELECT id, aid FROM videos WHERE aid = ANY(${latest.map((v) => v.aid)}::bigint[])`.execute(db);
    const idOf = new Map(ids.rows.map((r) => [Number(r.aid), Number(r.id)]));
    for (const v of latest) {
      const videoId = idOf.get(v.aid);
      if (videoId === undefined) continue;
      const records: CommentRecord[] = commentsByTime(world, v, at, 0, SAMPLE_COMMENTS_PER_VIDEO).map((c) => ({
        rpid: c.rpid,
        oid: v.aid,
        type: 1,
        mid: c.member.mid,
        uname: c.member.uname,
        level: c.member.level,
        sex: sexFromText(c.member.sex),
        ipLocation: c.location,
        message: c.message,
        ctime: Math.floor(c.ctimeMs / 1000),
        like: c.like,
        root: 0,
        parent: 0,
        replyCount: 0,
      }));
      written += (await ingest.ingestComments(videoId, records)).inserted;
    }
  }
  return written;
}
