/**
 * The goods screens (issue #26; docs/api/commerce.md): search, rank, detail, overview and the creators who sell.
 * Gates: 'commerce.goods' (goods, goodsSearch, goodsRank, goodsDetail) and 'commerce.sellers' (sellGoodsKol),
 * enforced here. Sales are estimates with ranges (commerce.figures.ts, docs/metrics.md "Sales estimates").
 */
import {
  CommerceMsg,
  GOODS_PLATFORM_NAMES,
  GOODS_DAYS,
  GOODS_RANK_PERIODS,
  GOODS_RANK_PERIOD_DAYS,
  GOODS_SOURCE_NAMES,
  categoryName,
  type FeatureKey,
  type GoodsDetailAnswer,
  type GoodsDetailParams,
  type GoodsItem,
  type GoodsOverviewAnswer,
  type GoodsOverviewParams,
  type GoodsRankAnswer,
  type GoodsRankParams,
  type GoodsRankPeriod,
  type GoodsSearchAnswer,
  type GoodsSearchParams,
  type SellKolAnswer,
  type SellKolParams,
} from '@xg/shared';
import { dayStartMs } from '../../db/seed/world/days.js';
import { shanghaiDay } from '../../jobs/clock.js';
import { AppError } from '../../lib/app-error.js';
import { estimateSum } from './commerce.figures.js';
import type { CommerceRepository, GoodsRow } from './commerce.repository.js';

type Envelope = 'code' | 'message';
const DAY_MS = 86_400_000;

/** The day `days - 1` days before `end` (both Asia/Shanghai days, YYYY-MM-DD). */
export function dayMinus(end: string, days: number): string {
  return new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Where the search window of `days` starts (null: any time): the Asia/Shanghai midnight `days - 1` days before
 * `today` — whole days, so the aggregate written once for today (goods_stats) and the on-demand SQL agree.
 */
export function searchSince(today: string, days: number): Date | null {
  return days === 0 ? null : new Date(dayStartMs(dayMinus(today, days)));
}

/** The windows and periods the job commerce.refresh-goods-stats writes for `today` (goods_stats, 0075). */
export function goodsStatsPlan(today: string): {
  windows: { days: number; since: Date | null }[];
  periods: { period: GoodsRankPeriod; start: string }[];
} {
  return {
    windows: GOODS_DAYS.map((days) => ({ days, since: searchSince(today, days) })),
    periods: GOODS_RANK_PERIODS.map((period) => ({ period, start: dayMinus(today, GOODS_RANK_PERIOD_DAYS[period]) })),
  };
}

function item(r: GoodsRow): GoodsItem {
  return {
    goodsId: r.goodsId,
    platform: r.platform,
    platformName: GOODS_PLATFORM_NAMES[r.platform],
    itemId: r.itemId,
    title: r.title,
    price: r.price,
    shop: r.shop,
    brandId: r.brandId,
    brandName: r.brandName,
    categoryId: r.categoryId,
    categoryName: categoryName(r.categoryId),
    cover: r.cover,
    url: r.url,
    firstSeen: r.firstSeen.toISOString(),
    lastSeen: r.lastSeen.toISOString(),
    videoNum: r.videoNum,
    kolNum: r.kolNum,
    playNum: r.playNum,
  };
}

export class CommerceService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: CommerceRepository,
    private readonly requireFeature: (userId: string, feature: FeatureKey) => Promise<unknown>,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private today(): string {
    return shanghaiDay(this.now().getTime());
  }

  async search(userId: string, p: GoodsSearchParams): Promise<Omit<GoodsSearchAnswer, Envelope>> {
    await this.requireFeature(userId, 'commerce.goods');
    const today = this.today();
    const q = {
      keyword: p.keyword,
      categoryId: p.categoryId,
      platform: p.platform,
      priceMin: p.priceMin,
      priceMax: p.priceMax,
      sort: p.sort,
      limit: p.pageSize,
      offset: (p.pageNo - 1) * p.pageSize,
    };
    // the aggregate while it is of today (job commerce.refresh-goods-stats); otherwise on demand
    const { rows, total } =
      (await this.repo.statsDay()) === today
        ? await this.repo.searchStats({ ...q, days: p.days })
        : await this.repo.search({ ...q, since: searchSince(today, p.days) });
    return { list: rows.map(item), total, pageNo: p.pageNo, pageSize: p.pageSize };
  }

  async rank(userId: string, p: GoodsRankParams): Promise<Omit<GoodsRankAnswer, Envelope>> {
    await this.requireFeature(userId, 'commerce.goods');
    const end = this.today();
    const start = dayMinus(end, GOODS_RANK_PERIOD_DAYS[p.period]);
    const offset = (p.pageNo - 1) * p.pageSize;
    const q = { categoryId: p.categoryId, platform: p.platform, by: p.by, limit: p.pageSize, offset };
    const rows =
      (await this.repo.statsDay()) === end
        ? await this.repo.rankStats({ ...q, period: p.period })
        : await this.repo.rank({ ...q, start, end });
    return {
      period: p.period,
      by: p.by,
      endDay: rows.length > 0 ? end : null,
      // Object.assign, not spreads: on Node 20 a spread literal that adds keys costs 1–2 µs a key (a page: 1 ms)
      list: rows.map((r, i) =>
        Object.assign(item(r), estimateSum(r.salesMid, r.gmvMid), {
          rank: offset + i + 1,
          periodPlayNum: r.periodPlayNum,
          periodVideoNum: r.periodVideoNum,
        }),
      ),
      total: rows[0]?.total ?? 0,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  async detail(userId: string, p: GoodsDetailParams): Promise<Omit<GoodsDetailAnswer, Envelope>> {
    await this.requireFeature(userId, 'commerce.goods');
    const goods = await this.repo.goods(p.goodsId);
    if (!goods) throw AppError.fail(CommerceMsg.goodsNotFound);
    const end = this.today();
    const days = p.days === 0 ? 90 : p.days;
    const start = dayMinus(end, days);
    const [prices, trend, sales, videos, kols] = await Promise.all([
      this.repo.prices(goods.goodsId, p.days === 0 ? null : start),
      this.repo.trend(goods.goodsId, start, end),
      this.repo.salesOf(goods.goodsId, start, end),
      this.repo.videos(goods.goodsId, 100),
      this.repo.kols(goods.goodsId, 50),
    ]);
    return {
      goods: item(goods),
      sales: { ...estimateSum(sales.salesMid, sales.gmvMid), days },
      prices,
      trend: trend.map((t) => ({ ...t, salesMid: Math.round(t.salesMid) })),
      videos: videos.map((v) => ({
        ...v,
        pubdate: v.pubdate.toISOString(),
        firstSeen: v.firstSeen.toISOString(),
        sourceName: GOODS_SOURCE_NAMES[v.source],
      })),
      kols,
    };
  }

  async overview(userId: string, p: GoodsOverviewParams): Promise<Omit<GoodsOverviewAnswer, Envelope>> {
    await this.requireFeature(userId, 'commerce.goods');
    const end = this.today();
    const start = dayMinus(end, p.days);
    const [o, top] = await Promise.all([
      this.repo.overview(start, end),
      (async () => {
        const q = { sort: 'videoNum' as const, limit: 10, offset: 0 };
        return (await this.repo.statsDay()) === end
          ? this.repo.searchStats({ ...q, days: p.days })
          : this.repo.search({ ...q, since: searchSince(end, p.days) });
      })(),
    ]);
    return {
      days: p.days,
      totals: o.totals,
      byCategory: o.byCategory.map((c) => ({ ...c, categoryName: categoryName(c.categoryId) })),
      byPlatform: o.byPlatform.map((x) => ({ ...x, platformName: GOODS_PLATFORM_NAMES[x.platform] })),
      trend: o.trend,
      topGoods: top.rows.map(item),
    };
  }

  async sellKols(userId: string, p: SellKolParams): Promise<Omit<SellKolAnswer, Envelope>> {
    await this.requireFeature(userId, 'commerce.sellers');
    const end = this.today();
    const offset = (p.pageNo - 1) * p.pageSize;
    const rows = await this.repo.sellKols({
      keyword: p.keyword,
      categoryId: p.categoryId,
      start: dayMinus(end, p.days),
      end,
      sort: p.sort,
      limit: p.pageSize,
      offset,
    });
    return {
      days: p.days,
      list: rows.map((r) =>
        Object.assign(estimateSum(r.salesMid, r.gmvMid), {
          kolId: r.creatorId,
          kolName: r.name,
          kolImg: r.face,
          kolUid: r.mid,
          fansNum: r.fans,
          sellVideoNum: r.sellVideoNum,
          videoNum: r.videoNum,
          goodsNum: r.goodsNum,
          playNum: r.playNum,
          categories: r.categories.map(categoryName),
          topGoods: r.topGoods,
          lastSellAt: r.lastSellAt ? r.lastSellAt.toISOString() : null,
        }),
      ),
      total: rows[0]?.total ?? 0,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }
}
