/**
 * Opinion samples: comments (upsert on rpid — only likes, the name and the IP location change later) and
 * danmaku (insert-only on the natural key (cid, mid_hash, ctime, progress_ms, md5(text))), plus the crawl
 * bookkeeping of each video (comment_crawls). Multi-row statements over `unnest(…)` arrays.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import type { CommentRecord, DanmakuRecord } from '../../providers/bilibili/records.js';

export const OPINION_BATCH_ROWS = 2000;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const toIso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export class OpinionIngestor {
  constructor(
    private readonly db: Db,
    private readonly batchRows = OPINION_BATCH_ROWS,
  ) {}

  /** The rpids among `rpids` that are already stored. */
  async seenRpids(rpids: readonly number[]): Promise<Set<number>> {
    if (rpids.length === 0) return new Set();
    const rows = await sql<{ rpid: string }>`
      SELECT rpid FROM comments WHERE rpid = ANY(${[...new Set(rpids)]}::bigint[])`.execute(this.db);
    return new Set(rows.rows.map((r) => Number(r.rpid)));
  }

  /** Sub-replies stored under each of the video's root comments `roots` (rpid → count; absent when none). */
  async storedReplyCounts(videoId: number, roots: readonly number[]): Promise<Map<number, number>> {
    if (roots.length === 0) return new Map();
    const rows = await sql<{ root: string; n: string }>`
      SELECT root, count(*) AS n FROM comments
       WHERE video_id = ${videoId} AND root = ANY(${[...new Set(roots)]}::bigint[]) GROUP BY root`.execute(this.db);
    return new Map(rows.rows.map((r) => [Number(r.root), Number(r.n)]));
  }

  /** Upserts the comments of one video. Answers rows inserted and rows whose values changed. */
  async ingestComments(
    videoId: number,
    records: readonly CommentRecord[],
  ): Promise<{ inserted: number; updated: number }> {
    const unique = [...new Map(records.map((r) => [r.rpid, r])).values()];
    const total = { inserted: 0, updated: 0 };
    for (const batch of chunks(unique, this.batchRows)) {
      const col = <T>(f: (r: CommentRecord) => T) => batch.map(f);
      const result = await sql<{ inserted: boolean }>`
        INSERT INTO comments (video_id, rpid, mid, uname, sex, ip_location, message, ctime, likes, root, parent, level)
        SELECT ${videoId}::bigint, i.* FROM unnest(
          ${col((r) => r.rpid)}::bigint[], ${col((r) => r.mid)}::bigint[], ${col((r) => r.uname)}::text[],
          ${col((r) => r.sex)}::smallint[], ${col((r) => r.ipLocation)}::text[], ${col((r) => r.message)}::text[],
          ${col((r) => toIso(r.ctime))}::timestamptz[], ${col((r) => Math.max(0, Math.min(2_147_483_647, r.like)))}::int[],
          ${col((r) => r.root)}::bigint[], ${col((r) => r.parent)}::bigint[], ${col((r) => r.level)}::smallint[]
        ) AS i(rpid, mid, uname, sex, ip_location, message, ctime, likes, root, parent, level)
        ON CONFLICT (rpid) DO UPDATE SET
          likes = EXCLUDED.likes, uname = EXCLUDED.uname,
          ip_location = coalesce(EXCLUDED.ip_location, comments.ip_location),
          level = coalesce(EXCLUDED.level, comments.level)
        WHERE (comments.likes, comments.uname, comments.ip_location, comments.level)
              IS DISTINCT FROM (EXCLUDED.likes, EXCLUDED.uname, coalesce(EXCLUDED.ip_location, comments.ip_location),
                                coalesce(EXCLUDED.level, comments.level))
        RETURNING (xmax = 0) AS inserted`.execute(this.db);
      for (const r of result.rows) {
        if (r.inserted) total.inserted += 1;
        else total.updated += 1;
      }
    }
    return total;
  }

  /** Inserts the danmaku of one page (cid) of a video; already stored ones are skipped. Answers rows inserted. */
  async ingestDanmaku(videoId: number, cid: number, records: readonly DanmakuRecord[]): Promise<number> {
    let inserted = 0;
    for (const batch of chunks(records, this.batchRows)) {
      const col = <T>(f: (r: DanmakuRecord) => T) => batch.map(f);
      const result = await sql`
        INSERT INTO danmaku (video_id, cid, progress_ms, ctime, mid_hash, text, dmid)
        SELECT ${videoId}::bigint, ${cid}::bigint, i.* FROM unnest(
          ${col((r) => Math.max(0, Math.round(r.progressMs)))}::int[], ${col((r) => toIso(r.ctime))}::timestamptz[],
          ${col((r) => r.midHash)}::text[], ${col((r) => r.text)}::text[], ${col((r) => r.dmid || null)}::text[]
        ) AS i(progress_ms, ctime, mid_hash, text, dmid)
        ON CONFLICT (cid, mid_hash, ctime, progress_ms, md5(text)) DO NOTHING`.execute(this.db);
      inserted += Number(result.numAffectedRows ?? 0n);
    }
    return inserted;
  }

  async markCommentsCrawled(videoId: number, at: Date, seen: number): Promise<void> {
    await this.markCrawled('comments', videoId, at, seen);
  }

  async markDanmakuCrawled(videoId: number, at: Date, seen: number): Promise<void> {
    await this.markCrawled('danmaku', videoId, at, seen);
  }

  /** When a video's comments or danmaku were last read and how many were seen (comment_crawls.<what>_at, _seen). */
  private async markCrawled(what: 'comments' | 'danmaku', videoId: number, at: Date, seen: number): Promise<void> {
    const atColumn = sql.ref(`${what}_at`);
    const seenColumn = sql.ref(`${what}_seen`);
    await sql`
      INSERT INTO comment_crawls (video_id, ${atColumn}, ${seenColumn})
      VALUES (${videoId}, ${at.toISOString()}::timestamptz, ${seen})
      ON CONFLICT (video_id) DO UPDATE
        SET ${atColumn} = EXCLUDED.${atColumn}, ${seenColumn} = EXCLUDED.${seenColumn}`.execute(this.db);
  }
}
