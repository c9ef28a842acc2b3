import { sql, type RawBuilder } from 'kysely';
import { SHORT_VIDEO_MAX_SECONDS, VIDEO_SEARCH_MAX_ROWS, type VideoSearchSort, type VideoShape } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { num } from '../creators/kol-items.js';
import { VIDEO_ITEM_COLUMNS, type VideoItemRow } from '../videos/video-items.js';
import { titleCondition } from '../videos/videos.repository.js';

/** The filters of a video search, resolved (partitions expanded to their leaves). */
export interface VideoFilter {
  keyword: string | null;
  tids: number[] | null;
  durationMin: number | null;
  durationMax: number | null;
  playMin: number | null;
  playMax: number | null;
  likeMin: number | null;
  likeMax: number | null;
  /** Asia/Shanghai days, both included */
  pubFrom: string | null;
  pubTo: string | null;
  short: boolean;
  shape: VideoShape | null;
  /**
   * The commerce verdict (migration 0061 video_sponsorships; docs/metrics.md "Commerce detection"): true, videos
   * judged sponsored; false, videos read and judged not sponsored (a video not read yet has no verdict and is in
   * neither); null, no filter.
   */
  sponsored: boolean | null;
}

/**
 * The short-video condition, written as migration 0059's partial index predicate (videos_short_pubdate_idx) so
 * the planner can use that index: the literal 60 must stay a literal (a parameter would not match it).
 */
const SHORT_CONDITION = sql`(v.duration <= ${sql.lit(SHORT_VIDEO_MAX_SECONDS)} OR v.vertical)`;

function whereOf(f: VideoFilter): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`v.status = 0`];
  if (f.short) c.push(SHORT_CONDITION);
  if (f.shape === 'vertical') c.push(sql`v.vertical`);
  if (f.shape === 'horizontal') c.push(sql`v.vertical IS FALSE`);
  if (f.keyword !== null) c.push(titleCondition(f.keyword));
  if (f.tids) c.push(sql`v.tid = ANY(${f.tids}::int[])`);
  if (f.durationMin !== null) c.push(sql`v.duration >= ${f.durationMin}`);
  if (f.durationMax !== null) c.push(sql`v.duration <= ${f.durationMax}`);
  if (f.playMin !== null) c.push(sql`v.play >= ${f.playMin}`);
  if (f.playMax !== null) c.push(sql`v.play <= ${f.playMax}`);
  if (f.likeMin !== null) c.push(sql`v.likes >= ${f.likeMin}`);
  if (f.likeMax !== null) c.push(sql`v.likes <= ${f.likeMax}`);
  if (f.pubFrom !== null) c.push(sql`v.pubdate >= (${f.pubFrom}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`);
  if (f.pubTo !== null) c.push(sql`v.pubdate < ((${f.pubTo}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`);
  if (f.sponsored !== null)
    c.push(sql`EXISTS (SELECT 1 FROM video_sponsorships s WHERE s.video_id = v.id AND s.sponsored = ${f.sponsored})`);
  return sql.join(c, sql` AND `);
}

/**
 * Orders, each with the id as the tie-break. Newest first walks videos_visible_pubdate_idx (or the short one,
 * 0059; a partition's videos_tid_pubdate_idx); plays and likes are not indexed on purpose (0012: the snapshots'
 * counter updates stay HOT), so those orders rank the matches (a top-N sort).
 */
const ORDERS: Readonly<Record<VideoSearchSort, RawBuilder<unknown>>> = {
  time: sql`v.pubdate DESC, v.id DESC`,
  play: sql`v.play DESC, v.id DESC`,
  like: sql`v.likes DESC, v.id DESC`,
};

export type VideoSearchRow = VideoItemRow & { vertical: boolean | null };

/** SQL of the video libraries (docs/api/video-library.md). */
export class VideoLibraryRepository {
  constructor(private readonly db: Db) {}

  /** The ids of rows offset … offset+limit of the order (offset + limit within VIDEO_SEARCH_MAX_ROWS). */
  async pageIds(f: VideoFilter, sort: VideoSearchSort, page: { limit: number; offset: number }): Promise<string[]> {
    const limit = Math.max(0, Math.min(page.limit, VIDEO_SEARCH_MAX_ROWS - page.offset));
    if (limit === 0) return [];
    const r = await sql<{ id: string }>`SELECT v.id FROM videos v WHERE ${whereOf(f)} ORDER BY ${ORDERS[sort]}
      LIMIT ${limit} OFFSET ${page.offset}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /** Matches counted up to VIDEO_SEARCH_MAX_ROWS + 1 (the extra one tells "more"). */
  async countCapped(f: VideoFilter): Promise<number> {
    const r = await sql<{ total: string }>`SELECT count(*) AS total FROM (SELECT 1 FROM videos v WHERE ${whereOf(f)}
      LIMIT ${VIDEO_SEARCH_MAX_ROWS + 1}) s`.execute(this.db);
    return num(r.rows[0]?.total ?? 0);
  }

  /** The list rows of `ids`, in that order, with the vertical mark. */
  async rows(ids: readonly string[]): Promise<VideoSearchRow[]> {
    if (ids.length === 0) return [];
    const r = await sql<VideoSearchRow>`
      SELECT ${VIDEO_ITEM_COLUMNS}, v.vertical
      FROM unnest(${[...ids]}::bigint[]) WITH ORDINALITY AS i(id, ord)
      JOIN videos v ON v.id = i.id
      JOIN creators c ON c.id = v.creator_id
      LEFT JOIN partitions p ON p.tid = v.tid
      ORDER BY i.ord`.execute(this.db);
    return r.rows;
  }
}
