import { z } from 'zod';
import { blank, intIn, text } from './validation.js';

/**
 * Brands and exposure (exposureRank, exposureSearch, brandDetail), sales reports (saleReport, saleContrast) and the
 * operator's brand dictionary (console) — issue #26 items 3, 4 and 6. docs/api/brands.md; formulas in
 * docs/metrics.md "Brand exposure", "Brand spend estimate" and "Sales estimates".
 */

export const BrandMsg = {
  periodInvalid: '统计周期不正确',
  dateInvalid: '日期格式不正确',
  categoryInvalid: '行业分类不正确',
  sortInvalid: '排序方式不正确',
  brandRequired: '请选择品牌',
  brandMissing: '品牌不存在或已停用',
  brandsCount: '请选择2~5个品牌进行对比',
  subjectsCount: '请选择2~5个对象进行对比',
  subjectTypeInvalid: '对比对象类型不正确',
  subjectRequired: '请选择UP主或品牌',
  subjectMissing: 'UP主或品牌不存在',
  daysInvalid: '统计天数不正确',
  keywordTooLong: '搜索词过长',
  // console
  nameRequired: '请输入品牌名称',
  nameTooLong: '品牌名称不能超过40个字',
  nameTaken: '品牌名称已存在',
  aliasRequired: '请输入别名',
  aliasTooLong: '别名不能超过40个字',
  aliasTaken: (brand: string) => `该别名已属于品牌「${brand}」`,
  aliasMissing: '别名不存在',
  wordsInvalid: '语境词或排除短语格式不正确（每项不超过20个字，最多30项）',
  ambiguousNeedsContext: '歧义别名请至少填写一个语境词',
  noteTooLong: '备注不能超过200个字',
} as const;

/** day: the day `date`; week: the 7 days ending `date`; month: the 30 days ending `date` (Asia/Shanghai). */
export const EXPOSURE_PERIODS = ['day', 'week', 'month'] as const;
export type ExposurePeriod = (typeof EXPOSURE_PERIODS)[number];
export const EXPOSURE_PERIOD_DAYS: Readonly<Record<ExposurePeriod, number>> = { day: 1, week: 7, month: 30 };
export const EXPOSURE_PERIOD_LABELS: Readonly<Record<ExposurePeriod, string>> = {
  day: '日榜',
  week: '周榜',
  month: '月榜',
};
export const EXPOSURE_SORTS = ['sponsored', 'mentions', 'plays'] as const;
export type ExposureSort = (typeof EXPOSURE_SORTS)[number];
export const EXPOSURE_SORT_LABELS: Readonly<Record<ExposureSort, string>> = {
  sponsored: '商单视频数',
  mentions: '提及次数',
  plays: '曝光播放',
};
/** brandDetail, saleReport, saleContrast windows (days ending today, Asia/Shanghai). */
export const BRAND_DAY_CHOICES = [7, 30, 90] as const;
export const SALE_SUBJECT_TYPES = ['kol', 'brand'] as const;
export type SaleSubjectType = (typeof SALE_SUBJECT_TYPES)[number];
export const SALE_SUBJECT_LABELS: Readonly<Record<SaleSubjectType, string>> = { kol: 'UP主', brand: '品牌' };

/** Where a brand was named on a video (video_brand_mentions.location). */
export const MENTION_LOCATION_LABELS: Readonly<Record<string, string>> = {
  title: '标题',
  tag: '标签',
  desc: '简介',
  pinned_comment: '置顶评论',
  comment: '评论',
  danmaku: '弹幕',
  goods: '商品卡',
  goods_area: '商品橱窗',
  label: '商业推广标识',
};
/** The sponsorship signals (video_sponsorship_evidence.signal). */
export const SPONSOR_SIGNAL_LABELS: Readonly<Record<string, string>> = {
  commercial_label: '平台商业推广标识',
  sponsor_statement: '赞助声明',
  ad_disclosure: '广告/恰饭声明',
  no_sponsor_statement: '无商业合作声明',
  goods_link: '商品链接',
  audience_qiafan: '观众弹幕/评论指认恰饭',
  brand_in_title: '标题出现品牌',
};
export const ESTIMATE_LABEL = '估算';

const pageNo = z.preprocess(blank, z.coerce.number().int().min(1).max(1000).default(1));
const pageSize = z.preprocess(blank, z.coerce.number().int().min(1).max(50).default(20));
const categoryField = z.preprocess(blank, intIn(BrandMsg.categoryInvalid, 1, 99).optional());
const dayField = z.preprocess(
  blank,
  text(BrandMsg.dateInvalid, { max: 10, tooLong: BrandMsg.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BrandMsg.dateInvalid })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: BrandMsg.dateInvalid })
    .optional(),
);
const daysField = z.preprocess(
  (v) => blank(v) ?? 30,
  z.coerce
    .number({ error: BrandMsg.daysInvalid })
    .refine((n) => (BRAND_DAY_CHOICES as readonly number[]).includes(n), { error: BrandMsg.daysInvalid }),
);
const keywordField = z.preprocess(
  blank,
  text(BrandMsg.keywordTooLong, { max: 40, tooLong: BrandMsg.keywordTooLong }).trim().optional(),
);
/** A required positive integer id: `required` when missing or blank, `invalid` when not an id. */
function requiredId(required: string, invalid: string, max: number) {
  return z.unknown().transform((v, ctx): number => {
    const b = blank(v);
    if (b === undefined) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const n = typeof b === 'number' ? b : typeof b === 'string' && /^\d{1,16}$/.test(b.trim()) ? Number(b) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > max) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return n;
  });
}
const brandIdField = requiredId(BrandMsg.brandRequired, BrandMsg.brandMissing, 2147483647);
/** "1,2,3" (or repeated values) → 2–5 distinct positive ids. */
function idListField(countMessage: string) {
  return z.preprocess(
    (v) => {
      const raw = Array.isArray(v) ? v.join(',') : typeof v === 'string' || typeof v === 'number' ? String(v) : '';
      if (raw.length > 200) return null;
      const parts = raw
        .split(/[,，\s]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      return [...new Set(parts)];
    },
    z
      .array(text(countMessage, { max: 16 }).regex(/^[1-9]\d{0,15}$/, { error: countMessage }), { error: countMessage })
      .min(2, { error: countMessage })
      .max(5, { error: countMessage }),
  );
}

export const ExposureRankParams = z.object({
  period: z.preprocess((v) => blank(v) ?? 'week', z.enum(EXPOSURE_PERIODS, { error: BrandMsg.periodInvalid })),
  date: dayField,
  categoryId: categoryField,
  sort: z.preprocess((v) => blank(v) ?? 'sponsored', z.enum(EXPOSURE_SORTS, { error: BrandMsg.sortInvalid })),
  pageNo,
  pageSize,
});
export type ExposureRankParams = z.infer<typeof ExposureRankParams>;

export const ExposureSearchParams = z.object({
  keyword: keywordField,
  categoryId: categoryField,
  pageNo,
  pageSize,
});
export type ExposureSearchParams = z.infer<typeof ExposureSearchParams>;

export const BrandDetailParams = z.object({ brandId: brandIdField, days: daysField });
export type BrandDetailParams = z.infer<typeof BrandDetailParams>;

export const BrandVideosParams = z.object({
  brandId: brandIdField,
  days: daysField,
  /** 1 only sponsored videos, 0 only mentions that are not sponsored; absent: all */
  sponsored: z.preprocess(blank, intIn(BrandMsg.sortInvalid, 0, 1).optional()),
  pageNo,
  pageSize,
});
export type BrandVideosParams = z.infer<typeof BrandVideosParams>;

export const ShareOfVoiceParams = z.object({ brandIds: idListField(BrandMsg.brandsCount), days: daysField });
export type ShareOfVoiceParams = z.infer<typeof ShareOfVoiceParams>;

const subjectType = z.preprocess(
  (v) => blank(v) ?? 'kol',
  z.enum(SALE_SUBJECT_TYPES, { error: BrandMsg.subjectTypeInvalid }),
);
export const SaleReportParams = z.object({
  type: subjectType,
  id: requiredId(BrandMsg.subjectRequired, BrandMsg.subjectMissing, Number.MAX_SAFE_INTEGER),
  days: daysField,
});
export type SaleReportParams = z.infer<typeof SaleReportParams>;

export const SaleContrastParams = z.object({
  type: subjectType,
  ids: idListField(BrandMsg.subjectsCount),
  days: daysField,
});
export type SaleContrastParams = z.infer<typeof SaleContrastParams>;

export const SaleSubjectsParams = z.object({ type: subjectType, keyword: keywordField });
export type SaleSubjectsParams = z.infer<typeof SaleSubjectsParams>;

// --- console: the brand dictionary ---------------------------------------------------------------------------

const wordList = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    if (typeof v !== 'string' && !Array.isArray(v)) return v;
    const raw = Array.isArray(v) ? v.join('\n') : v;
    return raw
      .split(/[\n,，、]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  },
  z
    .array(text(BrandMsg.wordsInvalid, { max: 20, tooLong: BrandMsg.wordsInvalid }), { error: BrandMsg.wordsInvalid })
    .max(30, { error: BrandMsg.wordsInvalid }),
);
const boolField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (v === true || v === 'true' || v === '1' || v === 1) return true;
    if (v === false || v === 'false' || v === '0' || v === 0) return false;
    return v;
  },
  z.boolean({ error: '开关参数不正确' }).optional(),
);

export const ConsoleBrandListParams = z.object({
  keyword: keywordField,
  categoryId: categoryField,
  enabled: boolField,
  pageNo,
  pageSize,
});
export type ConsoleBrandListParams = z.infer<typeof ConsoleBrandListParams>;

export const ConsoleBrandSaveParams = z.object({
  id: z.preprocess(blank, intIn(BrandMsg.brandMissing, 1, 2147483647).optional()),
  name: z.preprocess(
    (v) => v ?? '',
    text(BrandMsg.nameRequired, { max: 40, tooLong: BrandMsg.nameTooLong })
      .trim()
      .min(1, { error: BrandMsg.nameRequired }),
  ),
  categoryId: z.preprocess(blank, intIn(BrandMsg.categoryInvalid, 1, 99).optional()).refine((v) => v !== undefined, {
    error: BrandMsg.categoryInvalid,
  }),
  note: z.preprocess((v) => v ?? '', text(BrandMsg.noteTooLong, { max: 200, tooLong: BrandMsg.noteTooLong }).trim()),
  enabled: boolField,
});
export type ConsoleBrandSaveParams = z.infer<typeof ConsoleBrandSaveParams>;

export const ConsoleBrandEnableParams = z.object({
  id: intIn(BrandMsg.brandMissing, 1, 2147483647),
  enabled: boolField.refine((v) => v !== undefined, { error: '开关参数不正确' }),
});

export const ConsoleAliasSaveParams = z
  .object({
    id: z.preprocess(blank, intIn(BrandMsg.aliasMissing, 1, 2147483647).optional()),
    brandId: intIn(BrandMsg.brandMissing, 1, 2147483647),
    alias: z.preprocess(
      (v) => v ?? '',
      text(BrandMsg.aliasRequired, { max: 40, tooLong: BrandMsg.aliasTooLong })
        .trim()
        .min(1, { error: BrandMsg.aliasRequired }),
    ),
    ambiguous: boolField,
    contextWords: wordList,
    excludePhrases: wordList,
  })
  .refine((p) => !p.ambiguous || p.contextWords.length > 0, {
    error: BrandMsg.ambiguousNeedsContext,
    path: ['contextWords'],
  });
export type ConsoleAliasSaveParams = z.infer<typeof ConsoleAliasSaveParams>;

export const ConsoleAliasDeleteParams = z.object({ id: intIn(BrandMsg.aliasMissing, 1, 2147483647) });

// --- answers -------------------------------------------------------------------------------------------------

export interface CommerceCategory {
  id: number;
  name: string;
}

export interface ExposureRankRow {
  rank: number;
  brandId: number;
  brandName: string;
  categoryId: number;
  categoryName: string;
  sponsoredVideos: number;
  mentionVideos: number;
  mentionCount: number;
  exposurePlay: number;
  kolNum: number;
}

export interface ExposureRankAnswer {
  period: ExposurePeriod;
  startDate: string;
  endDate: string;
  total: number;
  list: ExposureRankRow[];
  categories: CommerceCategory[];
}

export interface BrandSearchRow {
  brandId: number;
  brandName: string;
  categoryId: number;
  categoryName: string;
  aliases: string[];
  sponsoredVideos: number;
  mentionVideos: number;
  kolNum: number;
  lastSeen: string | null;
}

export interface BrandSummary {
  sponsoredVideos: number;
  mentionVideos: number;
  mentionCount: number;
  exposurePlay: number;
  kolNum: number;
  /** the spend estimate range (yuan): docs/metrics.md "Brand spend estimate" */
  spendLow: number;
  spendHigh: number;
  estimated: true;
}

export interface BrandDetailAnswer {
  brand: {
    brandId: number;
    brandName: string;
    categoryId: number;
    categoryName: string;
    enabled: boolean;
    aliases: string[];
  };
  days: number;
  startDate: string;
  endDate: string;
  summary: BrandSummary;
  trend: { day: string; mentionVideos: number; sponsoredVideos: number; play: number }[];
  partitions: { tid: number | null; name: string; videoNum: number; play: number }[];
  kols: {
    kolId: number;
    kolName: string;
    face: string;
    fansNum: number;
    videoNum: number;
    sponsoredNum: number;
    play: number;
  }[];
  /** the brands of the same category with the most mention videos in the window (share-of-voice suggestions) */
  competitors: { brandId: number; brandName: string }[];
}

export interface BrandMentionEvidence {
  location: string;
  alias: string;
  evidence: string;
  hits: number;
}
export interface SponsorEvidence {
  signal: string;
  location: string;
  matched: string;
  snippet: string;
  weight: number;
}
/** A video as the brand and sales lists name it: ids, title, its creator and when it was published. */
export interface ListedVideoRef {
  videoId: number;
  bvid: string;
  title: string;
  kolId: number;
  kolName: string;
  publishTime: string;
}
export interface BrandVideoRow extends ListedVideoRef {
  playNum: number;
  sponsored: boolean;
  /** this brand is the video's sponsor (video_sponsorships.brand_id) */
  sponsoredByBrand: boolean;
  score: number | null;
  mentions: BrandMentionEvidence[];
  sponsorEvidence: SponsorEvidence[];
}

export interface ShareOfVoiceRow {
  brandId: number;
  brandName: string;
  mentionVideos: number;
  sponsoredVideos: number;
  exposurePlay: number;
  /** shares of the chosen brands' totals, 0–100 with one decimal */
  videoShare: number;
  playShare: number;
}

export interface SalesRange {
  salesLow: number;
  salesMid: number;
  salesHigh: number;
  gmvLow: number;
  gmvHigh: number;
  estimated: true;
}

export interface SaleGoodsRow extends SalesRange {
  goodsId: number;
  title: string;
  platform: string;
  price: number | null;
  categoryName: string;
  brandName: string | null;
  videoNum: number;
  play: number;
}
export interface SaleVideoRow extends SalesRange, ListedVideoRef {
  play: number;
  goodsNum: number;
}
export interface SaleSummary extends SalesRange {
  goodsNum: number;
  videoNum: number;
  play: number;
  topCategory: string | null;
}
export interface SaleSubject {
  type: SaleSubjectType;
  id: number;
  name: string;
  face: string;
}
export interface SaleReportAnswer {
  subject: SaleSubject;
  days: number;
  startDate: string;
  endDate: string;
  summary: SaleSummary;
  goods: SaleGoodsRow[];
  videos: SaleVideoRow[];
  categories: { name: string; salesMid: number; goodsNum: number }[];
}
export interface SaleContrastAnswer {
  type: SaleSubjectType;
  days: number;
  startDate: string;
  endDate: string;
  items: (SaleSubject & SaleSummary)[];
}

export interface ConsoleBrandAlias {
  id: number;
  alias: string;
  ambiguous: boolean;
  contextWords: string[];
  excludePhrases: string[];
}
export interface ConsoleBrandRow {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  enabled: boolean;
  note: string;
  updatedAt: string;
  aliases: ConsoleBrandAlias[];
}
