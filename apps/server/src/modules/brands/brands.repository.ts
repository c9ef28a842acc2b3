import { ctrSql, cvrSql, priceFactorSql } from '../commerce/commerce.figures.js';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.js';

/**
 * Reads of the commerce tables (migration 0061) for the brand and sales screens. Every figure's definition is in
 * docs/metrics.md ("Brand exposure", "Brand spend estimate", "Sales estimates"); the SQL here is that text.
 *
 * A window is [start, end] in Asia/Shanghai days. A brand's videos in a window are the videos PUBLISHED in it that
 * name the brand (video_brand_mentions) or that it sponsors (video_sponsorships.brand_id, sponsored).
 */

export interface Window {
  start: string;
  end: string;
  /** end is today (Asia/Shanghai): a video without a daily row yet counts its current plays */
  endIsToday: boolean;
}

/** The brand-video pairs of a window: brand_id, video_id, creator_id, hits, sp (sponsored by this brand), play. */
function brandVideos(w: Window, brandIds: number[] | null): RawBuilder<unknown> {
  const onM = brandIds === null ? sql`true` : sql`m.brand_id = ANY(${brandIds}::int[])`;
  const onS = brandIds === null ? sql`true` : sql`s.brand_id = ANY(${brandIds}::int[])`;
  // videos of the window: joined per pair (not a materialised list of the window's videos), so the planner can start
  // from the detections, which are far fewer than the videos
  const inWindow = sql`v.pubdate >= (${w.start}::date::timestamp AT TIME ZONE 'Asia/Shanghai')
        AND v.pubdate < ((${w.end}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai') AND v.status >= 0`;
  return sql`
    WITH pairs AS (
      SELECT m.brand_id, m.video_id, sum(m.hits)::bigint AS hits, false AS sp
      FROM video_brand_mentions m JOIN videos v ON v.id = m.video_id
      WHERE ${onM} AND ${inWindow}
      GROUP BY m.brand_id, m.video_id
      UNION ALL
      SELECT s.brand_id, s.video_id, 0, true
      FROM video_sponsorships s JOIN videos v ON v.id = s.video_id
      WHERE s.sponsored AND s.brand_id IS NOT NULL AND ${onS} AND ${inWindow}
    ),
    bv AS (
      SELECT p.brand_id, p.video_id, sum(p.hits)::bigint AS hits, bool_or(p.sp) AS sp
      FROM pairs p GROUP BY p.brand_id, p.video_id
    ),
    bvp AS (
      SELECT bv.brand_id, bv.video_id, v.creator_id, v.tid, bv.hits, bv.sp,
        COALESCE(
          (SELECT d.play FROM video_daily d WHERE d.video_id = bv.video_id AND d.day <= ${w.end}::date
           ORDER BY d.day DESC LIMIT 1),
          CASE WHEN ${w.endIsToday} THEN v.play ELSE 0 END
        )::bigint AS play
      FROM bv JOIN videos v ON v.id = bv.video_id
    )`;
}

export interface RankRow {
  brand_id: number;
  brand_name: string;
  category_id: number;
  category_name: string;
  sponsored_videos: number;
  mention_videos: number;
  mention_count: number;
  exposure_play: number;
  kol_num: number;
  total: number;
}

export interface SummaryRow {
  brand_id: number;
  sponsored_videos: number;
  mention_videos: number;
  mention_count: number;
  exposure_play: number;
  kol_num: number;
}

export interface SalesLine {
  goods_id: number;
  video_id: number;
  creator_id: number;
  title: string;
  platform: string;
  price: number | null;
  category_id: number;
  category_name: string;
  brand_name: string | null;
  plays: number;
  orders: number;
}

/** A brand with its category and aliases. */
export interface BrandRecord {
  id: number;
  name: string;
  category_id: number;
  category_name: string;
  enabled: boolean;
  aliases: string[];
}

/** A creator of a brand's videos in a window. */
export interface BrandKolRecord {
  kol_id: number;
  kol_name: string;
  face: string;
  fans: number;
  video_num: number;
  sponsored_num: number;
  play: number;
}

/** A video of a brand's window page, with its mentions and sponsorship evidence; total: the page's full count. */
export interface BrandVideoRecord {
  video_id: number;
  bvid: string;
  title: string;
  kol_id: number;
  kol_name: string;
  pubdate: Date;
  play: number;
  sponsored: boolean | null;
  sp: boolean;
  score: number | null;
  mentions: { location: string; alias: string; evidence: string; hits: number }[] | null;
  evidence: { signal: string; location: string; matched: string; snippet: string; weight: number }[] | null;
  total: number;
}

/** A brand found by name or alias; total: the search's full count. */
export interface BrandSearchRecord {
  brand_id: number;
  brand_name: string;
  category_id: number;
  category_name: string;
  aliases: string[];
  total: number;
}

export class BrandsRepository {
  constructor(private readonly db: Db) {}

  async categories(): Promise<{ id: number; name: string }[]> {
    const r = await sql<{ id: number; name: string }>`
      SELECT id::int AS id, name FROM commerce_categories ORDER BY sort, id`.execute(this.db);
    return r.rows;
  }

  async brand(id: number): Promise<BrandRecord | null> {
    const r = await sql<BrandRecord>`
      SELECT b.id, b.name, b.category_id::int AS category_id, c.name AS category_name, b.enabled,
        COALESCE((SELECT array_agg(a.alias ORDER BY a.id) FROM brand_aliases a WHERE a.brand_id = b.id), '{}') AS aliases
      FROM brands b JOIN commerce_categories c ON c.id = b.category_id WHERE b.id = ${id}`.execute(this.db);
    return r.rows[0] ?? null;
  }

  async brandsByIds(ids: number[]): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    const r = await sql<{ id: number; name: string }>`
      SELECT id, name FROM brands WHERE id = ANY(${ids}::int[])`.execute(this.db);
    return r.rows;
  }

  async exposureRank(
    w: Window,
    categoryId: number | undefined,
    sort: 'sponsored' | 'mentions' | 'plays',
    limit: number,
    offset: number,
  ): Promise<RankRow[]> {
    const order = {
      sponsored: sql.raw('sponsored_videos DESC, mention_videos DESC, exposure_play DESC'),
      mentions: sql.raw('mention_count DESC, mention_videos DESC, exposure_play DESC'),
      plays: sql.raw('exposure_play DESC, mention_videos DESC'),
    }[sort];
    const cat = categoryId === undefined ? sql`true` : sql`b.category_id = ${categoryId}`;
    const r = await sql<RankRow>`
      ${brandVideos(w, null)}
      SELECT b.id AS brand_id, b.name AS brand_name, b.category_id::int AS category_id, c.name AS category_name,
        (count(*) FILTER (WHERE bvp.sp))::int AS sponsored_videos,
        count(*)::int AS mention_videos,
        COALESCE(sum(bvp.hits), 0)::float8 AS mention_count,
        COALESCE(sum(bvp.play), 0)::float8 AS exposure_play,
        count(DISTINCT bvp.creator_id)::int AS kol_num,
        (count(*) OVER ())::int AS total
      FROM bvp JOIN brands b ON b.id = bvp.brand_id JOIN commerce_categories c ON c.id = b.category_id
      WHERE ${cat}
      GROUP BY b.id, b.name, b.category_id, c.name
      ORDER BY ${order}, b.id
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return r.rows;
  }

  /** Figures of the given brands in a window (brands without videos are absent). */
  async summaries(w: Window, brandIds: number[]): Promise<SummaryRow[]> {
    const r = await sql<SummaryRow>`
      ${brandVideos(w, brandIds)}
      SELECT bvp.brand_id,
        (count(*) FILTER (WHERE bvp.sp))::int AS sponsored_videos,
        count(*)::int AS mention_videos,
        COALESCE(sum(bvp.hits), 0)::float8 AS mention_count,
        COALESCE(sum(bvp.play), 0)::float8 AS exposure_play,
        count(DISTINCT bvp.creator_id)::int AS kol_num
      FROM bvp GROUP BY bvp.brand_id`.execute(this.db);
    return r.rows;
  }

  async trend(
    w: Window,
    brandId: number,
  ): Promise<{ day: string; mention_videos: number; sponsored_videos: number; play: number }[]> {
    const r = await sql<{ day: string; mention_videos: number; sponsored_videos: number; play: number }>`
      ${brandVideos(w, [brandId])}
      SELECT to_char((v.pubdate AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS day,
        count(*)::int AS mention_videos, (count(*) FILTER (WHERE bvp.sp))::int AS sponsored_videos,
        COALESCE(sum(bvp.play), 0)::float8 AS play
      FROM bvp JOIN videos v ON v.id = bvp.video_id
      GROUP BY 1 ORDER BY 1`.execute(this.db);
    return r.rows;
  }

  async partitions(
    w: Window,
    brandId: number,
  ): Promise<{ tid: number | null; name: string | null; video_num: number; play: number }[]> {
    const r = await sql<{ tid: number | null; name: string | null; video_num: number; play: number }>`
      ${brandVideos(w, [brandId])}
      SELECT COALESCE(p.parent_id, p.tid) AS tid, COALESCE(pp.name, p.name) AS name,
        count(*)::int AS video_num, COALESCE(sum(bvp.play), 0)::float8 AS play
      FROM bvp LEFT JOIN partitions p ON p.tid = bvp.tid LEFT JOIN partitions pp ON pp.tid = p.parent_id
      GROUP BY 1, 2 ORDER BY video_num DESC, play DESC LIMIT 20`.execute(this.db);
    return r.rows;
  }

  async kols(w: Window, brandId: number): Promise<BrandKolRecord[]> {
    const r = await sql<BrandKolRecord>`
      ${brandVideos(w, [brandId])}
      SELECT c.id::float8 AS kol_id, c.name AS kol_name, c.face, c.fans::float8 AS fans,
        count(*)::int AS video_num, (count(*) FILTER (WHERE bvp.sp))::int AS sponsored_num,
        COALESCE(sum(bvp.play), 0)::float8 AS play
      FROM bvp JOIN creators c ON c.id = bvp.creator_id
      GROUP BY c.id ORDER BY sponsored_num DESC, video_num DESC, play DESC, c.id LIMIT 20`.execute(this.db);
    return r.rows;
  }

  /**
   * The spend estimate of a brand's sponsored videos in a window (docs/metrics.md "Brand spend estimate"):
   * per video, with the creator's 定制视频 estimate P (creator_metrics.video_price): [0.6 P, 1.2 P]; without one,
   * the CPM band on the video's plays: [plays / 1000 × 20, plays / 1000 × 80].
   */
  async spend(w: Window, brandId: number): Promise<{ low: number; high: number }> {
    const r = await sql<{ low: number | null; high: number | null }>`
      ${brandVideos(w, [brandId])}
      SELECT sum(CASE WHEN cm.video_price IS NOT NULL THEN 0.6 * cm.video_price ELSE bvp.play / 1000.0 * 20 END)::float8 AS low,
             sum(CASE WHEN cm.video_price IS NOT NULL THEN 1.2 * cm.video_price ELSE bvp.play / 1000.0 * 80 END)::float8 AS high
      FROM bvp LEFT JOIN creator_metrics cm ON cm.creator_id = bvp.creator_id
      WHERE bvp.sp`.execute(this.db);
    return { low: r.rows[0]?.low ?? 0, high: r.rows[0]?.high ?? 0 };
  }

  /** The brands of a category with the most videos in the window, the brand itself left out. */
  async competitors(
    w: Window,
    brandId: number,
    categoryId: number,
  ): Promise<{ brand_id: number; brand_name: string }[]> {
    const rows = await this.exposureRank(w, categoryId, 'mentions', 6, 0);
    return rows.filter((r) => r.brand_id !== brandId).slice(0, 4);
  }

  async brandVideoPage(
    w: Window,
    brandId: number,
    sponsored: number | undefined,
    limit: number,
    offset: number,
  ): Promise<BrandVideoRecord[]> {
    const filter = sponsored === undefined ? sql`true` : sponsored === 1 ? sql`bvp.sp` : sql`NOT bvp.sp`;
    const r = await sql<BrandVideoRecord>`
      ${brandVideos(w, [brandId])}
      SELECT v.id::float8 AS video_id, v.bvid, v.title, c.id::float8 AS kol_id, c.name AS kol_name, v.pubdate,
        bvp.play::float8 AS play, s.sponsored, bvp.sp, s.score::float8 AS score,
        (SELECT json_agg(json_build_object('location', m.location, 'alias', m.alias, 'evidence', m.evidence,
                 'hits', m.hits) ORDER BY m.location)
           FROM video_brand_mentions m WHERE m.video_id = v.id AND m.brand_id = ${brandId}) AS mentions,
        (SELECT json_agg(json_build_object('signal', e.signal, 'location', e.location, 'matched', e.matched,
                 'snippet', e.snippet, 'weight', e.weight::float8) ORDER BY e.weight DESC)
           FROM video_sponsorship_evidence e WHERE e.video_id = v.id) AS evidence,
        (count(*) OVER ())::int AS total
      FROM bvp JOIN videos v ON v.id = bvp.video_id JOIN creators c ON c.id = v.creator_id
        LEFT JOIN video_sponsorships s ON s.video_id = v.id
      WHERE ${filter}
      ORDER BY bvp.sp DESC, v.pubdate DESC, v.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return r.rows;
  }

  async searchBrands(
    keyword: string | undefined,
    categoryId: number | undefined,
    w: Window,
    limit: number,
    offset: number,
  ): Promise<BrandSearchRecord[]> {
    const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const kw =
      like === null
        ? sql`true`
        : sql`(b.name ILIKE ${like} OR EXISTS (SELECT 1 FROM brand_aliases a WHERE a.brand_id = b.id AND a.alias ILIKE ${like}))`;
    const cat = categoryId === undefined ? sql`true` : sql`b.category_id = ${categoryId}`;
    void w;
    const r = await sql<BrandSearchRecord>`
      SELECT b.id AS brand_id, b.name AS brand_name, b.category_id::int AS category_id, c.name AS category_name,
        COALESCE((SELECT array_agg(a.alias ORDER BY a.id) FROM brand_aliases a WHERE a.brand_id = b.id), '{}') AS aliases,
        (count(*) OVER ())::int AS total
      FROM brands b JOIN commerce_categories c ON c.id = b.category_id
      WHERE b.enabled AND ${kw} AND ${cat}
      ORDER BY (CASE WHEN ${keyword ?? ''} <> '' AND lower(b.name) = lower(${keyword ?? ''}) THEN 0 ELSE 1 END),
        (SELECT count(*) FROM video_brand_mentions m WHERE m.brand_id = b.id) DESC, b.id
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return r.rows;
  }

  async lastSeen(brandIds: number[]): Promise<Map<number, Date>> {
    if (brandIds.length === 0) return new Map();
    const r = await sql<{ brand_id: number; t: Date }>`
      SELECT brand_id, max(first_seen) AS t FROM video_brand_mentions WHERE brand_id = ANY(${brandIds}::int[])
      GROUP BY brand_id`.execute(this.db);
    return new Map(r.rows.map((x) => [x.brand_id, x.t]));
  }

  // --- sales -------------------------------------------------------------------------------------------------

  /**
   * One line per (goods item, video) of the subjects' goods with the video's plays in the window and the
   * central order estimate (docs/metrics.md "Sales estimates").
   */
  async salesLines(w: Window, type: 'kol' | 'brand', ids: number[]): Promise<SalesLine[]> {
    const subject = type === 'kol' ? sql`vg.creator_id = ANY(${ids}::bigint[])` : sql`g.brand_id = ANY(${ids}::int[])`;
    const r = await sql<SalesLine>`
      WITH lines AS (
        SELECT vg.goods_id, vg.video_id, min(vg.creator_id) AS creator_id,
          max(${ctrSql(sql`vg.source`)}) AS ctr
        FROM video_goods vg JOIN goods g ON g.id = vg.goods_id
        WHERE ${subject}
        GROUP BY vg.goods_id, vg.video_id
      ),
      played AS (
        SELECT l.*, GREATEST(0,
          COALESCE((SELECT d.play FROM video_daily d WHERE d.video_id = l.video_id AND d.day <= ${w.end}::date
                    ORDER BY d.day DESC LIMIT 1), CASE WHEN ${w.endIsToday} THEN v.play ELSE 0 END)
          - COALESCE((SELECT d.play FROM video_daily d WHERE d.video_id = l.video_id AND d.day < ${w.start}::date
                    ORDER BY d.day DESC LIMIT 1), 0))::float8 AS plays
        FROM lines l JOIN videos v ON v.id = l.video_id
      )
      SELECT g.id::float8 AS goods_id, p.video_id::float8 AS video_id, p.creator_id::float8 AS creator_id, g.title,
        g.platform, g.price::float8 AS price, g.category_id::int AS category_id, c.name AS category_name,
        b.name AS brand_name, p.plays,
        (p.plays * p.ctr * ${cvrSql(sql`g.category_id`)} * ${priceFactorSql(sql`g.price`)})::float8 AS orders
      FROM played p JOIN goods g ON g.id = p.goods_id JOIN commerce_categories c ON c.id = g.category_id
        LEFT JOIN brands b ON b.id = g.brand_id
      WHERE p.plays > 0`.execute(this.db);
    return r.rows;
  }

  async videoFacts(
    ids: number[],
  ): Promise<Map<number, { bvid: string; title: string; kolName: string; pubdate: Date }>> {
    if (ids.length === 0) return new Map();
    const r = await sql<{ id: number; bvid: string; title: string; kol_name: string; pubdate: Date }>`
      SELECT v.id::float8 AS id, v.bvid, v.title, c.name AS kol_name, v.pubdate
      FROM videos v JOIN creators c ON c.id = v.creator_id WHERE v.id = ANY(${ids}::bigint[])`.execute(this.db);
    return new Map(
      r.rows.map((x) => [x.id, { bvid: x.bvid, title: x.title, kolName: x.kol_name, pubdate: x.pubdate }]),
    );
  }

  async subjects(type: 'kol' | 'brand', ids: number[]): Promise<{ id: number; name: string; face: string }[]> {
    if (ids.length === 0) return [];
    const r =
      type === 'kol'
        ? await sql<{ id: number; name: string; face: string }>`
            SELECT id::float8 AS id, name, face FROM creators WHERE id = ANY(${ids}::bigint[])`.execute(this.db)
        : await sql<{ id: number; name: string; face: string }>`
            SELECT id, name, '' AS face FROM brands WHERE id = ANY(${ids}::int[])`.execute(this.db);
    return r.rows;
  }

  /** Subjects by name (or a creator's UID): creators who carry goods first, brands that have goods first. */
  async findSubjects(
    type: 'kol' | 'brand',
    keyword: string | undefined,
  ): Promise<{ id: number; name: string; face: string }[]> {
    const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    if (type === 'kol') {
      const uid = keyword && /^\d{1,18}$/.test(keyword) ? keyword : null;
      const r = await sql<{ id: number; name: string; face: string }>`
        SELECT c.id::float8 AS id, c.name, c.face FROM creators c
        WHERE (${like}::text IS NULL OR c.name ILIKE ${like} OR c.mid::text = ${uid})
        ORDER BY EXISTS (SELECT 1 FROM video_goods vg WHERE vg.creator_id = c.id) DESC, c.fans DESC, c.id
        LIMIT 10`.execute(this.db);
      return r.rows;
    }
    const r = await sql<{ id: number; name: string; face: string }>`
      SELECT b.id, b.name, '' AS face FROM brands b
      WHERE (${like}::text IS NULL OR b.name ILIKE ${like}
             OR EXISTS (SELECT 1 FROM brand_aliases a WHERE a.brand_id = b.id AND a.alias ILIKE ${like}))
      ORDER BY EXISTS (SELECT 1 FROM goods g WHERE g.brand_id = b.id) DESC,
        EXISTS (SELECT 1 FROM video_brand_mentions m WHERE m.brand_id = b.id) DESC, b.id
      LIMIT 10`.execute(this.db);
    return r.rows;
  }
}
