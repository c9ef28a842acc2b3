import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import type { VideoCounterNums } from './discovery.js';
import { MONITOR_DURATIONS, type MonitorDuration } from './membership.js';
import { blank, text } from './validation.js';

/**
 * Placements (投放, screen upThrow) and video monitoring (videoMonitor) — spec §3 Placement record and Work
 * lookup result, §4 work-link flags, §5 promotion cost and reserved window, §6 durations, §7.3, §7.4, §8, §9.
 * Wire names are the spec's (addType, tId, type, videoUrl, promotionCost, monitorDuration, kolToken, sTime,
 * eTime, recordId, flag, coverImg, kolName, kolImg, publishTime, title). docs/api/placements.md,
 * docs/api/monitoring.md.
 */

/** §3 addType: 1 a work already published (by link), 2 not yet published (by creator). */
export const PutAddType = { PUBLISHED: 1, UNPUBLISHED: 2 } as const;
export type PutAddType = (typeof PutAddType)[keyof typeof PutAddType];
/** §3 type: 1 video, 2 album. */
export const PutWorkType = { VIDEO: 1, ALBUM: 2 } as const;
export type PutWorkType = (typeof PutWorkType)[keyof typeof PutWorkType];

/** §4 work-link check flags. */
export const WorkLinkFlag = {
  NOT_QUERIED: -1,
  FOUND: 0,
  BAD_FORMAT: 1,
  COLLECTING: 2,
  ALREADY_ADDED: 3,
} as const;
export type WorkLinkFlag = (typeof WorkLinkFlag)[keyof typeof WorkLinkFlag];

/** §5, §9: promotion cost 0 < cost ≤ 99999999 yuan, two decimals. */
export const PROMOTION_COST_MAX = 99999999;
/** Hours of each §9 monitor duration. */
export const MONITOR_DURATION_HOURS: Readonly<Record<MonitorDuration, number>> = { 0: 0, 1: 24, 2: 48, 3: 72, 7: 168 };
/** Sampling: every 5 minutes inside the window, hourly for this many hours after it (docs/pipeline.md). */
export const MONITOR_VIDEO_INTERVAL_S = 300;
export const MONITOR_TAIL_INTERVAL_S = 3600;
export const MONITOR_TAIL_HOURS = 7 * 24;

export const PutMsg = {
  /** §4 flag −1 hint */
  linkNotQueried: '请输入作品链接后点击查询',
  /** §8 (flag 1) */
  linkBadFormat: '输入的链接格式错误，请重新输入',
  /** §8 (flag 2) */
  linkCollecting: '作品正在收录中,请在提交后20分钟左右刷新查看数据',
  /** §8 (flag 3) */
  linkAlreadyAdded: '作品已被添加，请选择其他作品',
  linkFound: '查询成功',
  /** §5 */
  costPositive: '请输入大于0数字',
  /** §5 says "silently rejected" above 99999999; the server still answers in words */
  costTooLarge: '推广费用不能超过99999999元',
  costInvalid: '请输入正确的推广费用（最多两位小数）',
  /** §5 */
  windowInPast: '预约监测时间段不能为过去时间',
  addTypeInvalid: '投放类型不正确',
  typeInvalid: '作品类型不正确',
  durationInvalid: '监测时长不正确',
  groupInvalid: '分组不存在或已被删除',
  creatorRequired: '请选择UP主',
  creatorMissing: '该UP主不存在或尚未收录',
  linkRequired: '请输入作品链接',
  submitNotReady: '请先查询作品链接，查询成功后再提交',
  albumSoon: '专辑作品即将上线，目前仅支持视频作品',
  recordMissing: '投放记录不存在或已被删除',
  recordIdInvalid: '投放记录编号不正确',
  timeInvalid: '时间格式不正确',
  /** §8: the server message on a placement add */
  added: '添加成功，作品数据将在约20分钟内更新',
  addedReady: '添加成功',
  updated: '修改成功',
  deleted: '删除成功',
  matchConfirmed: '已关联该作品，开始监测',
  noMatch: '该UP主暂未发布新作品',
  monitorAdded: '添加成功，已开始监测',
  monitorMissing: '监测记录不存在或已被删除',
  monitorOfPlacement: '该监测属于投放记录，请在投放管理中修改或删除',
  monitorDeleted: '已删除该监测',
  monitorLimit: (max: number) => `同时监测的作品数量已达当前版本上限（${max}个），升级会员可监测更多`,
  /** §6: below 2 the 30-day report shows an upgrade notice */
  reportUpgrade: '开通专业版及以上会员，即可查看视频30天数据报告',
} as const;

export const idOf = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2 ** 53 - 1, { error: message });

/**
 * Promotion cost (§5): yuan with at most two decimals, 0 < cost ≤ 99999999, kept as a string ("1234.50").
 * Below or at 0: 请输入大于0数字.
 */
export const promotionCostField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  text(PutMsg.costInvalid, { max: 20, tooLong: PutMsg.costInvalid })
    .trim()
    .superRefine((v, ctx) => {
      if (!/^-?\d+(\.\d{1,2})?$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: PutMsg.costInvalid });
        return;
      }
      const n = Number(v);
      if (n <= 0) ctx.addIssue({ code: 'custom', message: PutMsg.costPositive });
      else if (n > PROMOTION_COST_MAX) ctx.addIssue({ code: 'custom', message: PutMsg.costTooLarge });
    })
    .transform((v) => formatCost(costCents(v))),
);

/** "12.5" → 1250 (integer cents: the money arithmetic is exact). */
export function costCents(v: string): number {
  const [whole = '0', frac = ''] = v.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}
/** 1250 → "12.50". */
export function formatCost(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export const durationField = z.preprocess(
  blank,
  z.coerce
    .number({ error: PutMsg.durationInvalid })
    .refine((d): d is MonitorDuration => (MONITOR_DURATIONS as readonly number[]).includes(d), {
      error: PutMsg.durationInvalid,
    })
    .optional(),
);
/** A time as ms since the epoch or an ISO string / 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai when no zone). */
export const timeField = z.preprocess(
  blank,
  z
    .union([z.coerce.number(), text(PutMsg.timeInvalid, { max: 40 })], { error: PutMsg.timeInvalid })
    .transform((v, ctx) => {
      const ms = parseTime(v);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: PutMsg.timeInvalid });
        return z.NEVER;
      }
      return ms;
    })
    .optional(),
);

/** 9999-12-31T23:59:59.999Z: a later number is no time (a Date past it is invalid). */
const MAX_TIME_MS = 253_402_300_799_999;

export function parseTime(v: number | string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 && v <= MAX_TIME_MS ? v : null;
  const s = v.trim();
  if (/^\d{10,13}$/.test(s)) return Number(s) * (s.length === 10 ? 1000 : 1);
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (local) {
    const [, y, mo, d, h, mi, se] = local;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 8, Number(mi), Number(se ?? 0));
    return Number.isNaN(ms) ? null : ms;
  }
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
}

const addTypeField = z.coerce
  .number({ error: PutMsg.addTypeInvalid })
  .refine((v): v is PutAddType => v === 1 || v === 2, { error: PutMsg.addTypeInvalid });
const workTypeField = z.preprocess(
  blank,
  z.coerce
    .number({ error: PutMsg.typeInvalid })
    .refine((v): v is PutWorkType => v === 1 || v === 2, { error: PutMsg.typeInvalid })
    .default(1),
);
const videoUrlField = z.preprocess(blank, text(PutMsg.linkBadFormat, { max: 500 }).trim().optional());

/** GET /api/checkPutUrl (§7.3): type, videoUrl. */
export const CheckPutUrlParams = z.object({ type: workTypeField, videoUrl: videoUrlField });
export type CheckPutUrlParams = z.infer<typeof CheckPutUrlParams>;

/** POST /api/addPutRecord (§3, §7.3): the placement form plus id (absent when adding). */
export const AddPutRecordParams = z.object({
  addType: addTypeField,
  tId: z.preprocess(blank, idOf(PutMsg.groupInvalid).optional()),
  type: workTypeField,
  videoUrl: videoUrlField,
  promotionCost: promotionCostField,
  monitorDuration: durationField,
  kolToken: z.preprocess(blank, idOf(PutMsg.creatorMissing).optional()),
  sTime: timeField,
  eTime: timeField,
});
export type AddPutRecordParams = z.infer<typeof AddPutRecordParams>;

/** A placement record by recordId (or id). */
export const PutRecordRefParams = z.object({
  recordId: z.preprocess(blank, idOf(PutMsg.recordIdInvalid).optional()),
  id: z.preprocess(blank, idOf(PutMsg.recordIdInvalid).optional()),
});
export type PutRecordRefParams = z.infer<typeof PutRecordRefParams>;

/** POST /api/updatePutRecord: recordId (or id) plus the fields that may change (cost, duration, window). */
export const UpdatePutRecordParams = PutRecordRefParams.extend({
  promotionCost: z.preprocess(blank, promotionCostField.optional()),
  monitorDuration: durationField,
  sTime: timeField,
});
export type UpdatePutRecordParams = z.infer<typeof UpdatePutRecordParams>;

export const PutRecordListParams = z.object({
  tId: z.preprocess(blank, idOf(PutMsg.groupInvalid).optional()),
  pageNo: z.preprocess(blank, z.coerce.number().int().min(1).max(1000).default(1)),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(20)),
});
export type PutRecordListParams = z.infer<typeof PutRecordListParams>;

/** POST /api/user/addMonitor (§7.4): a video by link (or id) with a duration and a start. */
export const AddMonitorParams = z.object({
  videoUrl: videoUrlField,
  videoId: z.preprocess(blank, idOf(PutMsg.linkBadFormat).optional()),
  monitorDuration: durationField,
  sTime: timeField,
});
export type AddMonitorParams = z.infer<typeof AddMonitorParams>;

export const MonitorRefParams = z.object({ id: idOf(PutMsg.monitorMissing) });
export const MonitorHistoryParams = PutRecordListParams.omit({ tId: true });

/** §3 Work lookup result. */
export interface WorkPreview {
  flag: WorkLinkFlag;
  coverImg: string | null;
  kolName: string | null;
  kolImg: string | null;
  kolId: number | null;
  publishTime: string | null;
  title: string | null;
  videoId: number | null;
  bvid: string | null;
}
export interface CheckPutUrlAnswer extends ApiEnvelope, WorkPreview {}

/** The state of a monitor window at the time of the answer. */
export type MonitorState = 'none' | 'waiting' | 'monitoring' | 'after' | 'ended';
export const MONITOR_STATE_LABELS: Readonly<Record<MonitorState, string>> = {
  none: '不监测',
  waiting: '待开始',
  monitoring: '监测中',
  after: '监测结束（每小时更新）',
  ended: '已结束',
};

/** One placement as listed (§3 Placement record plus what the list shows). */
export interface PutRecord {
  recordId: number;
  addType: PutAddType;
  tId: number | null;
  groupName: string | null;
  type: PutWorkType;
  videoUrl: string | null;
  promotionCost: string;
  monitorDuration: MonitorDuration;
  kolToken: number | null;
  kolName: string | null;
  kolImg: string | null;
  sTime: string | null;
  eTime: string | null;
  /** 'collecting' while the work by link is fetched; 'awaiting' (addType 2) until a work is attached */
  workState: 'ready' | 'collecting' | 'awaiting';
  monitorState: MonitorState;
  videoId: number | null;
  bvid: string | null;
  title: string | null;
  coverImg: string | null;
  publishTime: string | null;
  playNum: number | null;
  /** addType 2: the creator's first work published after the record, offered for confirmation */
  candidate: { videoId: number; title: string; publishTime: string; coverImg: string } | null;
  createTime: string;
}

/** One sample of the curve (§2.6; a missed slot is absent, never interpolated). */
export interface MonitorPoint extends VideoCounterNums {
  ts: string;
}

export interface ReportFigures {
  /** counts at the first and last sample, and last − first */
  first: MonitorPoint | null;
  last: MonitorPoint | null;
  increase: Omit<MonitorPoint, 'ts'> | null;
  /** samples taken / slots due so far inside the window (gaps are the difference) */
  samples: number;
  slotsDue: number;
  /** cost × 1000 / plays at the last sample (yuan, 2 decimals); null without cost or plays */
  cpm: string | null;
  /** cost / (likes + coins + favourites + shares + comments + danmaku) at the last sample */
  costPerEngagement: string | null;
  engagements: number | null;
  /** the expected band of plays at the same age from the creator's usual videos (docs/metrics.md) */
  expected: { ageHours: number; low: number; median: number; high: number; videos: number } | null;
  /** last plays ÷ expected median; null without a band */
  versusExpected: number | null;
}

/** A work's id in a link: `BV…` (10 characters after BV) or `av<digits>`. */
export interface WorkRef {
  bvid: string | null;
  aid: number | null;
}

/**
 * The work a video link names (§4 flag 1 when null): https://www.bilibili.com/video/BV…, m.bilibili.com,
 * /video/av…, or a bare BV… / av… id. Short links (b23.tv) need the platform to resolve them and are not
 * accepted.
 */
export function parseWorkLink(input: string): WorkRef | null {
  const s = input.trim();
  if (s === '' || s.length > 500) return null;
  const bare = /^(?:(BV[0-9A-Za-z]{10})|av(\d{1,15}))$/i.exec(s);
  const link =
    /^(?:https?:\/\/)?(?:www\.|m\.)?bilibili\.com\/video\/(?:(BV[0-9A-Za-z]{10})|av(\d{1,15}))(?:[/?#].*)?$/i.exec(s);
  const m = bare ?? link;
  if (!m) return null;
  if (m[1]) return { bvid: `BV${m[1].slice(2)}`, aid: null };
  const aid = Number(m[2]);
  return aid > 0 ? { bvid: null, aid } : null;
}

/** A monitored video of the team (user/monitorHistory rows; one definition for the server and the web). */
export interface MonitorItem {
  id: number;
  videoId: number;
  bvid: string | null;
  title: string;
  coverImg: string;
  kolId: number;
  kolName: string;
  kolImg: string;
  status: number;
  publishTime: string;
  playNum: number;
  source: string;
  sTime: string;
  eTime: string;
  tailUntil: string | null;
  monitorState: MonitorState;
  samples: number;
  slotsDue: number;
  createTime: string;
}
