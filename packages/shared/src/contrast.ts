import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { pagingShape } from './discovery.js';
import { text } from './validation.js';

/**
 * Creator comparison (issue #17; spec §2.5, §2.7, §3, §4, §5, §6, §7.5, §8, §9): the drawer's selection, the
 * report of 2–5 creators (a snapshot of the numbers at generation time, owned by the team), the intention
 * choice, the saved reports and the PDF. The server decides the flag (§4: 0 allowed, 1 no permission, 2
 * upgrade, 3 adviser) and spends the monthly `contrast` quota atomically (QUOTA_DEFAULTS.contrast); a report
 * that fails to build is not charged. Formulas: docs/metrics.md "Comparison report".
 */

/** §5 / §9: at least 2 and at most 5 creators in one report. */
export const CONTRAST_MIN = 2;
export const CONTRAST_MAX = 5;

/** Texts of the comparison (the §8 popovers are MemberMsg.contrast* and contrastAdviserMessage). */
export const ContrastMsg = {
  tooFew: `请至少选择${CONTRAST_MIN}个UP主生成对比报告`,
  /** shown while the list holds creators: §2.7 empties it when the user leaves these screens (issue #23 item 17) */
  leaveClears: '离开UP主搜索、榜单、收藏和UP主详情页面后，对比列表将被清空',
  tooMany: `最多选择${CONTRAST_MAX}个UP主进行对比`,
  kolIdsInvalid: 'UP主编号不正确',
  duplicate: '对比列表中有重复的UP主',
  kolMissing: '部分UP主不存在或已被删除，请移除后重试',
  drawerFull: `对比列表最多${CONTRAST_MAX}个UP主，请先移除部分UP主`,
  alreadyInDrawer: '该UP主已在对比列表中',
  added: '添加成功',
  reportMissing: '对比报告不存在或已被删除',
  contrastIdInvalid: '对比报告编号不正确',
  intentionNotInReport: '该UP主不在此对比报告中',
  intentionSet: '已设为意向UP主',
  buildFailed: '对比报告生成失败，本次不计入使用次数，请稍后再试',
  deleted: '删除成功',
  pdfFailed: 'PDF生成失败，请稍后再试',
  empty: '暂无对比UP主，请从搜索、榜单或UP主详情中添加',
  noRecords: '暂无对比报告',
  /** a compared creator has no rolled-up figures yet (docs/api/contrast.md): refused before any quota is spent */
  dataPreparing: (names: string) => `数据准备中：${names} 的数据尚未统计完成，请稍后再生成（本次不计入使用次数）`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Parameters

/** "12,34,56": 2–5 distinct positive creator ids (kolId), comma-joined (§5). */
export const kolIdsText = text(ContrastMsg.kolIdsInvalid, { max: 200 });

/** POST /api/user/kolContrast */
export const kolContrastParams = z.object({ kolIds: kolIdsText });
export type KolContrastParams = z.infer<typeof kolContrastParams>;

export const contrastIdParam = z.coerce.number().int().positive();

/** GET /api/user/kolContrastResult, GET /api/user/delContrastRecord, GET /api/user/contrastPdf */
export const contrastIdParams = z.object({ contrastId: contrastIdParam });
export type ContrastIdParams = z.infer<typeof contrastIdParams>;

/** POST /api/user/setIntention: marks that creator as the report's intended creator (isAdmire, one per report). */
export const setIntentionParams = z.object({
  contrastId: contrastIdParam,
  intentionKolId: z.coerce.number().int().positive(),
});
export type SetIntentionParams = z.infer<typeof setIntentionParams>;

/** GET /api/user/contrastRecordList: the team's saved reports, newest first. */
export const contrastRecordListParams = z.object({ ...pagingShape });
export type ContrastRecordListParams = z.infer<typeof contrastRecordListParams>;

/** Parse "12,34,56" into ids, or a ContrastMsg text explaining why not. */
export function parseKolIds(raw: string): { ok: true; ids: number[] } | { ok: false; message: string } {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^[1-9]\d{0,15}$/.test(p)) return { ok: false, message: ContrastMsg.kolIdsInvalid };
    const n = Number(p);
    if (!Number.isSafeInteger(n)) return { ok: false, message: ContrastMsg.kolIdsInvalid };
    ids.push(n);
  }
  if (new Set(ids).size !== ids.length) return { ok: false, message: ContrastMsg.duplicate };
  if (ids.length < CONTRAST_MIN) return { ok: false, message: ContrastMsg.tooFew };
  if (ids.length > CONTRAST_MAX) return { ok: false, message: ContrastMsg.tooMany };
  return { ok: true, ids };
}

// ---------------------------------------------------------------------------------------------------------
// Answers

/** GET /api/user/getContrastCount (exists in the membership module): ContrastCountAnswer. */

/**
 * POST /api/user/kolContrast → code 200 with id (null unless flag 0), flag (§4) and tip (the §8 popover text
 * when flag ≠ 0, with the adviser's phone from configuration for flag 3). A refused flag spends nothing.
 */
export interface KolContrastAnswer extends ApiEnvelope {
  id: number | null;
  flag: number;
  tip: string | null;
}

/** One portrait entry as §3: the wire carries them as JSON strings of these arrays. */
export interface GenderShare {
  性别: '男' | '女';
  比例: number;
}
export interface AgeShare {
  年龄: string;
  比例: number;
}
export interface AreaShare {
  地域: string;
  比例: number;
}

/** The catch-all area entry the portrait sums the rest into (docs/metrics.md, area portrait). */
export const AREA_OTHER = '其他';

/**
 * Area entries for a top-N list: largest share first, the catch-all 其他 last whatever its size (it is the
 * sum of many regions, not a region: issue #23 found it ranked first). Used by the report modal and the PDF.
 */
export function rankAreas<T>(entries: readonly T[], nameOf: (e: T) => string, shareOf: (e: T) => number): T[] {
  return [...entries].sort(
    (a, b) => Number(nameOf(a) === AREA_OTHER) - Number(nameOf(b) === AREA_OTHER) || shareOf(b) - shareOf(a),
  );
}

/** §3 "Creator in a comparison report", plus what the report needs to be honest about its numbers. */
export interface ContrastKolData {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  /** 1 picks the verified marker image, otherwise the other one (§3) */
  isApprove: number;
  /** the team's live list flags (collect type 1, delivery list type 4), not frozen in the snapshot */
  isCollect: number;
  isPut: number;
  /** 1 for the report's intended creator (setIntention), at most one per report */
  isAdmire: number;
  /** the creator's partitions: [{ id, name }] (parent first) */
  twoSortFlag: { id: number; name: string }[];
  fansNum: number;
  /** 云指数 */
  indexNum: number;
  /** videos published in the 7 days ending at the creator's figures' day (creator_metrics.day) */
  weekVideoNum: number;
  /**
   * the averages over the weekly figures' sample (sampleWindow: the week's videos, else the 30 days', else the
   * latest 10 of 90 days; null when none) — the same figures as the creator detail's
   */
  weekAvgPlayNum: number | null;
  avgPraiseNum: number | null;
  weekAvgCollectNum: number | null;
  weekAvgShareNum: number | null;
  weekAvgCommentNum: number | null;
  /** coins: the average per video of that week (null when none) */
  weekCastCurrencyNum: number | null;
  /** 充电人数 as the platform reports it (0 when never reported) */
  chargingNum: number;
  /** JSON strings as §3 (GenderShare[] / AgeShare[] / AreaShare[]), null when no portrait exists */
  genderPortrait: string | null;
  agePortrait: string | null;
  areaPortrait: string | null;
  /** how the portrait was made: sampled commenters (with the sample size) or the partition estimate */
  portraitSource: string | null;
  portraitSampleSize: number | null;
  /** (added by the server part) the machine-readable kind behind portraitSource: the creator's own sampled
   * commenters, or its partition's pooled portrait (an estimate, not the creator's fans) */
  portraitKind?: 'creator' | 'partition' | null;
  /** 30日涨粉, the one definition of docs/metrics.md (creator_metrics.fans_change_30), null when not computable */
  fansIncrease30: number | null;
  /** (added by the server part) which videos the averages are over (SampleWindow, shared sampleWindowLabel) */
  sampleWindow?: 0 | 7 | 30 | 90 | null;
  /** 互动率 = (likes + coins + collects + shares + comments) / plays over the sample's videos, %, null when no plays */
  engagementRate: number | null;
  /** the team's library price for an implanted video (yuan), null when the library has none */
  libraryPrice: number | null;
  /** price per 1,000 plays = libraryPrice / weekAvgPlayNum × 1000 (the sample's mean plays) */
  pricePerThousandPlays: number | null;
  /**
   * the system's 定制视频 quote estimate (creator_metrics.video_price, docs/metrics.md "Commercial estimates"),
   * shown as its range (quoteRange); null when not rolled up or in a report stored before it was kept
   */
  estVideoPrice?: number | null;
  /** (added by the server part) the sample window whose mean plays pricePerThousandPlays used, or null */
  pricePlaysDays?: 7 | 30 | 90 | null;
}

/** The audience-overlap estimate between two compared creators (docs/metrics.md "Audience overlap"). */
export interface ContrastOverlapPair {
  kolIdA: number;
  kolIdB: number;
  /** distinct commenters seen under A's / B's collected comments, and under both */
  commentersA: number;
  commentersB: number;
  shared: number;
  /** Jaccard share of commenters (%), null when a side has fewer commenters than the method's minimum */
  overlapPercent: number | null;
  /** the 95 % interval of overlapPercent (%), null with it */
  low: number | null;
  high: number | null;
}
export interface ContrastOverlap {
  /** in words, shown next to the figures */
  method: string;
  /** how many comments the estimate read in all */
  sampleSize: number;
  pairs: ContrastOverlapPair[];
}

/** One dimension's short written verdict (who leads on reach, engagement, growth, price per 1,000 plays). */
export interface ContrastVerdict {
  dimension: 'reach' | 'engagement' | 'growth' | 'price';
  /** the dimension's Chinese title: 影响力, 互动, 成长, 性价比 */
  title: string;
  /** the leading creator, null when no creator has the figure */
  leaderKolId: number | null;
  /** one or two sentences in Chinese, with the figures */
  text: string;
}

/** GET /api/user/kolContrastResult: the report as it was generated. */
export interface KolContrastResultAnswer extends ApiEnvelope {
  contrastId: number;
  /** ISO time the report was generated */
  createdAt: string;
  /** the data date (Asia/Shanghai YYYY-MM-DD) the numbers were taken at */
  dataDate: string | null;
  userContrastKolDataList: ContrastKolData[];
  overlap: ContrastOverlap;
  verdicts: ContrastVerdict[];
  /** 1 when the caller's tier may download the PDF (FEATURE_POLICY['export.pdf']) */
  canPdf: number;
}

export interface ContrastRecordItem {
  contrastId: number;
  createdAt: string;
  dataDate: string | null;
  kolNum: number;
  kols: { kolId: number; kolName: string; kolImg: string }[];
  /** the intended creator's name, null when none was chosen */
  intentionKolName: string | null;
  /** who generated it (the team member's nickname or phone, masked) */
  creatorName: string;
}
export interface ContrastRecordListAnswer extends ApiEnvelope {
  list: ContrastRecordItem[];
  total: number;
}
