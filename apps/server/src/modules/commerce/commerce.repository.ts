/**
 * SQL of the goods screens (docs/api/commerce.md): search, rank, detail, overview and the creators who sell.
 * Periods are Asia/Shanghai days [start, end]. "Plays gained in a period" by a video is its video_daily play
 * at the period's last day minus the last value before the period (0 when none) — docs/metrics.md "Sales
 * estimates". Sales are computed in SQL from commerce.figures.ts's constants (the same formula as the docs).
 */
import { sql, type RawBuilder } from 'kysely';
import type { GoodsItem, GoodsKol, GoodsPlatform, GoodsSearchSort, GoodsRankBy, SellKolSort } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { vacuumRewritten } from '../../db/maintenance.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { RunCache, refreshCommitted } from '../creators/refresh-runs.js';
import { CachedMap } from '../creators/catalog.service.js';
import { topCreatorsOf } from '../creators/kol-items.js';
import { preparedRows } from '../creators/prepared.js';
import { ctrSql, cvrSql, priceFactorSql } from './commerce.figures.js';

/** How long a count of the goods aggregates is reused (CommerceRepository.statsCounts). */
export const STATS_COUNT_TTL_MS = 60_000;

const n = (v: string | number | bigint | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const nOrNull = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** A goods item as read: the answer's item without the names the service adds, its times as Dates. */
export interface GoodsRow extends Omit<GoodsItem, 'platformName' | 'categoryName' | 'firstSeen' | 'lastSeen'> {
  firstSeen: Date;
  lastSeen: Date;
}

interface RawGoods {
  id: string;
  platform: GoodsPlatform;
  item_id: string;
  title: string;
  price: string | null;
  shop: string;
  brand_id: number | null;
  brand_name: string | null;
  category_id: number;
  cover: string;
  url: string;
  first_seen: Date;
  last_seen: Date;
  video_num: string | null;
  kol_num: string | null;
  play_num: string | null;
}

function goodsOf(r: RawGoods): GoodsRow {
  return {
    goodsId: Number(r.id),
    platform: r.platform,
    itemId: r.item_id,
    title: r.title,
    price: nOrNull(r.price),
    shop: r.shop,
    brandId: r.brand_id,
    brandName: r.brand_name,
    categoryId: r.category_id,
    cover: r.cover,
    url: r.url,
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    videoNum: n(r.video_num),
    kolNum: n(r.kol_num),
    playNum: n(r.play_num),
  };
}

const GOODS_COLUMNS = sql`g.id, g.platform, g.item_id, g.title, g.price, g.shop, g.brand_id, b.name AS brand_name,
  g.category_id, g.cover, g.url, g.first_seen, g.last_seen`;

export interface GoodsFilters {
  keyword?: string;
  categoryId?: number;
  platform?: GoodsPlatform;
  priceMin?: number;
  priceMax?: number;
}

/** A title keyword on `alias` (goods g, or goods_stats s: its copied titles, migration 0081). */
function keywordWhere(keyword: string, alias: RawBuilder<unknown>): RawBuilder<unknown> {
  // 1–2 characters: the grams index (trigrams cannot index them); longer: trigram substring
  const kw = keyword.toLowerCase();
  const like = sql`${alias}.title ILIKE ${'%' + escapeLike(keyword) + '%'}`;
  return [...kw].length <= 2 ? sql`${alias}.title_grams @> ARRAY[${kw}]::text[] AND ${like}` : like;
}

function goodsWhere(f: GoodsFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.keyword) parts.push(keywordWhere(f.keyword, sql`g`));
  if (f.categoryId !== undefined) parts.push(sql`g.category_id = ${f.categoryId}`);
  if (f.platform !== undefined) parts.push(sql`g.platform = ${f.platform}`);
  if (f.priceMin !== undefined) parts.push(sql`g.price >= ${f.priceMin}`);
  if (f.priceMax !== undefined) parts.push(sql`g.price <= ${f.priceMax}`);
  return sql.join(parts, sql` AND `);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The best source of each (video, goods) pair (goods area > pinned comment > description) with its CTR. */
const PAIRS = sql`
  SELECT DISTINCT ON (vg.video_id, vg.goods_id) vg.video_id, vg.goods_id, vg.creator_id, vg.source
  FROM video_goods vg
  ORDER BY vg.video_id, vg.goods_id,
    CASE vg.source WHEN 'goods_area' THEN 0 WHEN 'pinned_comment' THEN 1 ELSE 2 END`;

/** Plays each video of `videoIds` (a subquery) gained in [start, end]. */
function gainedSql(videos: RawBuilder<unknown>, start: string, end: string): RawBuilder<unknown> {
  return sql`
    SELECT d.video_id,
           greatest(0, coalesce(max(d.play) FILTER (WHERE d.day <= ${end}::date), 0)
                     - coalesce(max(d.play) FILTER (WHERE d.day < ${start}::date), 0)) AS gained
    FROM video_daily d
    WHERE d.video_id IN (${videos}) AND d.day <= ${end}::date
    GROUP BY d.video_id`;
}

const orders = sql`p.gained * ${ctrSql(sql`p.source`)} * ${cvrSql(sql`g.category_id`)} * ${priceFactorSql(sql`g.price`)}`;

/**
 * Per goods item carried by a video published since `since` (null: any time): its videos, creators, and the
 * plays of those videos — goodsSearch's figures, on demand (search) and in the aggregate (refreshStats).
 */
function carriedSql(since: Date | null): RawBuilder<unknown> {
  const inWindow = since === null ? sql`true` : sql`v.pubdate >= ${since}`;
  return sql`
    SELECT c.goods_id, c.video_num, c.kol_num, p.play_num FROM (
      SELECT vg.goods_id, count(DISTINCT vg.video_id) AS video_num, count(DISTINCT vg.creator_id) AS kol_num
      FROM video_goods vg JOIN videos v ON v.id = vg.video_id
      WHERE ${inWindow}
      GROUP BY vg.goods_id
    ) c LEFT JOIN (
      SELECT x.goods_id, sum(v.play) AS play_num
      FROM (SELECT DISTINCT vg.goods_id, vg.video_id FROM video_goods vg) x JOIN videos v ON v.id = x.video_id
      WHERE ${inWindow}
      GROUP BY x.goods_id
    ) p ON p.goods_id = c.goods_id`;
}

/**
 * Per goods item with activity in [start, end] (a carrying video published in it, or plays gained in it): the
 * figures of goodsRank — on demand (rank) and in the aggregate (refreshStats).
 */
function rankAggSql(start: string, end: string): RawBuilder<unknown> {
  const startTs = sql`(${start}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const endTs = sql`((${end}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  return sql`
    WITH pairs AS (${PAIRS}),
    gained AS (${gainedSql(sql`SELECT video_id FROM pairs`, start, end)}),
    p AS (
      SELECT pairs.*, coalesce(gd.gained, 0) AS gained, v.pubdate, v.play
      FROM pairs JOIN videos v ON v.id = pairs.video_id LEFT JOIN gained gd ON gd.video_id = pairs.video_id
      WHERE v.pubdate < ${endTs}
    )
    SELECT p.goods_id,
           count(DISTINCT p.video_id) FILTER (WHERE p.pubdate >= ${startTs}) AS period_video_num,
           sum(p.gained) AS period_play_num,
           count(DISTINCT p.video_id) AS video_num, count(DISTINCT p.creator_id) AS kol_num,
           sum(p.play) AS play_num,
           sum(${orders}) AS sales_mid,
           sum(${orders} * coalesce(g.price, 0)) AS gmv_mid
    FROM p JOIN goods g ON g.id = p.goods_id
    GROUP BY p.goods_id
    HAVING sum(p.gained) > 0 OR count(*) FILTER (WHERE p.pubdate >= ${startTs}) > 0`;
}

/** The filters of goods_stats / goods_rank_stats (`s` or `a`) on their copied columns (the keyword: searchStats). */
function statsWhere(
  f: GoodsFilters,
  first: RawBuilder<unknown>,
  alias: RawBuilder<unknown> = sql`s`,
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [first];
  if (f.categoryId !== undefined) parts.push(sql`${alias}.category_id = ${f.categoryId}`);
  if (f.platform !== undefined) parts.push(sql`${alias}.platform = ${f.platform}`);
  if (f.priceMin !== undefined) parts.push(sql`${alias}.price >= ${f.priceMin}`);
  if (f.priceMax !== undefined) parts.push(sql`${alias}.price <= ${f.priceMax}`);
  return sql.join(parts, sql` AND `);
}

type RankRaw = RawGoods & {
  period_video_num: string;
  period_play_num: string;
  sales_mid: number;
  gmv_mid: number;
  total: string;
};

function rankOf(x: RankRaw): RankRow {
  return Object.assign(goodsOf(x), {
    periodVideoNum: n(x.period_video_num),
    periodPlayNum: n(x.period_play_num),
    salesMid: Number(x.sales_mid) || 0,
    gmvMid: Number(x.gmv_mid) || 0,
    total: n(x.total),
  });
}

export interface RankRow extends GoodsRow {
  periodVideoNum: number;
  periodPlayNum: number;
  salesMid: number;
  gmvMid: number;
  total: number;
}

export interface DayPoint {
  day: string;
  newVideoNum: number;
  playNum: number;
  salesMid: number;
}

export interface SellKolRaw {
  creatorId: number;
  name: string;
  face: string;
  mid: number;
  fans: number;
  sellVideoNum: number;
  videoNum: number;
  goodsNum: number;
  playNum: number;
  salesMid: number;
  gmvMid: number;
  categories: number[];
  topGoods: { goodsId: number; title: string }[];
  lastSellAt: Date | null;
  total: number;
}

export class CommerceRepository {
  /**
   * The counts of the aggregates' lists (goods_stats / goods_rank_stats change only at their hourly refresh):
   * counting a window's 30–70k rows was most of a goods search's cost at 1M (right after a refresh every row is a
   * heap fetch: the tables are rewritten and not vacuumed yet; docs/performance.md, session 12). Keyed by the
   * refresh (statsRun), so a count is never older than the rows it counts (after another process's refresh: for at
   * most RUN_TTL_MS, the time this process reuses the last run).
   */
  private readonly statsCounts = new CachedMap<string, number>(STATS_COUNT_TTL_MS, 5000);
  /** The refresh statsDay() saw last: a count is kept per refresh (a newer refresh never reads an older count). */
  private statsRun: string | null = null;

  /** The last refresh run (RunCache: read at most once a second, at once after a refresh of this process). */
  private readonly lastRun: RunCache<{ id: string; day: string; rows: number } | null>;
  private readonly pool: PreparedPool | null;

  /**
   * `pool`: the pool of `db`, for the aggregates' pages as prepared statements (their planning cost more than
   * their execution); `runTtlMs`: how long the last refresh run is reused (a test that edits the runs: 0).
   */
  constructor(
    private readonly db: Db,
    opts: { pool?: PreparedPool | null; runTtlMs?: number } = {},
  ) {
    this.pool = opts.pool ?? null;
    this.lastRun = new RunCache(async () => {
      const r = await sql<{ id: string; day: string; rows: number }>`
        SELECT id, day::text AS day, rows FROM goods_stats_runs ORDER BY id DESC LIMIT 1`.execute(this.db);
      return r.rows[0] ?? null;
    }, opts.runTtlMs);
  }

  // ---- goodsSearch ----------------------------------------------------------------------------------------

  async search(
    f: GoodsFilters & { since: Date | null; sort: GoodsSearchSort; limit: number; offset: number },
  ): Promise<{ rows: GoodsRow[]; total: number }> {
    const order = {
      videoNum: sql`video_num DESC NULLS LAST, g.id DESC`,
      playNum: sql`play_num DESC NULLS LAST, g.id DESC`,
      price: sql`g.price DESC NULLS LAST, g.id DESC`,
      lastSeen: sql`g.last_seen DESC, g.id DESC`,
    }[f.sort];
    const r = await sql<RawGoods & { total: string }>`
      WITH c AS (${carriedSql(f.since)})
      SELECT ${GOODS_COLUMNS}, c.video_num, c.kol_num, c.play_num, count(*) OVER () AS total
      FROM goods g JOIN c ON c.goods_id = g.id
      LEFT JOIN brands b ON b.id = g.brand_id
      WHERE ${goodsWhere(f)}
      ORDER BY ${order}
      LIMIT ${f.limit} OFFSET ${f.offset}`.execute(this.db);
    return { rows: r.rows.map(goodsOf), total: n(r.rows[0]?.total) };
  }

  /**
   * The search from goods_stats (migration 0075) for the window `days` as of its last refresh: the same figures
   * and order as search() at that time (the copied columns order and filter; the goods' own columns are read fresh).
   */
  async searchStats(
    f: GoodsFilters & { days: number; sort: GoodsSearchSort; limit: number; offset: number },
  ): Promise<{ rows: GoodsRow[]; total: number }> {
    const order = {
      videoNum: sql`s.video_num DESC, s.goods_id DESC`,
      playNum: sql`s.play_num DESC NULLS LAST, s.goods_id DESC`,
      price: sql`s.price DESC NULLS LAST, s.goods_id DESC`,
      lastSeen: sql`s.last_seen DESC, s.goods_id DESC`,
    }[f.sort];
    // the window as a literal (one of GOODS_DAYS): a keyword reads the window's own title indexes (partial, 0081)
    if (!Number.isInteger(f.days)) throw new Error(`goods window ${String(f.days)} is not a whole number of days`);
    const window = sql`s.days = ${sql.lit(f.days)}`;
    const where = statsWhere(f, f.keyword ? sql`${window} AND ${keywordWhere(f.keyword, sql`s`)}` : window);
    // the page's ids by an index-only walk of the order's index (it carries the filtered columns, migration 0080),
    // then their 20 rows: a walk of whole rows read a heap row for each row a filter passed over; a keyword: the
    // window's matches by its title indexes (migration 0081), then their order
    // prepared without a keyword only: a generic plan of the grams' match reads far more (150 ms a page at 1M)
    const pool = f.keyword ? null : this.pool;
    const countKey = JSON.stringify([
      this.statsRun,
      'search',
      f.days,
      f.keyword,
      f.categoryId,
      f.platform,
      f.priceMin,
      f.priceMax,
    ]);
    if (f.keyword && !this.statsCounts.has(countKey)) {
      // the keyword's first page: its matches in the window once, for the page and its count (two statements
      // read them twice); a page past the end has no row to carry the count, so it counts below
      const r = await sql<RawGoods & { total: string }>`
        WITH w AS MATERIALIZED (SELECT s.goods_id, s.video_num, s.play_num, s.price, s.last_seen
                                FROM goods_stats s WHERE ${where})
        SELECT ${GOODS_COLUMNS}, s.video_num, s.kol_num, s.play_num, (SELECT count(*) FROM w) AS total
        FROM (SELECT s.goods_id FROM w s ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}) pick
        JOIN goods_stats s ON s.days = ${f.days} AND s.goods_id = pick.goods_id
        JOIN goods g ON g.id = s.goods_id LEFT JOIN brands b ON b.id = g.brand_id
        ORDER BY ${order}`.execute(this.db);
      const first = r.rows[0];
      if (first) {
        this.statsCounts.put(countKey, n(first.total));
        return { rows: r.rows.map(goodsOf), total: n(first.total) };
      }
    }
    const [page, count] = await Promise.all([
      preparedRows(
        this.db,
        pool,
        sql<RawGoods>`
        SELECT ${GOODS_COLUMNS}, s.video_num, s.kol_num, s.play_num
        FROM (SELECT s.goods_id FROM goods_stats s WHERE ${where} ORDER BY ${order}
              LIMIT ${f.limit} OFFSET ${f.offset}) pick
        JOIN goods_stats s ON s.days = ${f.days} AND s.goods_id = pick.goods_id
        JOIN goods g ON g.id = s.goods_id LEFT JOIN brands b ON b.id = g.brand_id
        ORDER BY ${order}`,
      ),
      this.statsCounts.get(countKey, async () =>
        n(
          (
            await preparedRows(
              this.db,
              pool,
              sql<{ total: string }>`SELECT count(*) AS total FROM goods_stats s WHERE ${where}`,
            )
          )[0]?.total,
        ),
      ),
    ]);
    return { rows: page.map(goodsOf), total: count };
  }

  /**
   * The Asia/Shanghai day the last goods_stats refresh is of (null: never refreshed, or the last refresh found no
   * goods — a refresh that ran before the collector's first goods must not hide them until the next hour).
   */
  async statsDay(): Promise<string | null> {
    const last = await this.lastRun.get();
    this.statsRun = last?.id ?? null;
    return last && last.rows > 0 ? last.day : null;
  }

  /**
   * Rewrites goods_stats and goods_rank_stats in one transaction (job commerce.refresh-goods-stats) for the
   * windows ending on `today` — with carriedSql and rankAggSql, the SQL search() and rank() run on demand.
   */
  async refreshStats(
    today: string,
    windows: { days: number; since: Date | null }[],
    periods: { period: string; start: string }[],
  ): Promise<{ rows: number; ms: number }> {
    const started = new Date();
    const done = await this.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL work_mem = '64MB'`.execute(tx);
      await sql`DELETE FROM goods_stats`.execute(tx);
      await sql`DELETE FROM goods_rank_stats`.execute(tx);
      let rows = 0;
      for (const w of windows) {
        const r = await sql`
          INSERT INTO goods_stats (days, goods_id, video_num, kol_num, play_num, category_id, platform, price, last_seen,
                                   title, title_grams)
          SELECT ${w.days}, c.goods_id, c.video_num, c.kol_num, c.play_num, g.category_id, g.platform, g.price,
                 g.last_seen, g.title, g.title_grams
          FROM (${carriedSql(w.since)}) c JOIN goods g ON g.id = c.goods_id`.execute(tx);
        rows += Number(r.numAffectedRows ?? 0);
      }
      for (const p of periods) {
        const r = await sql`
          INSERT INTO goods_rank_stats (period, goods_id, period_video_num, period_play_num, video_num, kol_num,
                                        play_num, sales_mid, gmv_mid, category_id, platform)
          SELECT ${p.period}, a.goods_id, a.period_video_num, a.period_play_num, a.video_num, a.kol_num, a.play_num,
                 a.sales_mid::float8, a.gmv_mid::float8, g.category_id, g.platform
          FROM (${rankAggSql(p.start, today)}) a JOIN goods g ON g.id = a.goods_id`.execute(tx);
        rows += Number(r.numAffectedRows ?? 0);
      }
      const ms = Date.now() - started.getTime();
      await sql`INSERT INTO goods_stats_runs (day, started_at, ms, rows)
        VALUES (${today}::date, ${started}, ${ms}, ${rows})`.execute(tx);
      return { rows, ms };
    });
    this.statsCounts.clear();
    refreshCommitted();
    await vacuumRewritten(this.db, ['goods_stats', 'goods_rank_stats']);
    return done;
  }

  // ---- goodsRank ------------------------------------------------------------------------------------------

  async rank(
    f: GoodsFilters & { start: string; end: string; by: GoodsRankBy; limit: number; offset: number },
  ): Promise<RankRow[]> {
    const order = {
      video: sql`period_video_num DESC, period_play_num DESC, g.id DESC`,
      sales: sql`sales_mid DESC, period_play_num DESC, g.id DESC`,
      play: sql`period_play_num DESC, period_video_num DESC, g.id DESC`,
    }[f.by];
    const r = await sql<RankRaw>`
      WITH a AS (${rankAggSql(f.start, f.end)})
      SELECT ${GOODS_COLUMNS}, a.video_num, a.kol_num, a.play_num, a.period_video_num, a.period_play_num,
             a.sales_mid::float8 AS sales_mid, a.gmv_mid::float8 AS gmv_mid, count(*) OVER () AS total
      FROM a JOIN goods g ON g.id = a.goods_id LEFT JOIN brands b ON b.id = g.brand_id
      WHERE ${goodsWhere(f)}
      ORDER BY ${order}
      LIMIT ${f.limit} OFFSET ${f.offset}`.execute(this.db);
    return r.rows.map(rankOf);
  }

  /** The rank from goods_rank_stats (migration 0075) as of its last refresh: rank()'s figures and order then. */
  async rankStats(
    f: Pick<GoodsFilters, 'categoryId' | 'platform'> & {
      period: string;
      by: GoodsRankBy;
      limit: number;
      offset: number;
    },
  ): Promise<RankRow[]> {
    const order = {
      video: sql`a.period_video_num DESC, a.period_play_num DESC, a.goods_id DESC`,
      sales: sql`a.sales_mid DESC, a.period_play_num DESC, a.goods_id DESC`,
      play: sql`a.period_play_num DESC, a.period_video_num DESC, a.goods_id DESC`,
    }[f.by];
    const where = statsWhere(f, sql`a.period = ${f.period}`, sql`a`);
    // the page's ids index-only (migration 0080), then their rows, as searchStats
    const [page, count] = await Promise.all([
      preparedRows(
        this.db,
        this.pool,
        sql<RankRaw>`
        SELECT ${GOODS_COLUMNS}, a.video_num, a.kol_num, a.play_num, a.period_video_num, a.period_play_num,
               a.sales_mid, a.gmv_mid, 0 AS total
        FROM (SELECT a.goods_id FROM goods_rank_stats a WHERE ${where} ORDER BY ${order}
              LIMIT ${f.limit} OFFSET ${f.offset}) pick
        JOIN goods_rank_stats a ON a.period = ${f.period} AND a.goods_id = pick.goods_id
        JOIN goods g ON g.id = a.goods_id LEFT JOIN brands b ON b.id = g.brand_id
        ORDER BY ${order}`,
      ),
      this.statsCounts.get(JSON.stringify([this.statsRun, 'rank', f.period, f.categoryId, f.platform]), async () =>
        n(
          (
            await preparedRows(
              this.db,
              this.pool,
              sql<{ total: string }>`SELECT count(*) AS total FROM goods_rank_stats a WHERE ${where}`,
            )
          )[0]?.total,
        ),
      ),
    ]);
    const total = count;
    return page.map((x) => {
      const row = rankOf(x);
      row.total = total;
      return row;
    });
  }

  // ---- goodsDetail ----------------------------------------------------------------------------------------

  async goods(goodsId: number): Promise<GoodsRow | null> {
    const r = await sql<RawGoods>`
      SELECT ${GOODS_COLUMNS},
        (SELECT count(DISTINCT vg.video_id) FROM video_goods vg WHERE vg.goods_id = g.id) AS video_num,
        (SELECT count(DISTINCT vg.creator_id) FROM video_goods vg WHERE vg.goods_id = g.id) AS kol_num,
        (SELECT sum(v.play) FROM videos v WHERE v.id IN (SELECT vg.video_id FROM video_goods vg WHERE vg.goods_id = g.id)) AS play_num
      FROM goods g LEFT JOIN brands b ON b.id = g.brand_id WHERE g.id = ${goodsId}`.execute(this.db);
    const row = r.rows[0];
    return row ? goodsOf(row) : null;
  }

  async prices(
    goodsId: number,
    since: string | null,
  ): Promise<{ day: string; price: number; low: number; high: number }[]> {
    const r = await sql<{ day: string; price: string; low: string; high: string }>`
      SELECT day::text AS day, price, low, high FROM goods_price_daily
      WHERE goods_id = ${goodsId} ${since === null ? sql`` : sql`AND day >= ${since}::date`}
      ORDER BY day`.execute(this.db);
    return r.rows.map((x) => ({ day: x.day, price: Number(x.price), low: Number(x.low), high: Number(x.high) }));
  }

  /** Per day of [start, end]: videos carrying it published that day, plays they gained, estimated orders. */
  async trend(goodsId: number, start: string, end: string): Promise<DayPoint[]> {
    const r = await sql<{ day: string; new_video_num: string; play_num: string; sales_mid: number }>`
      WITH pairs AS (SELECT * FROM (${PAIRS}) x WHERE x.goods_id = ${goodsId}),
      days AS (SELECT generate_series(${start}::date, ${end}::date, interval '1 day')::date AS day),
      inc AS (
        SELECT d.video_id, d.day,
               greatest(0, d.play - coalesce(lag(d.play) OVER (PARTITION BY d.video_id ORDER BY d.day), 0)) AS gained
        FROM video_daily d WHERE d.video_id IN (SELECT video_id FROM pairs) AND d.day <= ${end}::date
      )
      SELECT days.day::text AS day,
        (SELECT count(*) FROM pairs JOIN videos v ON v.id = pairs.video_id
          WHERE (v.pubdate AT TIME ZONE 'Asia/Shanghai')::date = days.day) AS new_video_num,
        coalesce((SELECT sum(inc.gained) FROM inc WHERE inc.day = days.day), 0) AS play_num,
        coalesce((SELECT sum(inc.gained * ${ctrSql(sql`pairs.source`)} * ${cvrSql(sql`g.category_id`)} * ${priceFactorSql(sql`g.price`)})
                  FROM inc JOIN pairs ON pairs.video_id = inc.video_id JOIN goods g ON g.id = pairs.goods_id
                  WHERE inc.day = days.day), 0)::float8 AS sales_mid
      FROM days ORDER BY days.day`.execute(this.db);
    return r.rows.map((x) => ({
      day: x.day,
      newVideoNum: n(x.new_video_num),
      playNum: n(x.play_num),
      salesMid: Number(x.sales_mid) || 0,
    }));
  }

  /** Estimated orders and amount of one goods item over [start, end]. */
  async salesOf(goodsId: number, start: string, end: string): Promise<{ salesMid: number; gmvMid: number }> {
    const r = await sql<{ sales_mid: number | null; gmv_mid: number | null }>`
      WITH pairs AS (SELECT * FROM (${PAIRS}) x WHERE x.goods_id = ${goodsId}),
      gained AS (${gainedSql(sql`SELECT video_id FROM pairs`, start, end)}),
      p AS (SELECT pairs.*, coalesce(gd.gained, 0) AS gained FROM pairs LEFT JOIN gained gd ON gd.video_id = pairs.video_id)
      SELECT sum(${orders})::float8 AS sales_mid, sum(${orders} * coalesce(g.price, 0))::float8 AS gmv_mid
      FROM p JOIN goods g ON g.id = p.goods_id`.execute(this.db);
    return { salesMid: Number(r.rows[0]?.sales_mid ?? 0), gmvMid: Number(r.rows[0]?.gmv_mid ?? 0) };
  }

  async videos(goodsId: number, limit: number) {
    const r = await sql<{
      video_id: string;
      aid: string;
      bvid: string;
      title: string;
      cover: string;
      pubdate: Date;
      play: string;
      creator_id: string;
      name: string;
      face: string;
      source: 'desc' | 'pinned_comment' | 'goods_area';
      link: string;
      evidence: string;
      first_seen: Date;
      sponsored: boolean | null;
    }>`
      SELECT DISTINCT ON (v.play, v.id) v.id AS video_id, v.aid, v.bvid, v.title, v.cover, v.pubdate, v.play,
             c.id AS creator_id, c.name, c.face, vg.source, vg.link, vg.evidence, vg.first_seen, s.sponsored
      FROM video_goods vg JOIN videos v ON v.id = vg.video_id JOIN creators c ON c.id = v.creator_id
      LEFT JOIN video_sponsorships s ON s.video_id = v.id
      WHERE vg.goods_id = ${goodsId}
      ORDER BY v.play DESC, v.id DESC, CASE vg.source WHEN 'goods_area' THEN 0 WHEN 'pinned_comment' THEN 1 ELSE 2 END
      LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({
      videoId: Number(x.video_id),
      aid: Number(x.aid),
      bvid: x.bvid,
      title: x.title,
      cover: x.cover,
      pubdate: x.pubdate,
      playNum: n(x.play),
      kolId: Number(x.creator_id),
      kolName: x.name,
      kolImg: x.face,
      source: x.source,
      link: x.link,
      evidence: x.evidence,
      firstSeen: x.first_seen,
      sponsored: x.sponsored === true,
    }));
  }

  /** The creators whose videos carry the goods item, by those videos' plays. */
  kols(goodsId: number, limit: number): Promise<GoodsKol[]> {
    const videos = sql`(SELECT DISTINCT video_id FROM video_goods WHERE goods_id = ${goodsId}) x
      JOIN videos v ON v.id = x.video_id`;
    return topCreatorsOf(this.db, videos, sql`true`, limit);
  }

  // ---- goods overview -------------------------------------------------------------------------------------

  async overview(start: string, end: string) {
    const startTs = sql`(${start}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`;
    const endTs = sql`((${end}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
    const inWindow = sql`v.pubdate >= ${startTs} AND v.pubdate < ${endTs}`;
    const totals = await sql<{
      goods_num: string;
      video_num: string;
      kol_num: string;
      sponsored: string;
      selling: string;
    }>`
      SELECT
        (SELECT count(DISTINCT vg.goods_id) FROM video_goods vg JOIN videos v ON v.id = vg.video_id WHERE ${inWindow}) AS goods_num,
        (SELECT count(DISTINCT vg.video_id) FROM video_goods vg JOIN videos v ON v.id = vg.video_id WHERE ${inWindow}) AS video_num,
        (SELECT count(DISTINCT vg.creator_id) FROM video_goods vg JOIN videos v ON v.id = vg.video_id WHERE ${inWindow}) AS kol_num,
        (SELECT count(*) FROM video_sponsorships s JOIN videos v ON v.id = s.video_id WHERE s.sponsored AND ${inWindow}) AS sponsored,
        (SELECT count(*) FROM video_sponsorships s JOIN videos v ON v.id = s.video_id WHERE s.selling AND ${inWindow}) AS selling`.execute(
      this.db,
    );
    const byCategory = await sql<{ category_id: number; goods_num: string; video_num: string }>`
      SELECT g.category_id, count(DISTINCT g.id) AS goods_num, count(DISTINCT vg.video_id) AS video_num
      FROM video_goods vg JOIN videos v ON v.id = vg.video_id JOIN goods g ON g.id = vg.goods_id
      WHERE ${inWindow} GROUP BY g.category_id ORDER BY video_num DESC, g.category_id`.execute(this.db);
    const byPlatform = await sql<{ platform: GoodsPlatform; goods_num: string; video_num: string }>`
      SELECT g.platform, count(DISTINCT g.id) AS goods_num, count(DISTINCT vg.video_id) AS video_num
      FROM video_goods vg JOIN videos v ON v.id = vg.video_id JOIN goods g ON g.id = vg.goods_id
      WHERE ${inWindow} GROUP BY g.platform ORDER BY video_num DESC, g.platform`.execute(this.db);
    const trend = await sql<{ day: string; selling: string; sponsored: string; new_goods: string }>`
      WITH days AS (SELECT generate_series(${start}::date, ${end}::date, interval '1 day')::date AS day),
      vs AS (
        SELECT (v.pubdate AT TIME ZONE 'Asia/Shanghai')::date AS day, s.selling, s.sponsored
        FROM video_sponsorships s JOIN videos v ON v.id = s.video_id WHERE ${inWindow}
      ),
      ng AS (
        SELECT d AS day, count(*) AS n FROM (
          SELECT min((v.pubdate AT TIME ZONE 'Asia/Shanghai')::date) AS d
          FROM video_goods vg JOIN videos v ON v.id = vg.video_id GROUP BY vg.goods_id) x
        GROUP BY d
      )
      SELECT days.day::text AS day,
        (SELECT count(*) FROM vs WHERE vs.day = days.day AND vs.selling) AS selling,
        (SELECT count(*) FROM vs WHERE vs.day = days.day AND vs.sponsored) AS sponsored,
        coalesce((SELECT ng.n FROM ng WHERE ng.day = days.day), 0) AS new_goods
      FROM days ORDER BY days.day`.execute(this.db);
    const t = totals.rows[0];
    return {
      totals: {
        goodsNum: n(t?.goods_num),
        videoNum: n(t?.video_num),
        kolNum: n(t?.kol_num),
        sponsoredVideoNum: n(t?.sponsored),
        sellingVideoNum: n(t?.selling),
      },
      byCategory: byCategory.rows.map((x) => ({
        categoryId: x.category_id,
        goodsNum: n(x.goods_num),
        videoNum: n(x.video_num),
      })),
      byPlatform: byPlatform.rows.map((x) => ({
        platform: x.platform,
        goodsNum: n(x.goods_num),
        videoNum: n(x.video_num),
      })),
      trend: trend.rows.map((x) => ({
        day: x.day,
        sellingVideoNum: n(x.selling),
        sponsoredVideoNum: n(x.sponsored),
        newGoodsNum: n(x.new_goods),
      })),
    };
  }

  // ---- sellGoodsKol ---------------------------------------------------------------------------------------

  async sellKols(f: {
    keyword?: string;
    categoryId?: number;
    start: string;
    end: string;
    sort: SellKolSort;
    limit: number;
    offset: number;
  }): Promise<SellKolRaw[]> {
    const startTs = sql`(${f.start}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`;
    const endTs = sql`((${f.end}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
    const order = {
      sales: sql`sales_mid DESC, sell_video_num DESC, c.id`,
      videoNum: sql`sell_video_num DESC, sales_mid DESC, c.id`,
      goodsNum: sql`goods_num DESC, sales_mid DESC, c.id`,
    }[f.sort];
    const r = await sql<{
      id: string;
      name: string;
      face: string;
      mid: string;
      fans: string;
      sell_video_num: string;
      video_num: string;
      goods_num: string;
      play_num: string;
      sales_mid: number;
      gmv_mid: number;
      categories: number[];
      top_goods: { goodsId: number; title: string }[] | null;
      last_sell_at: Date | null;
      total: string;
    }>`
      WITH pairs AS (
        SELECT x.* FROM (${PAIRS}) x JOIN goods g ON g.id = x.goods_id
        ${f.categoryId !== undefined ? sql`WHERE g.category_id = ${f.categoryId}` : sql``}
      ),
      gained AS (${gainedSql(sql`SELECT video_id FROM pairs`, f.start, f.end)}),
      p AS (
        SELECT pairs.*, coalesce(gd.gained, 0) AS gained, v.pubdate
        FROM pairs JOIN videos v ON v.id = pairs.video_id LEFT JOIN gained gd ON gd.video_id = pairs.video_id
        WHERE v.pubdate < ${endTs}
      ),
      active AS (SELECT * FROM p WHERE p.gained > 0 OR p.pubdate >= ${startTs}),
      per_goods AS (
        SELECT p.creator_id, p.goods_id, g.title, g.category_id, sum(${orders}) AS o,
               sum(${orders} * coalesce(g.price, 0)) AS gmv
        FROM active p JOIN goods g ON g.id = p.goods_id
        GROUP BY p.creator_id, p.goods_id, g.title, g.category_id
      ),
      per_video AS (SELECT DISTINCT creator_id, video_id, gained, pubdate FROM active),
      agg AS (
        SELECT pg.creator_id, sum(pg.o) AS sales_mid, sum(pg.gmv) AS gmv_mid, count(*) AS goods_num,
               array_agg(DISTINCT pg.category_id) AS categories,
               (array_agg(json_build_object('goodsId', pg.goods_id, 'title', pg.title) ORDER BY pg.o DESC))[1:3] AS top_goods
        FROM per_goods pg GROUP BY pg.creator_id
      ),
      vids AS (
        SELECT creator_id, count(*) FILTER (WHERE pubdate >= ${startTs}) AS sell_video_num, sum(gained) AS play_num,
               max(pubdate) AS last_sell_at
        FROM per_video GROUP BY creator_id
      )
      SELECT c.id, c.name, c.face, c.mid, c.fans, vids.sell_video_num, vids.play_num, vids.last_sell_at,
             agg.goods_num, agg.sales_mid::float8 AS sales_mid, agg.gmv_mid::float8 AS gmv_mid, agg.categories,
             to_json(agg.top_goods) AS top_goods,
             (SELECT count(*) FROM videos v2 WHERE v2.creator_id = c.id AND v2.pubdate >= ${startTs} AND v2.pubdate < ${endTs}) AS video_num,
             count(*) OVER () AS total
      FROM agg JOIN vids ON vids.creator_id = agg.creator_id JOIN creators c ON c.id = agg.creator_id
      ${f.keyword ? sql`WHERE c.name ILIKE ${'%' + escapeLike(f.keyword) + '%'}` : sql``}
      ORDER BY ${order}
      LIMIT ${f.limit} OFFSET ${f.offset}`.execute(this.db);
    return r.rows.map((x) => ({
      creatorId: Number(x.id),
      name: x.name,
      face: x.face,
      mid: Number(x.mid),
      fans: n(x.fans),
      sellVideoNum: n(x.sell_video_num),
      videoNum: n(x.video_num),
      goodsNum: n(x.goods_num),
      playNum: n(x.play_num),
      salesMid: Number(x.sales_mid) || 0,
      gmvMid: Number(x.gmv_mid) || 0,
      categories: x.categories,
      topGoods: x.top_goods ?? [],
      lastSellAt: x.last_sell_at,
      total: n(x.total),
    }));
  }
}
