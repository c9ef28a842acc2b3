import { z } from 'zod';
import type { CreatorSearchItem } from './api-types.js';
import type { ApiEnvelope } from './codes.js';
import { Msg } from './messages.js';
import { decodeKeyword } from './schemas.js';
import { blank, choiceField, intIn, numberIn, optionalDay, text } from './validation.js';

/**
 * Discovery (issue #6): creator search with filters, suggestions, content search, rankings, creator and
 * video detail sections, hot content and dashboards. Parameter schemas, answer types and the Chinese
 * messages, shared by the server's validation and the web's forms (docs/api/discovery.md).
 */

export const DiscoveryMsg = {
  contentKeywordTooLong: '搜索内容需少于30个字',
  pageNoInvalid: '页码需为1到500的整数',
  pageSizeInvalid: '每页条数需为1到50的整数',
  tidInvalid: '分区参数有误',
  twoSortFlagInvalid: '二级分区参数有误',
  fansRangeInvalid: '粉丝数范围有误',
  levelInvalid: 'UP主等级需为1到6',
  approveInvalid: '认证类型有误',
  genderInvalid: '性别参数有误',
  mcnInvalid: 'MCN参数有误',
  liveInvalid: '直播状态参数有误',
  isEnterInvalid: '入驻状态参数有误',
  priceRangeInvalid: '报价范围有误',
  fansGenderInvalid: '粉丝性别参数有误',
  fansRegionInvalid: '粉丝地域参数有误',
  sortInvalid: '排序方式有误',
  queryTypeInvalid: '查询类型有误',
  rankingKindInvalid: '榜单类型有误',
  periodInvalid: '统计周期需为日、周或月',
  dateInvalid: '日期格式应为YYYY-MM-DD',
  rankingDateMissing: '该日期暂无榜单数据',
  videoIdInvalid: '视频ID有误',
  videoNotFound: '视频不存在',
  dayNumInvalid: '天数需为7、30或90',
  trendTypeInvalid: '数据口径需为增量（0）或总量（1）',
  daysInvalid: '统计天数有误',
  topicRequired: '请选择话题',
  videoDayDataEmpty: '暂无每日数据，视频数据采集后每日更新',
} as const;

/** Page bounds of every discovery list. */
export const DISCOVERY_PAGE_NO_MAX = 500;
export const DISCOVERY_PAGE_SIZE_MAX = 50;
export const DISCOVERY_PAGE_SIZE_DEFAULT = 20;
/** Name keywords must be shorter than this (§5); content (title) keywords shorter than 30. */
export const CONTENT_KEYWORD_MAX_LENGTH = 30;
/** Suggestions, queryKol and similar creators answer at most this many. */
export const SUGGESTION_LIMIT = 10;
/** A 免费版 account reads ranks 1..20 of a ranking (feature `ranking.full`). */
export const FREE_RANKING_ROWS = 20;
/** A creator counts for `fansRegion` when the region's share of its audience is at least this (%). */
export const FANS_REGION_MIN_SHARE = 10;

/** An optional integer in [min, max]; anything else fails with `message`. */
function optInt(message: string, min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(blank, intIn(message, min, max).optional());
}

/** An optional comma-joined list of integers, each one of `allowed` (or each ≥ 1 when `allowed` is null). */
function optIntList(message: string, allowed: readonly number[] | null) {
  return z.preprocess(
    blank,
    text(message)
      .transform((s, ctx) => {
        const parts = s.split(',').map((p) => p.trim());
        const out: number[] = [];
        for (const p of parts) {
          const n = /^\d{1,9}$/.test(p) ? Number(p) : Number.NaN;
          if (!Number.isInteger(n) || (allowed ? !allowed.includes(n) : n < 1)) {
            ctx.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          if (!out.includes(n)) out.push(n);
        }
        return out;
      })
      .optional(),
  );
}

function optEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(blank, z.enum(values, { error: message }).optional());
}

/** A page size of 1 … max (blank → fallback), refused with the one message. */
export function pageSizeField(max: number, fallback: number) {
  return z.preprocess(blank, intIn(DiscoveryMsg.pageSizeInvalid, 1, max).default(fallback));
}

export const pagingShape = {
  pageNo: z.preprocess(blank, intIn(DiscoveryMsg.pageNoInvalid, 1, DISCOVERY_PAGE_NO_MAX).default(1)),
  pageSize: pageSizeField(DISCOVERY_PAGE_SIZE_MAX, DISCOVERY_PAGE_SIZE_DEFAULT),
};
export const PagingParams = z.object(pagingShape);
export type PagingParams = z.infer<typeof PagingParams>;

/** An optional search keyword, double URL-encoded by the client (§5); blank → undefined. */
const optKeyword = z.preprocess(
  (v) => (typeof v === 'string' ? decodeKeyword(v).trim() : v),
  z.preprocess(blank, text(Msg.keywordRequired).optional()),
);

export const KOL_SORTS = ['fans', 'growth', 'indexNum', 'plays'] as const;
export type KolSort = (typeof KOL_SORTS)[number];

/** `GET /api/searchKol`: keyword and/or filters (docs/api/discovery.md §1). */
export const KolSearchParams = z
  .object({
    keyword: optKeyword,
    tid: optInt(DiscoveryMsg.tidInvalid, 1, 100000),
    twoSortFlag: optIntList(DiscoveryMsg.twoSortFlagInvalid, null),
    fansMin: optInt(DiscoveryMsg.fansRangeInvalid, 0),
    fansMax: optInt(DiscoveryMsg.fansRangeInvalid, 0),
    level: optIntList(DiscoveryMsg.levelInvalid, [1, 2, 3, 4, 5, 6]),
    isApprove: optIntList(DiscoveryMsg.approveInvalid, [0, 1, 2]),
    gender: optInt(DiscoveryMsg.genderInvalid, 0, 2),
    mcnId: optInt(DiscoveryMsg.mcnInvalid, 0, 2_000_000_000),
    isLive: optInt(DiscoveryMsg.liveInvalid, 0, 1),
    isEnter: optInt(DiscoveryMsg.isEnterInvalid, 0, 1),
    priceMin: optInt(DiscoveryMsg.priceRangeInvalid, 0),
    priceMax: optInt(DiscoveryMsg.priceRangeInvalid, 0),
    fansGender: optInt(DiscoveryMsg.fansGenderInvalid, 0, 1),
    fansRegion: z.preprocess(
      blank,
      text(DiscoveryMsg.fansRegionInvalid).trim().min(1).max(20, { error: DiscoveryMsg.fansRegionInvalid }).optional(),
    ),
    sort: optEnum(KOL_SORTS, DiscoveryMsg.sortInvalid),
    ...pagingShape,
  })
  .refine((v) => v.fansMin === undefined || v.fansMax === undefined || v.fansMin <= v.fansMax, {
    error: DiscoveryMsg.fansRangeInvalid,
    path: ['fansMax'],
  })
  .refine((v) => v.priceMin === undefined || v.priceMax === undefined || v.priceMin <= v.priceMax, {
    error: DiscoveryMsg.priceRangeInvalid,
    path: ['priceMax'],
  });
export type KolSearchParams = z.infer<typeof KolSearchParams>;

/** Whether any filter (not the keyword, sort or paging) is set. */
export function hasKolFilter(p: KolSearchParams): boolean {
  const { keyword: _k, sort: _s, pageNo: _p, pageSize: _z, ...filters } = p;
  return Object.values(filters).some((v) => v !== undefined);
}

export const KeywordSuggestParams = z.object({ keyword: optKeyword });
export type KeywordSuggestParams = z.infer<typeof KeywordSuggestParams>;

export const TidParams = z.object({ tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000) });
export type TidParams = z.infer<typeof TidParams>;

export const CONTENT_SORTS = ['play', 'time'] as const;
export const ContentSearchParams = z.object({
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? decodeKeyword(v).trim() : v),
    text(Msg.keywordRequired)
      .min(1, { error: Msg.keywordRequired })
      .refine((s) => Array.from(s).length < CONTENT_KEYWORD_MAX_LENGTH, { error: DiscoveryMsg.contentKeywordTooLong }),
  ),
  sort: z.preprocess(blank, z.enum(CONTENT_SORTS, { error: DiscoveryMsg.sortInvalid }).default('play')),
  tid: optInt(DiscoveryMsg.tidInvalid, 1, 100000),
  ...pagingShape,
});
export type ContentSearchParams = z.infer<typeof ContentSearchParams>;

export const BusinessSortParams = z.object({ tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000), ...pagingShape });
export type BusinessSortParams = z.infer<typeof BusinessSortParams>;

export const QueryKolParams = z.object({
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? decodeKeyword(v).trim() : v),
    text(Msg.keywordRequired).min(1, { error: Msg.keywordRequired }),
  ),
  type: z.preprocess(
    (v) => (v === undefined || v === '' ? 0 : v),
    z.coerce
      .number({ error: DiscoveryMsg.queryTypeInvalid })
      .int({ error: DiscoveryMsg.queryTypeInvalid })
      .refine((t) => t === 0, { error: DiscoveryMsg.queryTypeInvalid }),
  ),
});
export type QueryKolParams = z.infer<typeof QueryKolParams>;

// Rankings ----------------------------------------------------------------------------------------

export const RANKING_KINDS = ['fans', 'increase', 'decrease', 'business'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];
export const RANKING_PERIODS = ['day', 'week', 'month'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

const dateField = optionalDay(DiscoveryMsg.dateInvalid);
const periodField = z.preprocess(blank, z.enum(RANKING_PERIODS, { error: DiscoveryMsg.periodInvalid }).default('day'));

export const RankingParams = z.object({
  kind: z.enum(RANKING_KINDS, { error: DiscoveryMsg.rankingKindInvalid }),
  period: periodField,
  date: dateField,
  tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000),
  ...pagingShape,
});
export type RankingParams = z.infer<typeof RankingParams>;

export const CompanyRankingParams = z.object({ period: periodField, date: dateField, ...pagingShape });
export type CompanyRankingParams = z.infer<typeof CompanyRankingParams>;

export const RankingDatesParams = z.object({
  kind: z.enum([...RANKING_KINDS, 'company'], { error: DiscoveryMsg.rankingKindInvalid }),
  period: periodField,
});
export type RankingDatesParams = z.infer<typeof RankingDatesParams>;

// Creator detail ------------------------------------------------------------------------------------

const kolIdField = z.coerce
  .number({ error: Msg.kolIdInvalid })
  .int({ error: Msg.kolIdInvalid })
  .positive({ error: Msg.kolIdInvalid })
  .max(Number.MAX_SAFE_INTEGER, { error: Msg.kolIdInvalid });

export const KolRefParams = z.object({ kolId: kolIdField });
export type KolRefParams = z.infer<typeof KolRefParams>;

export const KOL_VIDEO_SORTS = ['pubdate', 'play', 'likes'] as const;
export const KolVideosParams = z.object({
  kolId: kolIdField,
  sort: z.preprocess(blank, z.enum(KOL_VIDEO_SORTS, { error: DiscoveryMsg.sortInvalid }).default('pubdate')),
  ...pagingShape,
});
export type KolVideosParams = z.infer<typeof KolVideosParams>;

export const KolFanEventsParams = z.object({
  kolId: kolIdField,
  days: choiceField([30, 90], DiscoveryMsg.daysInvalid, 90),
});
export type KolFanEventsParams = z.infer<typeof KolFanEventsParams>;

// Videos ------------------------------------------------------------------------------------------

/** A video id (digits) or a BV id. */
const videoIdField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  text(DiscoveryMsg.videoIdInvalid)
    .regex(/^(\d{1,15}|BV[0-9A-Za-z]{10})$/, { error: DiscoveryMsg.videoIdInvalid })
    .refine((s) => s.startsWith('BV') || Number(s) > 0, { error: DiscoveryMsg.videoIdInvalid }),
);
export const VideoRefParams = z.object({ id: videoIdField });
export type VideoRefParams = z.infer<typeof VideoRefParams>;

export const VIDEO_DAY_CHOICES = [7, 30, 90] as const;
export const VideoDayDataParams = z.object({
  id: videoIdField,
  dayNum: choiceField(VIDEO_DAY_CHOICES, DiscoveryMsg.dayNumInvalid, 30),
});
export type VideoDayDataParams = z.infer<typeof VideoDayDataParams>;

/**
 * GET /api/user/videoDataTendency (§7.3 blob: id, dayNum, export=1; §2.6 trend toggle): the 30-day video
 * report as a file. `type` 0 = increments, 1 = totals, absent = both side by side. pageNo / pageSize only
 * let it pass through the export machinery (one row per day; at most 90 rows fit one page).
 */
export const VideoDataTendencyParams = VideoDayDataParams.extend({
  type: z.preprocess(blank, numberIn([0, 1], DiscoveryMsg.trendTypeInvalid).optional()),
  pageNo: pagingShape.pageNo,
  pageSize: pageSizeField(100, 100),
});
export type VideoDataTendencyParams = z.infer<typeof VideoDataTendencyParams>;

// Hot content and dashboards ------------------------------------------------------------------------

function daysField(choices: readonly number[], fallback: number) {
  return choiceField(choices, DiscoveryMsg.daysInvalid, fallback);
}

export const HotVideoParams = z.object({
  tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000),
  days: daysField([1, 3, 7], 3),
  ...pagingShape,
});
export type HotVideoParams = z.infer<typeof HotVideoParams>;

export const HotTagParams = z.object({ tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000), days: daysField([7, 30], 7) });
export type HotTagParams = z.infer<typeof HotTagParams>;

export const HotSpotParams = z.object({ tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000) });
export type HotSpotParams = z.infer<typeof HotSpotParams>;

export const TopicDetailParams = z.object({
  topic: z.preprocess(
    (v) => (typeof v === 'string' ? decodeKeyword(v).trim() : v),
    text(DiscoveryMsg.topicRequired)
      .min(1, { error: DiscoveryMsg.topicRequired })
      .max(CONTENT_KEYWORD_MAX_LENGTH, { error: DiscoveryMsg.topicRequired }),
  ),
  ...pagingShape,
});
export type TopicDetailParams = z.infer<typeof TopicDetailParams>;

export const HotAnalyseParams = z.object({ days: daysField([7, 30], 7) });
export type HotAnalyseParams = z.infer<typeof HotAnalyseParams>;

export const RecommendVideoParams = z.object({ tid: optInt(DiscoveryMsg.tidInvalid, 0, 100000), ...pagingShape });
export type RecommendVideoParams = z.infer<typeof RecommendVideoParams>;

export const FlowmeterParams = z.object({ days: daysField([7, 30, 90], 30) });
export type FlowmeterParams = z.infer<typeof FlowmeterParams>;

// Answer shapes -------------------------------------------------------------------------------------

export interface PageInfo {
  total: number;
  pageNo: number;
  pageSize: number;
}

/** A creator in any discovery list (raw numbers; formatting per §9 on the web). */
export interface KolItem extends CreatorSearchItem {
  gender: number;
  indexNum: number;
  playNum: number;
  praiseNum: number;
  videoNum: number;
  isLive: number;
  mcnName: string | null;
  /** fans gained over the last 30 stored days; null when unknown */
  fansIncrease: number | null;
  /** the caller's team's collect (type 1) / delivery-list (type 4) flags, set by the lists module (docs/api/lists.md) */
  isCollect: number;
  isPut: number;
  /** not in the collected data: always 0 */
  isEnter: number;
}

/** A video's counters as the answers name them: plays, likes, coins, favourites, replies, danmaku, shares. */
export interface VideoCounterNums {
  playNum: number;
  praiseNum: number;
  castCurrencyNum: number;
  collectNum: number;
  commentNum: number;
  barrageNum: number;
  shareNum: number;
}

export interface VideoItem extends VideoCounterNums {
  videoId: number;
  aid: number;
  bvid: string;
  title: string;
  coverImg: string;
  playDuration: number;
  publishTime: string;
  status: number;
  isReprint: number;
  isActivity: number;
  tid: number | null;
  themeName: string | null;
  sourceUrl: string;
  kolId: number;
  kolName: string;
  kolImg: string;
}

export interface KolSearchAnswer extends ApiEnvelope, PageInfo {
  kolInfos: KolItem[];
  /** more matches than `total` (which stops at 1,000): show "1000+" */
  totalCapped: boolean;
}

export interface KeywordSuggestion {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  fansNum: number;
  isApprove: number;
}
export interface KeywordSuggestAnswer extends ApiEnvelope {
  keywords: KeywordSuggestion[];
}

export interface ThemeInfo {
  tid: number;
  name: string;
  children?: { tid: number; name: string }[];
}
export interface RangeOption {
  id: number;
  label: string;
  min: number;
  max: number | null;
}
export interface ValueOption<T = number> {
  value: T;
  label: string;
}
export interface SearchFilterAnswer extends ApiEnvelope {
  themeInfos: ThemeInfo[];
  levelList: number[];
  fansNumBasicDatas: RangeOption[];
  businessPriceBasicDatas: RangeOption[];
  mcnList: { id: number; name: string; kolNum: number }[];
  genderList: ValueOption[];
  approveList: ValueOption[];
  liveList: ValueOption[];
  regions: string[];
  sortList: ValueOption<KolSort>[];
}

/**
 * Adjacent ranges, ids from 1: the i-th starts at mins[i] and ends one below the next one's start (inclusive); the
 * last has no upper bound (max null).
 */
function adjacentRanges(labels: readonly string[], mins: readonly number[]): readonly RangeOption[] {
  if (labels.length !== mins.length) throw new Error('adjacentRanges: one label per range');
  return labels.map((label, i) => {
    const next = mins[i + 1];
    return { id: i + 1, label, min: mins[i] ?? 0, max: next === undefined ? null : next - 1 };
  });
}

/** Fans ranges of the search filter. */
export const FANS_RANGES = adjacentRanges(
  ['1万以下', '1万-10万', '10万-50万', '50万-100万', '100万-500万', '500万以上'],
  [0, 10_000, 100_000, 500_000, 1_000_000, 5_000_000],
);
/** Price ranges (yuan, video price estimate). */
export const PRICE_RANGES = adjacentRanges(
  ['1千以下', '1千-5千', '5千-1万', '1万-5万', '5万-10万', '10万以上'],
  [0, 1_000, 5_000, 10_000, 50_000, 100_000],
);
export const GENDER_OPTIONS: readonly ValueOption[] = [
  { value: 0, label: '女' },
  { value: 1, label: '男' },
  { value: 2, label: '未知' },
];
export const APPROVE_OPTIONS: readonly ValueOption[] = [
  { value: 0, label: '未认证' },
  { value: 1, label: '个人认证' },
  { value: 2, label: '机构认证' },
];
export const LIVE_OPTIONS: readonly ValueOption[] = [
  { value: 1, label: '直播中' },
  { value: 0, label: '未直播' },
];
export const KOL_SORT_OPTIONS: readonly ValueOption<KolSort>[] = [
  { value: 'fans', label: '粉丝数' },
  { value: 'growth', label: '涨粉数' },
  { value: 'indexNum', label: '云指数' },
  { value: 'plays', label: '播放数' },
];

export interface ContentSearchAnswer extends ApiEnvelope, PageInfo {
  videoInfos: VideoItem[];
  totalCapped: boolean;
}

export interface BusinessKolItem extends KolItem {
  rank: number;
  videoPrice: number | null;
  implantationPrice: number | null;
}
export interface BusinessSortAnswer extends ApiEnvelope, PageInfo {
  kolInfos: BusinessKolItem[];
}

export interface QueryKolItem {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  gender: number;
  isApprove: number;
  fansNum: number;
}
export interface QueryKolAnswer extends ApiEnvelope {
  kolInfos: QueryKolItem[];
}

export interface RankingLimit {
  /** true when the tier reads only the first `limitRows` ranks */
  limited: boolean;
  limitRows: number | null;
}
export interface RankingRow extends KolItem {
  rank: number;
  value: number;
  /**
   * 较上期: the same figure compared with the previous period (docs/metrics.md, "较上期") — fans: the period's fan
   * change; increase / decrease: this period's gain / loss minus the previous period's; business: the quote minus the
   * quote at the previous period's end. null when there is nothing to compare with.
   */
  delta: number | null;
  /** the day of the snapshot the value comes from; before the list's date when the creator was not collected that day */
  valueDay: string | null;
  /**
   * the day of the snapshot the period's change starts from; later than the period's start when the gap rules'
   * tolerance let a nearby snapshot stand in (the change then covers fewer days)
   */
  baseDay: string | null;
}

/** How much history a period's lists have (docs/metrics.md, "Gaps"). */
export interface RankingHistory {
  /** days from the first tracked day to the list's date (or the newest snapshot), 0 on an empty database */
  historyDays: number;
  /** days of history a full list of the period needs (its window within the gap rules' tolerance) */
  requiredDays: number;
}
export interface RankingAnswer extends ApiEnvelope, PageInfo, RankingLimit, RankingHistory {
  kind: RankingKind;
  period: RankingPeriod;
  /** the list's date (the last day of its window) */
  date: string | null;
  /** the first day of its window */
  periodStart: string | null;
  tid: number;
  rankings: RankingRow[];
}
export interface CompanyRankingRow {
  rank: number;
  mcnId: number;
  mcnName: string;
  kolNum: number | null;
  fansNum: number | null;
  value: number;
  delta: number | null;
}
export interface CompanyRankingAnswer extends ApiEnvelope, PageInfo, RankingLimit {
  period: RankingPeriod;
  date: string | null;
  periodStart: string | null;
  rankings: CompanyRankingRow[];
}
export interface RankingDatesAnswer extends ApiEnvelope, RankingHistory {
  dates: string[];
}

/**
 * How the commercial estimate is made, in words (PriceInfo.method; docs/metrics.md "Commercial estimates").
 * Shown to users in a tooltip beside the prices.
 */
export const COMMERCIAL_METHOD_TEXT =
  '定制视频报价按公开刊例估算：B站商单报价一般为粉丝数的10%–20%（元），取中值每粉丝 ¥0.15；百万粉以上每粉丝单价递减（头部UP主刊例约为粉丝数的5%–6%）。再按互动率、所在分区的广告价格系数和播放/粉丝比调整，调整后仍在刊例区间内；近期无视频时按粉丝数的 5% 估计播放量。区间为估算值的 ⅔ 至 4⁄3。植入、特殊、常规报价分别为定制视频的 60%、40%、20%，最低 ¥100。';

export interface PriceInfo {
  videoPrice: number | null;
  implantationPrice: number | null;
  normalPrice: number | null;
  specialPrice: number | null;
  weekVideoNum: number | null;
  /** the means over the weekly figures' sample; `sampleWindow` says which videos (shared sampleWindowLabel) */
  weekAvgPlayNum: number | null;
  avgPraiseNum: number | null;
  sampleWindow: 0 | 7 | 30 | 90 | null;
  updateTime: string | null;
  method: string | null;
}

export interface KolDetailExtra {
  /** 30日涨粉: the fan change over the 30 days ending at the last rollup (gap rules), null when not computable */
  fansIncrease: number | null;
  /**
   * when the platform's own totals were never collected, the plays, likes and video count are the sums over the
   * creator's stored visible videos: their number (shown as 基于已收录的N个视频); null for the platform's totals
   */
  totalsFromVideos: number | null;
  mcnId: number | null;
  mcnName: string | null;
  liveUrl: string | null;
  tid: number | null;
  parentTid: number | null;
  isCollect: number;
  isPut: number;
  isEnter: number;
  priceInfo: PriceInfo | null;
  /** 1 when priceInfo is withheld because of the tier */
  priceLocked: number;
}

export interface KolVideosAnswer extends ApiEnvelope, PageInfo {
  videoInfos: VideoItem[];
}

export interface FanEvent {
  eventDate: string;
  fansChange: number;
  fansBefore: number | null;
  fansAfter: number | null;
  kind: string;
  causeVideo: VideoItem | null;
}
export interface KolFanEventsAnswer extends ApiEnvelope {
  fanEvents: FanEvent[];
}

export interface KolPortraitAnswer extends ApiEnvelope {
  /** JSON strings as spec §3: [{"性别":"男","比例":56.3}] … */
  genderPortrait: string | null;
  agePortrait: string | null;
  areaPortrait: string | null;
  sampleSize: number | null;
  source: string | null;
  updateTime: string | null;
}
export interface KolCommercialAnswer extends ApiEnvelope {
  priceInfo: PriceInfo | null;
}
export interface SimilarKolAnswer extends ApiEnvelope {
  kolInfos: KolItem[];
}

export interface VideoDetailInfo extends VideoItem {
  summary: string;
  /** the activity the video takes part in (its mission id), or null */
  activityId: number | null;
  /** the activity's name once its page was read, else null */
  activityName: string | null;
  /** 1 when the activity's page was read (activityName set): the activity detail can show it */
  activityExists: number;
  updateTime: string;
}
export interface VideoDetailAnswer extends ApiEnvelope {
  videoInfo: VideoDetailInfo;
}
export interface VideoDayPoint extends VideoCounterNums {
  dataDate: string;
}
export interface VideoDayDataAnswer extends ApiEnvelope {
  videoInfo: VideoDetailInfo;
  dayNum: number;
  videoDayData: VideoDayPoint[];
  videoDayIncreaseData: VideoDayPoint[];
  note: string | null;
}

export interface HotVideoItem extends VideoItem {
  rank: number;
  hotScore: number;
}
export interface HotVideoAnswer extends ApiEnvelope, PageInfo {
  videoInfos: HotVideoItem[];
}
export interface HotTag {
  tag: string;
  videoNum: number;
  playNum: number;
  hotScore: number;
}
export interface HotTagAnswer extends ApiEnvelope {
  tags: HotTag[];
}
export interface HotTopic {
  topic: string;
  videoNum: number;
  kolNum: number;
  playNum: number;
  hotScore: number;
}
export interface HotSpotAnswer extends ApiEnvelope {
  topics: HotTopic[];
}
export interface TopicDetailAnswer extends ApiEnvelope, PageInfo {
  topic: string;
  videoNum: number;
  kolNum: number;
  playNum: number;
  videoInfos: VideoItem[];
}
export interface HotAnalysePartition {
  tid: number;
  name: string;
  videoNum: number;
  playNum: number;
  avgPlayNum: number;
  hotVideoNum: number;
  interactRate: number;
}
export interface HotAnalyseAnswer extends ApiEnvelope {
  days: number;
  partitions: HotAnalysePartition[];
}
export interface RecommendVideoItem extends VideoItem {
  interactRate: number;
}
export interface RecommendVideoAnswer extends ApiEnvelope, PageInfo {
  videoInfos: RecommendVideoItem[];
}

export interface PlatformTotals {
  kolNum: number;
  videoNum: number;
  totalFansNum: number;
  totalPlayNum: number;
  dataDate: string | null;
}
/** The team's saved lists on the dashboard (issue #15): how many entries each holds, and the tier's limit. */
export interface DashboardLists {
  collectKolNum: number;
  putKolNum: number;
  collectVideoNum: number;
  kolLimit: number;
  videoLimit: number;
  monitorKolNum: number;
  monitorLimit: number;
}
export interface DashboardAnswer extends ApiEnvelope {
  userType: number;
  quotas: { kind: string; totalCount: number; useCount: number; remainCount: number }[];
  myLists: DashboardLists;
  /** active video / live monitor targets; null while video and live monitoring are not built (FEATURE_STATUS) */
  monitorNum: number | null;
  recentChanges: {
    kolId: number;
    kolName: string;
    kolImg: string;
    fansNum: number;
    eventDate: string;
    fansChange: number;
    causeVideo: VideoItem | null;
  }[];
  platform: PlatformTotals;
}
export interface BoardDataAnswer extends ApiEnvelope {
  totals: {
    kolNum: number;
    videoNum: number;
    liveNum: number;
    mcnNum: number;
    approveNum: number;
    totalFansNum: number;
    totalPlayNum: number;
  };
  partitions: { tid: number; name: string; kolNum: number; videoNum: number; fansNum: number; playNum: number }[];
  dailyGrowth: { dataDate: string; fansIncrease: number; playIncrease: number; videoIncrease: number }[];
  dataDate: string | null;
}
export interface FlowmeterAnswer extends ApiEnvelope {
  days: number;
  partitions: { tid: number; name: string; series: { dataDate: string; playIncrease: number }[] }[];
}

/** §7.3 "Basic-data call type 7" (the path is not shown; ours: GET /api/basicData?type=7). */
export const BASIC_DATA_TYPE = 7;
export const BasicDataParams = z.object({
  type: z.coerce
    .number({ error: '基础数据类型有误' })
    .int({ error: '基础数据类型有误' })
    .refine((v) => v === BASIC_DATA_TYPE, { error: '基础数据类型有误' }),
});
export type BasicDataParams = z.infer<typeof BasicDataParams>;
