import { sql, type RawBuilder } from 'kysely';
import {
  APPROVE_OPTIONS,
  DiscoveryMsg,
  FANS_RANGES,
  GENDER_OPTIONS,
  KOL_SORT_OPTIONS,
  LIVE_OPTIONS,
  Msg,
  PRICE_RANGES,
  SUGGESTION_LIMIT,
  hasKolFilter,
  nameSearchAllowed,
  type BusinessKolItem,
  type BusinessSortParams,
  type FeatureKey,
  type KeywordSuggestion,
  type KolItem,
  type KolSearchParams,
  type QueryKolItem,
  type QueryKolParams,
  type SearchFilterAnswer,
  type ThemeInfo,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { AppError } from '../../lib/app-error.js';
import { CachedMap, type CatalogService } from './catalog.service.js';
import { creatorMatchFor } from './creators.service.js';
import { num, numOrNull, readKolItems } from './kol-items.js';
import type { CreatorSearchBackend } from './search-backend.js';
import { EMPTY_FILTER, SEARCH_TOTAL_CAP, type KolFilter, type KolSearchRepository } from './search.repository.js';

/** Checks a gated feature for the signed-in account (MembershipService.requireFeature). */
export type FeatureGate = (userId: string, feature: FeatureKey) => Promise<unknown>;

type Page<T> = { total: number; pageNo: number; pageSize: number } & T;

/** How long a search's match count is reused. */
export const COUNT_TTL_MS = 60_000;
/**
 * How long the creator ids of a search page are reused (the rows themselves are read fresh). A newly
 * collected creator shows up in searches at most this much later (the §7.3 promise is 5 minutes).
 */
export const PAGE_TTL_MS = 30_000;
/**
 * How long a creator's list row (KolItem) is reused by searches: the figures in a result list may be this
 * much older than the detail page's. The rows hold no per-account state.
 */
export const ITEM_TTL_MS = 10_000;
const ITEM_CACHE_MAX = 50_000;

/**
 * Creator search (§3, §5, §7.3): keyword rules of `creatorMatchFor`, filters, sorts, suggestions, the
 * comparison drawer's lookup and the business-value list. Filters on derived figures (price, audience)
 * read creator_metrics and need the tiers that see those figures (docs/api/discovery.md).
 */
export class KolSearchService {
  /**
   * Match counts (the `total` of a search) by keyword and filters, kept COUNT_TTL_MS: counting a very common
   * 1-character keyword reads thousands of rows, while its first page is an index walk of a few hundred;
   * a total a minute old is fine for paging.
   */
  private readonly counts = new CachedMap<string, number>(COUNT_TTL_MS, 5000);
  /**
   * Page ids by keyword, filters, sort and page, kept PAGE_TTL_MS. Searches repeat: there are only a few
   * hundred 1-character keywords, the most expensive ones to answer, and people page back and forth.
   */
  /** Page ids per query, with the total the index counted (null: the SQL path, which counts apart). */
  private readonly pages = new CachedMap<string, { ids: string[]; total: number | null }>(PAGE_TTL_MS, 20_000);
  /** list rows by creator id, kept ITEM_TTL_MS (insertion order = age) */
  private readonly items = new Map<string, { at: number; item: KolItem }>();

  constructor(
    private readonly db: Db,
    private readonly search: KolSearchRepository,
    private readonly catalog: CatalogService,
    private readonly gate: FeatureGate,
    /** prepared list-row reads (kol-items.ts); null in tools */
    private readonly pool: PreparedPool | null = null,
    /** the in-memory search index; null: SQL only */
    private readonly index: CreatorSearchBackend | null = null,
  ) {}

  async searchKol(userId: string, p: KolSearchParams): Promise<Page<{ kolInfos: KolItem[]; totalCapped: boolean }>> {
    if (p.keyword === undefined && !hasKolFilter(p)) throw AppError.fail(Msg.keywordRequired, { field: 'keyword' });
    const match = p.keyword === undefined ? null : creatorMatchFor(p.keyword);
    const filter = await this.filterOf(userId, p);
    const { pageNo: _pageNo, pageSize: _pageSize, sort: _sort, ...counted } = p;
    const countKey = JSON.stringify(counted);
    const offset = (p.pageNo - 1) * p.pageSize;
    const { ids, total: indexTotal } = await this.pages.get(JSON.stringify(p), async () => {
      const page = { limit: p.pageSize, offset };
      const indexed = this.index ? await this.index.page(match, filter, p.sort ?? null, page) : null;
      if (!indexed) return { ids: await this.search.searchPageIds(match, filter, p.sort ?? null, page), total: null };
      return { ids: indexed.ids, total: indexed.total };
    });
    // The index's count travels with its page: a page still cached after its count left the (smaller) count cache
    // must not fall back to counting in SQL (a full count of a common keyword under a filter).
    if (indexTotal !== null) this.counts.put(countKey, indexTotal);
    // A page that is not full is the last one: it tells the total without counting.
    if (ids.length < p.pageSize && (ids.length > 0 || offset === 0)) this.counts.put(countKey, offset + ids.length);
    const [kolInfos, total] = await Promise.all([
      this.listRows(ids),
      this.counts.get(countKey, () => this.search.countMatches(match, filter)),
    ]);
    return {
      kolInfos,
      total: Math.min(total, SEARCH_TOTAL_CAP),
      totalCapped: total > SEARCH_TOTAL_CAP,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  /** The list rows of `ids` in that order: cached ones (ITEM_TTL_MS), the others read in one statement. */
  private async listRows(ids: readonly string[]): Promise<KolItem[]> {
    const now = Date.now();
    const missing = ids.filter((id) => {
      const cached = this.items.get(id);
      return !cached || now - cached.at >= ITEM_TTL_MS;
    });
    if (missing.length > 0) {
      for (const item of await readKolItems(this.db, missing, this.pool)) {
        const id = String(item.kolId);
        this.items.delete(id); // re-inserted at the young end
        this.items.set(id, { at: now, item });
      }
      for (const id of this.items.keys()) {
        if (this.items.size <= ITEM_CACHE_MAX) break;
        this.items.delete(id);
      }
    }
    return ids.flatMap((id) => {
      const cached = this.items.get(id);
      return cached ? [cached.item] : [];
    });
  }

  /** Typing-ahead: never an error, an unusable keyword answers nothing. */
  async suggest(keyword: string | undefined): Promise<KeywordSuggestion[]> {
    if (keyword === undefined) return [];
    const digits = /^\d+$/.test(keyword);
    if (!digits && !nameSearchAllowed(keyword)) return [];
    const ids = await this.search.suggestIds(creatorMatchFor(keyword), SUGGESTION_LIMIT);
    const items = await readKolItems(this.db, ids, this.pool);
    return items.map((k) => ({
      kolId: k.kolId,
      kolName: k.kolName,
      kolUid: k.kolUid,
      kolImg: k.kolImg,
      fansNum: k.fansNum,
      isApprove: k.isApprove,
    }));
  }

  /** POST /api/queryKol (type 0, the comparison drawer): the first SUGGESTION_LIMIT matches of searchKol. */
  async queryKol(p: QueryKolParams): Promise<QueryKolItem[]> {
    const ids = await this.search.searchPageIds(creatorMatchFor(p.keyword), EMPTY_FILTER, null, {
      limit: SUGGESTION_LIMIT,
      offset: 0,
    });
    const items = await readKolItems(this.db, ids, this.pool);
    return items.map((k) => ({
      kolId: k.kolId,
      kolName: k.kolName,
      kolUid: k.kolUid,
      kolImg: k.kolImg,
      gender: k.gender,
      isApprove: k.isApprove,
      fansNum: k.fansNum,
    }));
  }

  async filterOptions(): Promise<Omit<SearchFilterAnswer, 'code' | 'message'>> {
    const [themeInfos, mcnList, regions] = await Promise.all([
      this.catalog.tree(),
      this.catalog.topMcns(),
      sql<{ region: string }>`SELECT region FROM region_priors ORDER BY weight DESC, region`.execute(this.db),
    ]);
    return {
      themeInfos,
      levelList: [1, 2, 3, 4, 5, 6],
      fansNumBasicDatas: [...FANS_RANGES],
      businessPriceBasicDatas: [...PRICE_RANGES],
      mcnList,
      genderList: [...GENDER_OPTIONS],
      approveList: [...APPROVE_OPTIONS],
      liveList: [...LIVE_OPTIONS],
      regions: regions.rows.map((r) => r.region),
      sortList: [...KOL_SORT_OPTIONS],
    };
  }

  /** The partition tree, or one top-level partition's children. */
  async twoSortFlag(tid: number | undefined): Promise<ThemeInfo[]> {
    const tree = await this.catalog.tree();
    if (tid === undefined || tid === 0) return tree;
    const top = tree.find((t) => t.tid === tid);
    if (!top) throw AppError.fail(DiscoveryMsg.tidInvalid, { field: 'tid' });
    return (top.children ?? []).map((c) => ({ tid: c.tid, name: c.name }));
  }

  /** Creators by business value (creator_metrics.business_value, docs/metrics.md) within a partition. */
  async businessSort(userId: string, p: BusinessSortParams): Promise<Page<{ kolInfos: BusinessKolItem[] }>> {
    await this.gate(userId, 'creator.commercial');
    const tids = p.tid === undefined || p.tid === 0 ? null : await this.catalog.expand(p.tid);
    const offset = (p.pageNo - 1) * p.pageSize;
    const where = tids ? sql`c.partition_tid = ANY(${tids}::int[])` : sql`true`;
    const [rows, count] = await Promise.all([
      sql<{ id: string; video_price: string; implantation_price: string }>`
        SELECT c.id, m.video_price, m.implantation_price FROM creator_metrics m JOIN creators c ON c.id = m.creator_id
        WHERE ${where}
        ORDER BY m.business_value DESC, m.creator_id
        LIMIT ${p.pageSize} OFFSET ${offset}`.execute(this.db),
      sql<{ total: string }>`
        SELECT count(*) AS total FROM creator_metrics m JOIN creators c ON c.id = m.creator_id WHERE ${where}`.execute(
        this.db,
      ),
    ]);
    const items = await readKolItems(
      this.db,
      rows.rows.map((r) => r.id),
    );
    const prices = new Map(rows.rows.map((r) => [num(r.id), r]));
    return {
      kolInfos: items.map((k, i) =>
        // k is this call's own fresh item: extended in place (a spread with new keys is slow: kol-items.ts)
        Object.assign(k, {
          rank: offset + i + 1,
          videoPrice: numOrNull(prices.get(k.kolId)?.video_price),
          implantationPrice: numOrNull(prices.get(k.kolId)?.implantation_price),
        }),
      ),
      total: num(count.rows[0]?.total ?? 0),
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  private async filterOf(userId: string, p: KolSearchParams): Promise<KolFilter> {
    let tids: number[] | null = null;
    if (p.tid !== undefined) tids = await this.catalog.expand(p.tid);
    if (p.twoSortFlag !== undefined) {
      const top = p.tid !== undefined && (await this.catalog.partition(p.tid))?.parentId === null ? p.tid : null;
      tids = await this.catalog.checkChildren(p.twoSortFlag, top);
    }
    if (p.mcnId !== undefined) await this.catalog.checkMcn(p.mcnId);

    const metrics: RawBuilder<unknown>[] = [];
    if (p.priceMin !== undefined || p.priceMax !== undefined) {
      await this.gate(userId, 'creator.commercial');
      if (p.priceMin !== undefined) metrics.push(sql`m.video_price >= ${p.priceMin}`);
      if (p.priceMax !== undefined) metrics.push(sql`m.video_price <= ${p.priceMax}`);
    }
    if (p.fansGender !== undefined || p.fansRegion !== undefined) {
      await this.gate(userId, 'creator.portrait');
      if (p.fansGender === 1) metrics.push(sql`m.audience_male_pct > 50`);
      if (p.fansGender === 0) metrics.push(sql`m.audience_male_pct < 50`);
      if (p.fansRegion !== undefined) metrics.push(sql`m.audience_top_region = ${p.fansRegion}`);
    }
    return {
      tids,
      fansMin: p.fansMin ?? null,
      fansMax: p.fansMax ?? null,
      levels: p.level ?? null,
      approve: p.isApprove ?? null,
      gender: p.gender ?? null,
      mcnId: p.mcnId ?? null,
      isLive: p.isLive ?? null,
      impossible: p.isEnter === 1,
      metrics:
        metrics.length === 0
          ? []
          : [
              sql`EXISTS (SELECT 1 FROM creator_metrics m WHERE m.creator_id = c.id AND ${sql.join(metrics, sql` AND `)})`,
            ],
    };
  }
}
