/**
 * SQL of commerce collection (migration 0061): the brand dictionary, which videos to read, and the write of one
 * page's detections — goods and today's price, shop links, video_goods, brand mentions, the sponsorship verdict
 * and its evidence, the read mark. One transaction per video; every write is an upsert on the natural key, so a
 * repeated read rewrites the same rows (first_seen kept, last_seen / hits / evidence updated). A past day of
 * goods_price_daily is never written: the day is always the read's own Asia/Shanghai day.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import type { BrandAlias } from './detect-brands.js';
import type { PageDetection } from './detect.js';

/** A video read again while it is younger than this (goods prices, new danmaku) … */
export const REREAD_MAX_AGE_MS = 30 * 24 * 3600_000;
/** … and its last read older than this. */
export const REREAD_AFTER_MS = 20 * 3600_000;

export interface VideoToRead {
  id: number;
  aid: number;
  creatorId: number;
  title: string;
  tags: string[];
}

export class CommerceCollectRepository {
  constructor(private readonly db: Db) {}

  /** The enabled brands' aliases with their brand's category name. */
  async dictionary(): Promise<BrandAlias[]> {
    const r = await sql<{
      brand_id: number;
      name: string;
      category: string;
      alias: string;
      ambiguous: boolean;
      context_words: string[];
      exclude_phrases: string[];
    }>`
      SELECT a.brand_id, b.name, c.name AS category, a.alias, a.ambiguous, a.context_words, a.exclude_phrases
      FROM brand_aliases a JOIN brands b ON b.id = a.brand_id JOIN commerce_categories c ON c.id = b.category_id
      WHERE b.enabled
      ORDER BY a.id`.execute(this.db);
    return r.rows.map((x) => ({
      brandId: x.brand_id,
      brandName: x.name,
      category: x.category,
      alias: x.alias,
      ambiguous: x.ambiguous,
      contextWords: x.context_words,
      excludePhrases: x.exclude_phrases,
    }));
  }

  async categoryIds(): Promise<Map<string, number>> {
    const r = await sql<{ id: number; name: string }>`SELECT id, name FROM commerce_categories`.execute(this.db);
    return new Map(r.rows.map((x) => [x.name, x.id]));
  }

  async brandCategories(): Promise<Map<number, number>> {
    const r = await sql<{ id: number; category_id: number }>`SELECT id, category_id FROM brands`.execute(this.db);
    return new Map(r.rows.map((x) => [x.id, x.category_id]));
  }

  /**
   * A creator's videos to read: never read first (newest first), then young videos whose last read is old.
   */
  async videosToRead(creatorId: number, now: Date, limit: number): Promise<VideoToRead[]> {
    const young = new Date(now.getTime() - REREAD_MAX_AGE_MS);
    const stale = new Date(now.getTime() - REREAD_AFTER_MS);
    const r = await sql<{ id: string; aid: string; creator_id: string; title: string; tags: string[] | null }>`
      SELECT v.id, v.aid, v.creator_id, v.title, v.tags
      FROM videos v LEFT JOIN video_commerce_reads r ON r.video_id = v.id
      WHERE v.creator_id = ${creatorId} AND v.status = 0
        AND (r.video_id IS NULL OR (v.pubdate >= ${young} AND r.read_at < ${stale}))
      ORDER BY (r.video_id IS NULL) DESC, v.pubdate DESC
      LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({
      id: Number(x.id),
      aid: Number(x.aid),
      creatorId: Number(x.creator_id),
      title: x.title,
      tags: x.tags ?? [],
    }));
  }

  /** A video the platform no longer shows: marked read with nothing found. */
  async markGone(videoId: number, at: Date): Promise<void> {
    await sql`
      INSERT INTO video_commerce_reads (video_id, read_at) VALUES (${videoId}, ${at})
      ON CONFLICT (video_id) DO UPDATE SET read_at = EXCLUDED.read_at, reads = video_commerce_reads.reads + 1`.execute(
      this.db,
    );
  }

  /** Stores one page's detections (one transaction). `day` is the read's Asia/Shanghai day. */
  async saveRead(
    video: { id: number; creatorId: number },
    d: PageDetection,
    read: { at: Date; day: string; danmaku: number; comments: number },
    categories: { byName: Map<string, number>; ofBrand: Map<number, number> },
  ): Promise<{ goods: number; mentions: number; evidence: number }> {
    const at = read.at;
    return this.db.transaction().execute(async (tx) => {
      const goodsIds = new Map<string, number>();
      for (const g of d.goods) {
        const key = `${g.platform}:${g.itemId}`;
        const categoryId =
          (g.category ? categories.byName.get(g.category) : undefined) ??
          (g.brandId !== null ? categories.ofBrand.get(g.brandId) : undefined) ??
          99;
        // a card (goods area) knows more than a link's line: its title, price and shop win over a link's
        const fromCard = g.source === 'goods_area';
        const r = await sql<{ id: string }>`
          INSERT INTO goods (platform, item_id, title, price, shop, brand_id, category_id, cover, url, first_seen, last_seen)
          VALUES (${g.platform}, ${g.itemId}, ${g.title}, ${g.price}, ${g.shop}, ${g.brandId}, ${categoryId}, ${g.cover},
                  ${g.url}, ${at}, ${at})
          ON CONFLICT (platform, item_id) DO UPDATE SET
            title = CASE WHEN ${fromCard} OR goods.title = '' THEN EXCLUDED.title ELSE goods.title END,
            price = coalesce(EXCLUDED.price, goods.price),
            shop = CASE WHEN EXCLUDED.shop <> '' THEN EXCLUDED.shop ELSE goods.shop END,
            brand_id = coalesce(goods.brand_id, EXCLUDED.brand_id),
            category_id = CASE WHEN goods.category_id = 99 THEN EXCLUDED.category_id ELSE goods.category_id END,
            cover = CASE WHEN EXCLUDED.cover <> '' THEN EXCLUDED.cover ELSE goods.cover END,
            last_seen = greatest(goods.last_seen, EXCLUDED.last_seen)
          RETURNING id`.execute(tx);
        const id = Number(r.rows[0]?.id);
        goodsIds.set(key, id);
        if (g.price !== null) {
          await sql`
            INSERT INTO goods_price_daily (goods_id, day, price, low, high)
            VALUES (${id}, ${read.day}::date, ${g.price}, ${g.price}, ${g.price})
            ON CONFLICT (goods_id, day) DO UPDATE SET
              price = EXCLUDED.price, low = least(goods_price_daily.low, EXCLUDED.low),
              high = greatest(goods_price_daily.high, EXCLUDED.high), samples = goods_price_daily.samples + 1`.execute(
            tx,
          );
        }
        await sql`
          INSERT INTO video_goods (video_id, goods_id, source, creator_id, link, evidence, first_seen, last_seen)
          VALUES (${video.id}, ${id}, ${g.source}, ${video.creatorId}, ${g.link}, ${g.evidence}, ${at}, ${at})
          ON CONFLICT (video_id, goods_id, source) DO UPDATE SET
            link = EXCLUDED.link, evidence = EXCLUDED.evidence, last_seen = EXCLUDED.last_seen`.execute(tx);
      }
      for (const l of d.links) {
        const goodsId = l.itemId ? (goodsIds.get(`${l.platform}:${l.itemId}`) ?? null) : null;
        await sql`
          INSERT INTO video_shop_links (video_id, url, source, platform, kind, item_id, goods_id, evidence, first_seen, last_seen)
          VALUES (${video.id}, ${l.url}, ${l.source}, ${l.platform}, ${l.kind}, ${l.itemId}, ${goodsId}, ${l.evidence},
                  ${at}, ${at})
          ON CONFLICT (video_id, url, source) DO UPDATE SET
            goods_id = coalesce(EXCLUDED.goods_id, video_shop_links.goods_id), evidence = EXCLUDED.evidence,
            last_seen = EXCLUDED.last_seen`.execute(tx);
      }
      for (const m of d.mentions) {
        await sql`
          INSERT INTO video_brand_mentions (video_id, brand_id, location, creator_id, alias, evidence, hits, first_seen, last_seen)
          VALUES (${video.id}, ${m.brandId}, ${m.location}, ${video.creatorId}, ${m.alias}, ${m.evidence}, ${m.hits}, ${at}, ${at})
          ON CONFLICT (video_id, brand_id, location) DO UPDATE SET
            alias = EXCLUDED.alias, evidence = EXCLUDED.evidence,
            hits = greatest(video_brand_mentions.hits, EXCLUDED.hits), last_seen = EXCLUDED.last_seen`.execute(tx);
      }
      await sql`
        INSERT INTO video_sponsorships (video_id, creator_id, sponsored, selling, score, brand_id, first_seen, updated_at)
        VALUES (${video.id}, ${video.creatorId}, ${d.sponsored}, ${d.selling}, ${d.score}, ${d.brandId}, ${at}, ${at})
        ON CONFLICT (video_id) DO UPDATE SET
          sponsored = EXCLUDED.sponsored, selling = video_sponsorships.selling OR EXCLUDED.selling,
          score = EXCLUDED.score, brand_id = coalesce(EXCLUDED.brand_id, video_sponsorships.brand_id),
          updated_at = EXCLUDED.updated_at`.execute(tx);
      for (const s of d.signals) {
        await sql`
          INSERT INTO video_sponsorship_evidence (video_id, signal, location, matched, snippet, weight, first_seen)
          VALUES (${video.id}, ${s.signal}, ${s.location}, ${s.matched.slice(0, 200)}, ${s.snippet}, ${s.weight}, ${at})
          ON CONFLICT (video_id, signal, location, matched) DO UPDATE SET
            snippet = EXCLUDED.snippet, weight = EXCLUDED.weight`.execute(tx);
      }
      await sql`
        INSERT INTO video_commerce_reads (video_id, read_at, danmaku, comments)
        VALUES (${video.id}, ${at}, ${read.danmaku}, ${read.comments})
        ON CONFLICT (video_id) DO UPDATE SET
          read_at = EXCLUDED.read_at, reads = video_commerce_reads.reads + 1,
          danmaku = EXCLUDED.danmaku, comments = EXCLUDED.comments`.execute(tx);
      return { goods: d.goods.length, mentions: d.mentions.length, evidence: d.signals.length };
    });
  }
}
