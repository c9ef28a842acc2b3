/**
 * Commerce (带货 goods, issue #26): parameters and answers of the goods calls (docs/api/commerce.md), the
 * reference lists (categories, platforms), and the messages. Sales figures are model estimates (docs/metrics.md
 * "Sales estimates"): every answer carrying them says `estimated: true` and gives a range.
 */
import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { pagingShape, type PageInfo } from './discovery.js';
import { decodeKeyword } from './schemas.js';
import { blank, choiceField, intIn, text } from './validation.js';

export const CommerceMsg = {
  keywordInvalid: '关键词需为1到40个字符',
  categoryInvalid: '商品分类有误',
  platformInvalid: '电商平台有误',
  priceInvalid: '价格区间需为0到1000000之间的数字',
  priceRange: '最低价不能高于最高价',
  daysInvalid: '时间范围有误',
  periodInvalid: '榜单周期有误',
  rankByInvalid: '排行方式有误',
  sortInvalid: '排序方式有误',
  goodsIdInvalid: '商品编号有误',
  goodsNotFound: '商品不存在或已下架',
  estimateNote: '销量为估算值（按带货视频播放量与转化模型推算），仅供参考',
} as const;

/** Categories of goods and brands (commerce_categories, migration 0061; fixed ids). */
export const COMMERCE_CATEGORIES = [
  { id: 1, name: '数码' },
  { id: 2, name: '美妆' },
  { id: 3, name: '食品饮料' },
  { id: 4, name: '服饰' },
  { id: 5, name: '家电' },
  { id: 6, name: '游戏' },
  { id: 7, name: '汽车' },
  { id: 8, name: '母婴' },
  { id: 9, name: '个护' },
  { id: 10, name: '家居' },
  { id: 11, name: '运动户外' },
  { id: 12, name: '互联网服务' },
  { id: 13, name: '教育' },
  { id: 14, name: '医药保健' },
  { id: 15, name: '宠物' },
  { id: 99, name: '其他' },
] as const;
export const COMMERCE_CATEGORY_IDS: readonly number[] = COMMERCE_CATEGORIES.map((c) => c.id);
export function categoryName(id: number): string {
  return COMMERCE_CATEGORIES.find((c) => c.id === id)?.name ?? '其他';
}

export const GOODS_PLATFORMS = ['taobao', 'tmall', 'jd', 'bilibili', 'pdd'] as const;
export type GoodsPlatform = (typeof GOODS_PLATFORMS)[number];
export const GOODS_PLATFORM_NAMES: Readonly<Record<GoodsPlatform, string>> = {
  taobao: '淘宝',
  tmall: '天猫',
  jd: '京东',
  bilibili: '会员购',
  pdd: '拼多多',
};

export const GOODS_SOURCES = ['desc', 'pinned_comment', 'goods_area'] as const;
export type GoodsSource = (typeof GOODS_SOURCES)[number];
export const GOODS_SOURCE_NAMES: Readonly<Record<GoodsSource, string>> = {
  desc: '视频简介',
  pinned_comment: '置顶评论',
  goods_area: '商品橱窗',
};

/** Time windows of the goods calls (days; 0 = all time). */
export const GOODS_DAYS = [7, 30, 90, 0] as const;
export const GOODS_RANK_PERIODS = ['day', 'week', 'month'] as const;
export type GoodsRankPeriod = (typeof GOODS_RANK_PERIODS)[number];
export const GOODS_RANK_PERIOD_DAYS: Readonly<Record<GoodsRankPeriod, number>> = { day: 1, week: 7, month: 30 };
export const GOODS_RANK_PERIOD_NAMES: Readonly<Record<GoodsRankPeriod, string>> = {
  day: '日榜',
  week: '周榜',
  month: '月榜',
};
export const GOODS_RANK_BY = ['video', 'sales', 'play'] as const;
export type GoodsRankBy = (typeof GOODS_RANK_BY)[number];
export const GOODS_RANK_BY_NAMES: Readonly<Record<GoodsRankBy, string>> = {
  video: '带货视频数',
  sales: '估算销量',
  play: '带货视频播放',
};
export const GOODS_SEARCH_SORTS = ['videoNum', 'playNum', 'price', 'lastSeen'] as const;
export type GoodsSearchSort = (typeof GOODS_SEARCH_SORTS)[number];
export const SELL_KOL_SORTS = ['sales', 'videoNum', 'goodsNum'] as const;
export type SellKolSort = (typeof SELL_KOL_SORTS)[number];

const keyword = z.preprocess(
  (v) => (typeof v === 'string' ? decodeKeyword(v).trim() : v),
  z.preprocess(
    blank,
    text(CommerceMsg.keywordInvalid)
      .min(1, { error: CommerceMsg.keywordInvalid })
      .max(40, { error: CommerceMsg.keywordInvalid })
      .optional(),
  ),
);
const categoryId = z.preprocess(
  blank,
  z.coerce
    .number({ error: CommerceMsg.categoryInvalid })
    .int({ error: CommerceMsg.categoryInvalid })
    .refine((v) => COMMERCE_CATEGORY_IDS.includes(v), { error: CommerceMsg.categoryInvalid })
    .optional(),
);
const platform = z.preprocess(blank, z.enum(GOODS_PLATFORMS, { error: CommerceMsg.platformInvalid }).optional());
const price = z.preprocess(
  blank,
  z.coerce
    .number({ error: CommerceMsg.priceInvalid })
    .min(0, { error: CommerceMsg.priceInvalid })
    .max(1_000_000, { error: CommerceMsg.priceInvalid })
    .optional(),
);
function daysOf(fallback: (typeof GOODS_DAYS)[number]) {
  return choiceField(GOODS_DAYS, CommerceMsg.daysInvalid, fallback);
}

export const GoodsSearchParams = z
  .object({
    keyword,
    categoryId,
    platform,
    priceMin: price,
    priceMax: price,
    /** goods seen in a video in the last N days (0 = any time) */
    days: daysOf(30),
    sort: z.preprocess(blank, z.enum(GOODS_SEARCH_SORTS, { error: CommerceMsg.sortInvalid }).default('videoNum')),
    ...pagingShape,
  })
  .refine((p) => p.priceMin === undefined || p.priceMax === undefined || p.priceMin <= p.priceMax, {
    error: CommerceMsg.priceRange,
  });
export type GoodsSearchParams = z.infer<typeof GoodsSearchParams>;

export const GoodsRankParams = z.object({
  by: z.preprocess(blank, z.enum(GOODS_RANK_BY, { error: CommerceMsg.rankByInvalid }).default('video')),
  period: z.preprocess(blank, z.enum(GOODS_RANK_PERIODS, { error: CommerceMsg.periodInvalid }).default('week')),
  categoryId,
  platform,
  ...pagingShape,
});
export type GoodsRankParams = z.infer<typeof GoodsRankParams>;

export const GoodsDetailParams = z.object({
  goodsId: intIn(CommerceMsg.goodsIdInvalid, 1, Number.MAX_SAFE_INTEGER),
  days: daysOf(30),
});
export type GoodsDetailParams = z.infer<typeof GoodsDetailParams>;

export const GoodsOverviewParams = z.object({
  days: choiceField([7, 30, 90], CommerceMsg.daysInvalid, 30),
});
export type GoodsOverviewParams = z.infer<typeof GoodsOverviewParams>;

export const SellKolParams = z.object({
  keyword,
  categoryId,
  days: choiceField([7, 30, 90], CommerceMsg.daysInvalid, 30),
  sort: z.preprocess(blank, z.enum(SELL_KOL_SORTS, { error: CommerceMsg.sortInvalid }).default('sales')),
  ...pagingShape,
});
export type SellKolParams = z.infer<typeof SellKolParams>;

// Answers ------------------------------------------------------------------------------------------------

/** A sales estimate (orders) and its amount (yuan): always a range, never exact (docs/metrics.md). */
export interface SalesEstimate {
  estimated: true;
  salesLow: number;
  salesMid: number;
  salesHigh: number;
  gmvLow: number;
  gmvHigh: number;
}

export interface GoodsItem {
  goodsId: number;
  platform: GoodsPlatform;
  platformName: string;
  itemId: string;
  title: string;
  /** the latest price seen (yuan), null when never seen */
  price: number | null;
  shop: string;
  brandId: number | null;
  brandName: string | null;
  categoryId: number;
  categoryName: string;
  cover: string;
  url: string;
  firstSeen: string;
  lastSeen: string;
  /** videos carrying it (in the window of the call) */
  videoNum: number;
  /** creators carrying it (in the window of the call) */
  kolNum: number;
  /** plays of the videos carrying it (their current totals) */
  playNum: number;
}
export interface GoodsSearchAnswer extends ApiEnvelope, PageInfo {
  list: GoodsItem[];
}

export interface GoodsRankRow extends GoodsItem, SalesEstimate {
  rank: number;
  /** plays the carrying videos gained in the period */
  periodPlayNum: number;
  /** videos first seen carrying it in the period */
  periodVideoNum: number;
}
export interface GoodsRankAnswer extends ApiEnvelope, PageInfo {
  period: GoodsRankPeriod;
  by: GoodsRankBy;
  /** the period's last day (Asia/Shanghai), null when no data */
  endDay: string | null;
  list: GoodsRankRow[];
}

export interface GoodsPricePoint {
  day: string;
  price: number;
  low: number;
  high: number;
}
export interface GoodsTrendPoint {
  day: string;
  /** videos first seen carrying it that day */
  newVideoNum: number;
  /** plays its videos gained that day */
  playNum: number;
  /** estimated orders that day (central value) */
  salesMid: number;
}
export interface GoodsVideo {
  videoId: number;
  aid: number;
  bvid: string;
  title: string;
  cover: string;
  pubdate: string;
  playNum: number;
  kolId: number;
  kolName: string;
  kolImg: string;
  source: GoodsSource;
  sourceName: string;
  link: string;
  evidence: string;
  firstSeen: string;
  sponsored: boolean;
}
export interface GoodsKol {
  kolId: number;
  kolName: string;
  kolImg: string;
  fansNum: number;
  videoNum: number;
  playNum: number;
}
export interface GoodsDetailAnswer extends ApiEnvelope {
  goods: GoodsItem;
  sales: SalesEstimate & { days: number };
  prices: GoodsPricePoint[];
  trend: GoodsTrendPoint[];
  videos: GoodsVideo[];
  kols: GoodsKol[];
}

export interface GoodsOverviewAnswer extends ApiEnvelope {
  days: number;
  totals: { goodsNum: number; videoNum: number; kolNum: number; sponsoredVideoNum: number; sellingVideoNum: number };
  byCategory: { categoryId: number; categoryName: string; goodsNum: number; videoNum: number }[];
  byPlatform: { platform: GoodsPlatform; platformName: string; goodsNum: number; videoNum: number }[];
  trend: { day: string; sellingVideoNum: number; sponsoredVideoNum: number; newGoodsNum: number }[];
  topGoods: GoodsItem[];
}

export interface SellKolRow extends SalesEstimate {
  kolId: number;
  kolName: string;
  kolImg: string;
  kolUid: number;
  fansNum: number;
  /** videos carrying goods, published or first seen selling in the window */
  sellVideoNum: number;
  /** videos in the window (selling or not), for the share */
  videoNum: number;
  goodsNum: number;
  /** plays the selling videos gained in the window */
  playNum: number;
  categories: string[];
  topGoods: { goodsId: number; title: string }[];
  lastSellAt: string | null;
}
export interface SellKolAnswer extends ApiEnvelope, PageInfo {
  days: number;
  list: SellKolRow[];
}
