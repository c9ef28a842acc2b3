import {
  FREE_VIDEO_ROWS,
  VIDEO_SEARCH_MAX_ROWS,
  featureAllowed,
  type VideoSearchAnswer,
  type VideoSearchItem,
  type VideoSearchParams,
} from '@xg/shared';
import { CachedMap, type CatalogService } from '../creators/catalog.service.js';
import type { FeatureGate } from '../creators/search.service.js';
import { toVideoItem } from '../videos/video-items.js';
import {
  headAnswers,
  titlesAnswer,
  videoTopKey,
  videoTopScope,
  type VideoFilter,
  type VideoLibraryRepository,
} from './video-library.repository.js';

/** How long a search's capped count is reused (as the creator search's COUNT_TTL_MS). */
export const VIDEO_COUNT_TTL_MS = 60_000;
/** How long the ids of a search page are reused (the rows themselves are read fresh). */
export const VIDEO_PAGE_TTL_MS = 30_000;
/**
 * How long the whole order of a play / like search (its first VIDEO_SEARCH_MAX_ROWS ids) is reused. Those orders
 * rank every match (counters are not indexed, migration 0012), so the ranking is done once for all its pages; the
 * order may be this much older than the figures shown in its rows.
 */
export const VIDEO_ORDER_TTL_MS = 60_000;
// Without a keyword or any filter but the partition and the library, the play / like orders are read from the
// table the job library.refresh-video-tops keeps (video_top, migration 0074): as of its last refresh (nightly,
// and at start when empty), the rows still read fresh.

type Answer = Omit<VideoSearchAnswer, 'code' | 'message'>;

/** The team's flags of video rows (CollectService.decorateVideos). */
export type VideoDecorator = (userId: string, rows: VideoSearchItem[]) => Promise<VideoSearchItem[]>;

/**
 * The video libraries (issue #26 item 5): 视频搜索 (`video`) and 短视频库 (`videoShort`, `short=1`).
 * Gates (FEATURE_POLICY, enforced here): 免费版 reads the first FREE_VIDEO_ROWS rows of a search (`video.search`,
 * 初级版); the short-video library needs `video.short` (初级版). Paging is bounded at VIDEO_SEARCH_MAX_ROWS.
 * `sponsored` filters by the commerce verdict (docs/api/video-library.md "Sponsored filter"): 1 sponsored, 0 read and
 * judged not sponsored.
 */
export class VideoLibraryService {
  private readonly counts = new CachedMap<string, number>(VIDEO_COUNT_TTL_MS, 5000);
  private readonly pages = new CachedMap<string, string[]>(VIDEO_PAGE_TTL_MS, 20_000);
  private readonly orders = new CachedMap<string, { ids: string[]; whole: boolean; sql: boolean }>(
    VIDEO_ORDER_TTL_MS,
    2_000,
  );

  constructor(
    private readonly repo: VideoLibraryRepository,
    private readonly catalog: CatalogService,
    private readonly gate: FeatureGate,
    private readonly tierOf: (userId: string) => Promise<{ userType: number }>,
    private readonly decorate: VideoDecorator,
  ) {}

  async search(userId: string, p: VideoSearchParams): Promise<Answer> {
    if (p.short === 1) await this.gate(userId, 'video.short');
    const offset = (p.pageNo - 1) * p.pageSize;
    let limit = Math.min(p.pageSize, VIDEO_SEARCH_MAX_ROWS - offset);
    let limited = false;
    const { userType } = await this.tierOf(userId);
    if (!featureAllowed(userType, 'video.search')) {
      if (offset >= FREE_VIDEO_ROWS) await this.gate(userId, 'video.search'); // throws the gate's answer
      limit = Math.min(limit, FREE_VIDEO_ROWS - offset);
      limited = true;
    }
    const filter = await this.filterOf(p);
    const { pageNo: _n, pageSize: _s, sort: _o, ...counted } = p;
    const countKey = JSON.stringify(counted);
    let ids: string[];
    if (p.sort === 'time') {
      // an index walk that stops at the page; a keyword whose count is known (an earlier page of the search)
      // to be at most VIDEO_SEARCH_MAX_ROWS has its matches ranked at once: a walk of the newest titles would
      // seldom fill its page. (Counting first on every search cost a count's time before each page: no gain in
      // the 1M bench, docs/performance.md session 19.)
      const known = filter.keyword !== null && titlesAnswer(filter) ? this.counts.peek(countKey) : undefined;
      const few = known !== undefined && (await known) <= VIDEO_SEARCH_MAX_ROWS;
      ids = await this.pages.get(JSON.stringify({ ...p, offset, limit }), () =>
        this.repo.pageIds(filter, p.sort, { limit, offset, few }),
      );
    } else {
      // the kept order (video_top, migration 0074) when it answers this search; with other filters, the kept
      // rows that match them are the exact head of the order; otherwise (or past that head) a ranking of every
      // match in SQL, once for all the pages it can have
      const orderKey = JSON.stringify({ ...counted, sort: p.sort });
      const key = videoTopKey(filter, p.sort, p.tid ?? null);
      const scope = videoTopScope(filter, p.sort, p.tid ?? null);
      const ranked = () =>
        this.orders.get(`${orderKey}:sql`, async () => ({
          ids: await this.repo.pageIds(filter, p.sort, { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 }),
          whole: true,
          sql: true,
        }));
      let order = await this.orders.get(orderKey, async () => {
        const kept = key === null ? null : await this.repo.topOrder(key);
        if (kept) {
          // a scope the refresh kept whole (fewer than VIDEO_SEARCH_MAX_ROWS: a small scope, cheap to count) is
          // complete only while no video arrived since: otherwise its ranking is redone in SQL (a new deployment's
          // first day would miss every video collected after the start-up refresh)
          if (kept.kept < VIDEO_SEARCH_MAX_ROWS) {
            const now = await this.counts.get(countKey, () => this.repo.countCapped(filter));
            if (now > kept.ids.length) return ranked();
          }
          return { ids: kept.ids, whole: true, sql: false };
        }
        // a keyword search: its matches among the head of the whole order (video_head), an exact prefix of its
        // own order read from one compact table; a partition's kept order may reach deeper into a small partition
        const wide = scope !== null && headAnswers(filter) ? await this.repo.headMatches(scope.sort, filter) : null;
        if (wide?.more) this.counts.put(countKey, VIDEO_SEARCH_MAX_ROWS + 1);
        if (wide && (wide.ids.length >= VIDEO_SEARCH_MAX_ROWS || scope?.tid === 0)) {
          return { ids: wide.ids, whole: wide.ids.length >= VIDEO_SEARCH_MAX_ROWS, sql: false };
        }
        const head = key === null && scope !== null ? await this.repo.topFiltered(scope, filter) : null;
        const longer = wide && (!head || wide.ids.length > head.ids.length) ? { ids: wide.ids, whole: false } : head;
        return longer ? { ...longer, sql: false } : ranked();
      });
      if (!order.whole && offset + Math.max(0, limit) > order.ids.length) order = await ranked();
      // a short SQL ranking is every match (a kept order may have lost rows hidden since its refresh: counted)
      if (order.sql && order.ids.length < VIDEO_SEARCH_MAX_ROWS) this.counts.put(countKey, order.ids.length);
      ids = order.ids.slice(offset, offset + Math.max(0, limit));
    }
    // a page that is not full is the last one: it tells the total without counting
    if (ids.length < limit && (ids.length > 0 || offset === 0)) this.counts.put(countKey, offset + ids.length);
    const [rows, counted_] = await Promise.all([
      this.repo.rows(ids),
      this.counts.get(countKey, () => this.repo.countCapped(filter)),
    ]);
    const items: VideoSearchItem[] = rows.map((r) =>
      // onto the fresh item, not a spread with new keys (slow on Node 20: kol-items.ts toKolItem)
      Object.assign(toVideoItem(r), {
        isVertical: r.vertical === null ? null : r.vertical ? 1 : 0,
        isCollect: 0,
        isPut: 0,
      }),
    );
    return {
      videoInfos: await this.decorate(userId, items),
      total: Math.min(counted_, VIDEO_SEARCH_MAX_ROWS),
      totalCapped: counted_ > VIDEO_SEARCH_MAX_ROWS,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      limited,
    };
  }

  private async filterOf(p: VideoSearchParams): Promise<VideoFilter> {
    return {
      keyword: p.keyword ?? null,
      tids: p.tid === undefined ? null : await this.catalog.expand(p.tid),
      durationMin: p.durationMin ?? null,
      durationMax: p.durationMax ?? null,
      playMin: p.playMin ?? null,
      playMax: p.playMax ?? null,
      likeMin: p.likeMin ?? null,
      likeMax: p.likeMax ?? null,
      pubFrom: p.pubFrom ?? null,
      pubTo: p.pubTo ?? null,
      short: p.short === 1,
      shape: p.shape ?? null,
      sponsored: p.sponsored === undefined ? null : p.sponsored === 1,
    };
  }
}
