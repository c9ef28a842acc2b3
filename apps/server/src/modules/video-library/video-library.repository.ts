import { sql, type RawBuilder } from 'kysely';
import { SHORT_VIDEO_MAX_SECONDS, VIDEO_SEARCH_MAX_ROWS, type VideoSearchSort, type VideoShape } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { vacuumRewritten } from '../../db/maintenance.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { preparedRows } from '../creators/prepared.js';
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

/**
 * The slice of video_titles that video_titles_grams_slice_idx indexes (migration 0082), written as its predicate
 * (a literal 8) so the planner matches that partial index.
 */
const TITLE_SLICE = sql`t.video_id % ${sql.lit(8)} = 0`;

/** The filter that filters nothing (every visible video of 视频搜索): the base tests and benches spread over. */
export const NO_VIDEO_FILTER: Readonly<VideoFilter> = {
  keyword: null,
  tids: null,
  durationMin: null,
  durationMax: null,
  playMin: null,
  playMax: null,
  likeMin: null,
  likeMax: null,
  pubFrom: null,
  pubTo: null,
  short: false,
  shape: null,
  sponsored: null,
};

/** The conditions of `f` on the head of `sort` (video_head); `visible`: the hidden ids left out (a probe a row). */
function headWhere(sort: Exclude<VideoSearchSort, 'time'>, f: VideoFilter, visible: boolean): RawBuilder<unknown> {
  if (!headAnswers(f)) throw new Error('video_head answers a keyword, the library and partitions only');
  const c: RawBuilder<unknown>[] = [sql`h.sort = ${sort}`];
  if (f.keyword !== null) c.push(titleCondition(f.keyword, 'h'));
  if (f.short) c.push(sql`h.short`);
  if (f.tids) c.push(sql`h.tid = ANY(${f.tids}::int[])`);
  if (visible) c.push(sql`NOT EXISTS (${HIDDEN_PROBE('h.video_id')})`);
  return sql.join(c, sql` AND `);
}

/**
 * How many matches past VIDEO_SEARCH_MAX_ROWS + 1 the head's first read takes, so that videos hidden since the
 * refresh (which left out those hidden then) can be dropped and the first VIDEO_SEARCH_MAX_ROWS + 1 still be known.
 */
const HEAD_HIDDEN_MARGIN = 50;

/**
 * Whether the video `id` is hidden now, as a probe of the partial index of hidden ids (videos_hidden_idx, migration
 * 0076) per kept row. `OFFSET 0` keeps it a per-row probe: without it PostgreSQL may hash the whole index instead
 * (every hidden video: 60,000 ids at 5M videos, 23 ms for a 1,000-row kept order where the probes take 2 ms;
 * docs/performance.md, session 16).
 */
const HIDDEN_PROBE = (id: string) => sql`SELECT 1 FROM videos x WHERE x.id = ${sql.ref(id)} AND x.status <> 0 OFFSET 0`;

function sameFilter(a: VideoFilter, b: VideoFilter): boolean {
  return (Object.keys(b) as (keyof VideoFilter)[]).every((k) => a[k] === b[k]);
}

/** True when `f`'s pages and count read video_titles (no plays, likes or verdict filter; see titlesWhere). */
export function titlesAnswer(f: VideoFilter): boolean {
  return titlesWhere(f) !== null;
}

/** True when video_head alone answers `f`: a keyword, with the library and partitions at most. */
export function headAnswers(f: VideoFilter): boolean {
  return f.keyword !== null && sameFilter({ ...f, keyword: null, short: false, tids: null }, NO_VIDEO_FILTER);
}

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
 * The conditions of `f` on video_titles (migration 0078: every visible video's title, partition, duration, shape
 * and publish time, in publish order, kept by triggers), or null when `f` filters on something that table does not
 * hold (plays, likes, the sponsored verdict).
 */
function titlesWhere(f: VideoFilter): RawBuilder<unknown> | null {
  const counters = [f.playMin, f.playMax, f.likeMin, f.likeMax];
  if (counters.some((x) => x !== null) || f.sponsored !== null) return null;
  const c: RawBuilder<unknown>[] = [sql`true`];
  if (f.keyword !== null) c.push(titleCondition(f.keyword, 't'));
  if (f.short) c.push(sql`(t.duration <= ${sql.lit(SHORT_VIDEO_MAX_SECONDS)} OR t.vertical)`);
  if (f.shape === 'vertical') c.push(sql`t.vertical`);
  if (f.shape === 'horizontal') c.push(sql`t.vertical IS FALSE`);
  if (f.tids) c.push(sql`t.tid = ANY(${f.tids}::int[])`);
  if (f.durationMin !== null) c.push(sql`t.duration >= ${f.durationMin}`);
  if (f.durationMax !== null) c.push(sql`t.duration <= ${f.durationMax}`);
  if (f.pubFrom !== null) c.push(sql`t.pubdate >= (${f.pubFrom}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`);
  if (f.pubTo !== null) c.push(sql`t.pubdate < ((${f.pubTo}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`);
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

/** A play / like order kept in video_top (migration 0074): 全部 (tid 0) or a partition, of either library. */
export interface VideoTopKey {
  sort: Exclude<VideoSearchSort, 'time'>;
  /** 0 = 全部; otherwise the partition as the search names it (a top-level one covers its children) */
  tid: number;
  short: boolean;
}

/**
 * The key of video_top that answers this search, or null when the table cannot (a keyword, a range, a publish
 * time, a shape or the sponsored filter: those orders rank their matches in SQL).
 */
export function videoTopKey(f: VideoFilter, sort: VideoSearchSort, tid: number | null): VideoTopKey | null {
  const scope = videoTopScope(f, sort, tid);
  if (scope === null || f.keyword !== null || f.shape !== null || f.sponsored !== null) return null;
  const ranges = [f.durationMin, f.durationMax, f.playMin, f.playMax, f.likeMin, f.likeMax, f.pubFrom, f.pubTo];
  if (ranges.some((x) => x !== null)) return null;
  return scope;
}

/** The key of video_top whose order contains this search's matches (its other filters aside); null for `time`. */
export function videoTopScope(f: VideoFilter, sort: VideoSearchSort, tid: number | null): VideoTopKey | null {
  return sort === 'time' ? null : { sort, tid: tid ?? 0, short: f.short };
}

/**
 * How many rows of each play / like order video_head keeps (migration 0077): a keyword found in at least 1 of
 * VIDEO_HEAD_ROWS / 20 videos fills its first page from the head (docs/performance.md "Keyword search from the kept
 * head"); rarer ones have few matches, which SQL ranks cheaply.
 */
export const VIDEO_HEAD_ROWS = 200_000;

/** How many of the newest titles a newest-first keyword page walks before it asks the whole table (see newestTitles). */
const NEWEST_WALK_MIN = 20_000;
const NEWEST_WALK_MAX = 200_000;

/** The head's matches of a search: the exact first rows of its order as of the refresh (up to 1,000) */
export interface HeadMatches {
  ids: string[];
  /** the head holds more than VIDEO_SEARCH_MAX_ROWS matches: the capped total is known without counting */
  more: boolean;
}

/** SQL of the video libraries (docs/api/video-library.md). */
export class VideoLibraryRepository {
  private readonly headRows: number;
  private readonly newestWalk: readonly [number, number];
  private readonly pool: PreparedPool | null;

  /**
   * `headRows`: the rows of each order video_head keeps; `newestWalk`: the least and most newest titles a keyword
   * page walks first (a test sets both below its world's size); `pool`: the pool of `db`, for the list rows as a
   * prepared statement (one plan for every page).
   */
  constructor(
    private readonly db: Db,
    opts: { headRows?: number; newestWalk?: readonly [number, number]; pool?: PreparedPool | null } = {},
  ) {
    this.headRows = opts.headRows ?? VIDEO_HEAD_ROWS;
    this.newestWalk = opts.newestWalk ?? [NEWEST_WALK_MIN, NEWEST_WALK_MAX];
    this.pool = opts.pool ?? null;
  }

  /**
   * The ids of rows offset … offset+limit of the order (offset + limit within VIDEO_SEARCH_MAX_ROWS). `page.few`:
   * the caller knows the search has at most VIDEO_SEARCH_MAX_ROWS matches (its capped count), so a newest-first
   * keyword page ranks them at once instead of walking the newest titles first (which a keyword that rare seldom
   * fills: the walk would read its 20,000–200,000 titles for nothing).
   */
  async pageIds(
    f: VideoFilter,
    sort: VideoSearchSort,
    page: { limit: number; offset: number; few?: boolean },
  ): Promise<string[]> {
    const limit = Math.max(0, Math.min(page.limit, VIDEO_SEARCH_MAX_ROWS - page.offset));
    if (limit === 0) return [];
    // newest first with filters video_titles holds: that table (compact, in publish order), not `videos`, whose
    // rows a filtered walk would read one by one (newest first unfiltered walks videos' partial index)
    const titles = sort === 'time' && !sameFilter(f, NO_VIDEO_FILTER) ? titlesWhere(f) : null;
    if (sort === 'time' && f.tids !== null && f.keyword === null)
      return this.newestOfPartitions(f, f.tids, limit, page.offset);
    if (titles) return this.newestTitles(titles, limit, page.offset, page.few === true);
    const r = await sql<{ id: string }>`SELECT v.id FROM videos v WHERE ${whereOf(f)} ORDER BY ${ORDERS[sort]}
      LIMIT ${limit} OFFSET ${page.offset}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /**
   * A newest-first page of partitions `tids` without a keyword: each leaf's newest matches up to the end of the page,
   * merged, so each walk stops at offset + limit matches however small the partition (one walk of every partition's
   * newest rows reads far past a small partition's page: 0.3–1 s at 5M videos, docs/performance.md, session 16).
   * With the filters video_titles holds, from video_titles_tid_pubdate_idx (migration 0079; an index-only
   * walk: duration and shape are in the index); with plays, likes or the verdict, from `videos` by
   * videos_tid_pubdate_idx (a heap row per candidate: the counters are not indexed, migration 0012).
   */
  private async newestOfPartitions(
    f: VideoFilter,
    tids: readonly number[],
    limit: number,
    offset: number,
  ): Promise<string[]> {
    const leaves = sql`unnest(${[...new Set(tids)]}::int[]) AS u(tid)`;
    const titles = titlesWhere({ ...f, tids: null });
    const walk = titles
      ? sql`SELECT t.video_id AS id, t.pubdate FROM video_titles t WHERE t.tid = u.tid AND ${titles}
          ORDER BY t.pubdate DESC, t.video_id DESC`
      : sql`SELECT v.id, v.pubdate FROM videos v WHERE v.tid = u.tid AND ${whereOf({ ...f, tids: null })}
          ORDER BY v.pubdate DESC, v.id DESC`;
    const r = await sql<{ id: string }>`SELECT x.id FROM ${leaves}
      CROSS JOIN LATERAL (${walk} LIMIT ${offset + limit}) x
      ORDER BY x.pubdate DESC, x.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /**
   * A newest-first keyword page from video_titles. First the newest rows only, in index order (a common keyword
   * fills its page within them): a full page there is the exact page of the whole order. Otherwise the whole table,
   * where the planner finds a rare keyword's few matches by the title index. Both ways are needed because the
   * planner cannot tell them apart for 3+ characters (its estimate multiplies the bigrams' frequencies as if
   * independent): a bitmap over 38,000 matches of a common one took 0.8 s, a walk for a rare one reads the table.
   */
  private async newestTitles(
    titles: RawBuilder<unknown>,
    limit: number,
    offset: number,
    few: boolean,
  ): Promise<string[]> {
    if (!few) {
      const [least, most] = this.newestWalk;
      const newest = Math.min(most, Math.max(least, (offset + limit) * 100));
      const walked = await sql<{ id: string }>`SELECT t.video_id AS id FROM (
          SELECT * FROM video_titles ORDER BY pubdate DESC, video_id DESC LIMIT ${newest}) t
        WHERE ${titles} ORDER BY t.pubdate DESC, t.video_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
      if (walked.rows.length === limit) return walked.rows.map((x) => x.id);
    }
    const r = await sql<{ id: string }>`SELECT t.video_id AS id FROM video_titles t WHERE ${titles}
      ORDER BY t.pubdate DESC, t.video_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /**
   * Matches counted up to VIDEO_SEARCH_MAX_ROWS + 1 (the extra one tells "more"): in video_titles unless plays,
   * likes or the verdict are filtered (a partition's count reads video_titles_tid_pubdate_idx alone, the short
   * library's video_titles_short_idx; a keyword's, a slice of the titles first).
   */
  async countCapped(f: VideoFilter): Promise<number> {
    const titles = titlesWhere(f);
    const cap = VIDEO_SEARCH_MAX_ROWS + 1;
    const capped = (matches: RawBuilder<unknown>) => sql`SELECT count(*) AS total FROM (${matches} LIMIT ${cap}) s`;
    if (titles && f.keyword !== null) {
      // a keyword: first in a slice of the titles (migration 0082), whose bitmap of matches is an eighth of the
      // whole table's; more than VIDEO_SEARCH_MAX_ROWS there prove as many in the whole. The whole table's count
      // (a subquery in the other branch) runs only when the slice has not proved it. (The kept head, video_head,
      // answered this before: a probe of the hidden videos per match made it dearer than the slice, 5.0 against
      // 3.3 ms for a keyword in 1 % of 5M titles, and it proves less: a 25th of the videos against an eighth.)
      const slice = sql`SELECT 1 FROM video_titles t WHERE ${titles} AND ${TITLE_SLICE}`;
      const whole = sql`SELECT 1 FROM video_titles t WHERE ${titles}`;
      const r = await sql<{ total: string }>`SELECT CASE WHEN (${capped(slice)}) >= ${cap} THEN ${cap}
        ELSE (${capped(whole)}) END AS total`.execute(this.db);
      return num(r.rows[0]?.total ?? 0);
    }
    const matches = titles
      ? sql`SELECT 1 FROM video_titles t WHERE ${titles}`
      : sql`SELECT 1 FROM videos v WHERE ${whereOf(f)}`;
    const r = await sql<{ total: string }>`${capped(matches)}`.execute(this.db);
    return num(r.rows[0]?.total ?? 0);
  }

  /**
   * The kept order of `key` (video_top, migration 0074): its ids still visible, best first (at most
   * VIDEO_SEARCH_MAX_ROWS), and how many the refresh kept (fewer than VIDEO_SEARCH_MAX_ROWS: the scope's whole
   * content then). Null when the table holds no row for the key (never refreshed, or a partition that had no
   * visible video at the last refresh): the caller ranks in SQL.
   */
  async topOrder(key: VideoTopKey): Promise<{ ids: string[]; kept: number } | null> {
    // hidden since the refresh: an anti-join on the small partial index of hidden ids (migration 0076); videos are
    // never deleted, only hidden, so every other kept id is a visible video
    const r = await sql<{ id: string; hidden: boolean }>`
      SELECT t.video_id AS id,
             EXISTS (${HIDDEN_PROBE('t.video_id')}) AS hidden
      FROM video_top t
      WHERE t.sort = ${key.sort} AND t.tid = ${key.tid} AND t.short = ${key.short}
      ORDER BY t.rank`.execute(this.db);
    if (r.rows.length === 0) return null;
    return { ids: r.rows.flatMap((x) => (x.hidden ? [] : [x.id])), kept: r.rows.length };
  }

  /**
   * The rows of the kept order of `scope` that match `f` now, best first: the exact first rows of `f`'s own order
   * (every video ranked above the kept ones is kept), all of it when the scope kept its whole content (fewer than
   * VIDEO_SEARCH_MAX_ROWS rows). Null when the table holds no row for the scope.
   */
  async topFiltered(scope: VideoTopKey, f: VideoFilter): Promise<{ ids: string[]; whole: boolean } | null> {
    const k = await sql<{ kept: string }>`SELECT count(*) AS kept FROM video_top
      WHERE sort = ${scope.sort} AND tid = ${scope.tid} AND short = ${scope.short}`.execute(this.db);
    const kept = Number(k.rows[0]?.kept ?? 0);
    if (kept === 0) return null;
    const r = await sql<{ id: string }>`
      SELECT v.id FROM video_top t JOIN videos v ON v.id = t.video_id
      WHERE t.sort = ${scope.sort} AND t.tid = ${scope.tid} AND t.short = ${scope.short} AND ${whereOf(f)}
      ORDER BY t.rank`.execute(this.db);
    return { ids: r.rows.map((x) => x.id), whole: kept < VIDEO_SEARCH_MAX_ROWS };
  }

  /**
   * The matches of `f` among the kept head of `sort` (video_head, migration 0077), in order: the exact first rows of
   * the whole order as of the refresh (every video ranked above the head's last row is in the head). Only for a
   * filter headAnswers accepts: the keyword, the library and the partitions are read from the head itself, the
   * hidden ids by a probe of the first matches only (HEAD_HIDDEN_MARGIN past the cap; every match when more of them
   * were hidden since the refresh), so no row of `videos` is read. Null when the head is empty.
   */
  async headMatches(sort: Exclude<VideoSearchSort, 'time'>, f: VideoFilter): Promise<HeadMatches | null> {
    const want = VIDEO_SEARCH_MAX_ROWS + 1;
    // the first matches in order with a margin, then the hidden probe on those alone: a common keyword has
    // thousands of matches in the head, and a probe each cost three quarters of the read (8.2 against 2.8 ms for
    // a keyword in 1 % of the titles, docs/performance.md session 19)
    const first = await sql<{ id: string; hidden: boolean }>`
      SELECT s.id, EXISTS (${HIDDEN_PROBE('s.id')}) AS hidden FROM (
        SELECT h.video_id AS id, h.pos FROM video_head h WHERE ${headWhere(sort, f, false)}
        ORDER BY h.pos LIMIT ${want + HEAD_HIDDEN_MARGIN}) s
      ORDER BY s.pos`.execute(this.db);
    let ids = first.rows.flatMap((x) => (x.hidden ? [] : [x.id]));
    if (ids.length < want && first.rows.length === want + HEAD_HIDDEN_MARGIN) {
      // more of the first rows were hidden since the refresh than the margin: every match, probed
      const r = await sql<{ id: string }>`SELECT h.video_id AS id FROM video_head h WHERE ${headWhere(sort, f, true)}
        ORDER BY h.pos LIMIT ${want}`.execute(this.db);
      ids = r.rows.map((x) => x.id);
    }
    if (ids.length === 0 && !(await this.headReady())) return null;
    ids = ids.slice(0, want);
    const more = ids.length > VIDEO_SEARCH_MAX_ROWS;
    return { ids: more ? ids.slice(0, VIDEO_SEARCH_MAX_ROWS) : ids, more };
  }

  private async headReady(): Promise<boolean> {
    const r = await sql`SELECT 1 FROM video_head LIMIT 1`.execute(this.db);
    return r.rows.length > 0;
  }

  /**
   * True when the last refresh wrote rows: a refresh that ran on an empty library (a new deployment, before the
   * collector's first videos) is not an order to read from — the searches rank in SQL until a refresh finds videos.
   */
  async topReady(): Promise<boolean> {
    const r = await sql<{ rows: number }>`SELECT rows FROM video_top_runs ORDER BY id DESC LIMIT 1`.execute(this.db);
    return (r.rows[0]?.rows ?? 0) > 0;
  }

  /**
   * Rebuilds video_top in one transaction (job library.refresh-video-tops): one pass over the visible videos
   * keeps the first VIDEO_SEARCH_MAX_ROWS of each (partition, short) group by plays and by likes — every row of
   * a scope's first 1,000 is among the first 1,000 of its own group — then each scope (全部, every partition as
   * CatalogService.expand reads it) × library ranks the union of its groups. Orders as ORDERS (value, then id,
   * both descending), so a page read from the table equals the SQL ranking at the time of the refresh.
   */
  async refreshTops(): Promise<{ rows: number; ms: number }> {
    const started = new Date();
    const n = VIDEO_SEARCH_MAX_ROWS;
    const done = await this.db.transaction().execute(async (tx) => {
      // two sorts of every visible video: in memory rather than in temporary files where it fits
      await sql`SET LOCAL work_mem = '128MB'`.execute(tx);
      await sql`CREATE TEMP TABLE video_top_groups ON COMMIT DROP AS
        SELECT id, tid, short, play, likes FROM (
          SELECT v.id, coalesce(v.tid, -1) AS tid, coalesce(${SHORT_CONDITION}, false) AS short, v.play, v.likes,
            row_number() OVER (PARTITION BY coalesce(v.tid, -1), coalesce(${SHORT_CONDITION}, false)
                               ORDER BY v.play DESC, v.id DESC) AS rp,
            row_number() OVER (PARTITION BY coalesce(v.tid, -1), coalesce(${SHORT_CONDITION}, false)
                               ORDER BY v.likes DESC, v.id DESC) AS rl
          FROM videos v WHERE v.status = 0) g
        WHERE rp <= ${n} OR rl <= ${n}`.execute(tx);
      await sql`DELETE FROM video_top`.execute(tx);
      const r = await sql`
        WITH scope_tids AS (
          SELECT DISTINCT 0 AS scope, tid FROM video_top_groups
          UNION ALL SELECT p.tid, p.tid FROM partitions p
          UNION ALL SELECT p.parent_id, p.tid FROM partitions p WHERE p.parent_id IS NOT NULL
        ), ranked AS (
          SELECT s.scope, f.short, g.id,
            row_number() OVER (PARTITION BY s.scope, f.short ORDER BY g.play DESC, g.id DESC) AS rp,
            row_number() OVER (PARTITION BY s.scope, f.short ORDER BY g.likes DESC, g.id DESC) AS rl
          FROM scope_tids s JOIN video_top_groups g ON g.tid = s.tid
          CROSS JOIN (VALUES (false), (true)) f(short)
          WHERE g.short OR NOT f.short
        )
        INSERT INTO video_top (sort, tid, short, rank, video_id)
        SELECT 'play', scope, short, rp, id FROM ranked WHERE rp <= ${n}
        UNION ALL SELECT 'like', scope, short, rl, id FROM ranked WHERE rl <= ${n}`.execute(tx);
      // the head of each whole order, with the titles for keyword searches (video_head, migration 0077): a
      // bounded sort of every visible video per order
      await sql`DELETE FROM video_head`.execute(tx);
      for (const [sort, order] of [
        ['play', sql`v.play DESC, v.id DESC`],
        ['like', sql`v.likes DESC, v.id DESC`],
      ] as const) {
        await sql`INSERT INTO video_head (sort, pos, video_id, short, tid, title, title_grams)
          SELECT ${sort}, row_number() OVER (), id, short, tid, title, title_grams FROM (
            SELECT v.id, coalesce(${SHORT_CONDITION}, false) AS short, v.tid, v.title, v.title_grams
            FROM videos v WHERE v.status = 0 ORDER BY ${order} LIMIT ${this.headRows}) s`.execute(tx);
      }
      const rows = Number(r.numAffectedRows ?? 0);
      const ms = Date.now() - started.getTime();
      await sql`INSERT INTO video_top_runs (started_at, ms, rows) VALUES (${started}, ${ms}, ${rows})`.execute(tx);
      return { rows, ms };
    });
    await vacuumRewritten(this.db, ['video_top', 'video_head']);
    return done;
  }

  /** The list rows of `ids`, in that order, with the vertical mark. */
  async rows(ids: readonly string[]): Promise<VideoSearchRow[]> {
    if (ids.length === 0) return [];
    return preparedRows(
      this.db,
      this.pool,
      sql<VideoSearchRow>`
      SELECT ${VIDEO_ITEM_COLUMNS}, v.vertical
      FROM unnest(${[...ids]}::bigint[]) WITH ORDINALITY AS i(id, ord)
      JOIN videos v ON v.id = i.id
      JOIN creators c ON c.id = v.creator_id
      LEFT JOIN partitions p ON p.tid = v.tid
      ORDER BY i.ord`,
    );
  }
}
