import { z } from 'zod';
import { pagingShape } from './discovery.js';
import { MONITOR_DURATIONS, type MonitorDuration } from './membership.js';
import { UserType } from './tiers.js';
import { blank, intIn, text } from './validation.js';

/**
 * Opinion (舆情; issue #25; spec §2.5 opinionAnalyse / opinionWarn, §7.4 /api/opinion/*, §7.6–7.7 export
 * opinionNotice; docs/api/opinion.md). A team watches the comments and danmaku of one video (a 'video' task) or
 * of every collected video of a partition or of its saved creators that mention a keyword (a 'keyword' task,
 * ours), for a monitor window; each text carries a sentiment (docs/metrics.md "Opinion"). Rules raise warnings
 * once per event. The server enforces the gates (opinion.analyse, opinion.warn, opinion.keyword), the number of
 * live tasks per tier and the windows per tier (OPINION_TIER_RULES).
 */

export const OPINION_TASK_KINDS = ['video', 'keyword'] as const;
export type OpinionTaskKind = (typeof OPINION_TASK_KINDS)[number];
export const OPINION_SCOPES = ['partition', 'creators'] as const;
export type OpinionScope = (typeof OPINION_SCOPES)[number];
export const OPINION_SCOPE_LABELS: Readonly<Record<OpinionScope, string>> = {
  partition: '分区内视频',
  creators: '我收藏的UP主',
};

export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
export const SENTIMENT_TEXT: Readonly<Record<SentimentLabel, string>> = {
  positive: '正面',
  neutral: '中性',
  negative: '负面',
};
export const OPINION_SOURCES = ['comment', 'danmaku'] as const;
export type OpinionSource = (typeof OPINION_SOURCES)[number];
export const OPINION_SOURCE_TEXT: Readonly<Record<OpinionSource, string>> = { comment: '评论', danmaku: '弹幕' };

export const WARN_RULES = ['negative', 'keyword', 'spike'] as const;
export type WarnRule = (typeof WARN_RULES)[number];
export const WARN_RULE_TEXT: Readonly<Record<WarnRule, string>> = {
  negative: '负面占比超限',
  keyword: '关注词出现',
  spike: '声量突增',
};
/** 0 new, 1 seen, 2 handled */
export const WARN_STATES = [0, 1, 2] as const;
export type WarnState = (typeof WARN_STATES)[number];
export const WARN_STATE_TEXT: Readonly<Record<WarnState, string>> = { 0: '未读', 1: '已读', 2: '已处理' };

/**
 * Per tier (userType 0..4): live tasks at once, the monitor windows a task may run for, how often its comments
 * are collected (minutes) and whether keyword tasks are allowed. The one table the server enforces and the
 * web shows; the gates of the screens are FEATURE_POLICY opinion.analyse (2) and opinion.warn (3).
 */
export interface OpinionTierRule {
  tasks: number;
  durations: readonly Exclude<MonitorDuration, 0>[];
  cadenceMinutes: number;
  keywordTasks: boolean;
}
export const OPINION_TIER_RULES: Readonly<Record<number, OpinionTierRule>> = {
  [UserType.FREE]: { tasks: 0, durations: [], cadenceMinutes: 60, keywordTasks: false },
  [UserType.BASIC]: { tasks: 0, durations: [], cadenceMinutes: 60, keywordTasks: false },
  [UserType.PRO]: { tasks: 3, durations: [1, 2], cadenceMinutes: 30, keywordTasks: false },
  [UserType.ENTERPRISE]: { tasks: 10, durations: [1, 2, 3, 7], cadenceMinutes: 10, keywordTasks: true },
  [UserType.PREMIUM]: { tasks: 30, durations: [1, 2, 3, 7], cadenceMinutes: 5, keywordTasks: true },
};
export function opinionTierRule(userType: number): OpinionTierRule {
  return OPINION_TIER_RULES[Math.min(Math.max(userType, 0), 4)] ?? OPINION_TIER_RULES[0]!;
}
export const OPINION_DURATION_TEXT: Readonly<Record<Exclude<MonitorDuration, 0>, string>> = {
  1: '24小时',
  2: '48小时',
  3: '72小时',
  7: '7天',
};
/** Hours of a monitor window. */
export function opinionWindowHours(duration: MonitorDuration): number {
  return duration === 7 ? 7 * 24 : duration * 24;
}

/** Rule defaults and bounds. */
export const OPINION_RULE_DEFAULTS = { negThreshold: 40, minVolume: 10, spikeFactor: 3 } as const;
export const OPINION_WATCH_WORDS_MAX = 10;
export const OPINION_WATCH_WORD_MAX_LENGTH = 20;
export const OPINION_KEYWORD_MAX_LENGTH = 20;
/** The analysis's time filter spans at most this many days (the longest task window is 30 days). */
export const OPINION_RANGE_MAX_DAYS = 92;
export const OPINION_NAME_MAX_LENGTH = 40;
/** A keyword task reads the comments of at most this many videos of its scope (the newest). */
export const OPINION_KEYWORD_VIDEOS = 30;
/** The word cloud's size. */
export const OPINION_CLOUD_WORDS = 60;
export const OPINION_HOT_COMMENTS = 10;

export const OpinionMsg = {
  // §8 work-link texts
  urlInvalid: '输入的链接格式错误，请重新输入',
  collecting: '作品正在收录中,请在提交后20分钟左右刷新查看数据',
  alreadyAdded: '作品已被添加，请选择其他作品',
  // ours
  videoDeleted: '该视频已被删除，无法创建舆情任务',
  taskMissing: '舆情任务不存在或已被删除',
  idInvalid: '任务编号不正确',
  kindInvalid: '任务类型不正确',
  keywordRequired: '请输入要监测的关键词或品牌',
  keywordTooLong: `关键词最多${OPINION_KEYWORD_MAX_LENGTH}个字`,
  scopeInvalid: '请选择监测范围',
  tidRequired: '请选择分区',
  tidUnknown: '分区不存在',
  nameTooLong: `任务名称最多${OPINION_NAME_MAX_LENGTH}个字`,
  durationInvalid: '请选择监测时长',
  durationNotAllowed: '当前会员等级不支持该监测时长，升级会员解锁更长监测',
  keywordNotAllowed: '关键词舆情监测为企业版功能，升级会员解锁',
  thresholdInvalid: '负面占比阈值应为5%到95%之间的整数',
  minVolumeInvalid: '最少条数应为1到10000之间的整数',
  spikeInvalid: '突增倍数应为1.5到50之间的数字',
  watchWordsInvalid: `关注词最多${OPINION_WATCH_WORDS_MAX}个，每个最多${OPINION_WATCH_WORD_MAX_LENGTH}个字，用逗号分隔`,
  rulesNotAllowed: '舆情预警为企业版功能，升级会员解锁',
  targetFixed: '任务创建后不能修改监测对象',
  ended: '任务已结束，无法修改',
  sentimentInvalid: '情感筛选不正确',
  sourceInvalid: '来源筛选不正确',
  timeInvalid: '时间格式不正确，请使用 YYYY-MM-DD HH:mm',
  timeOrder: '开始时间须早于结束时间',
  timeSpan: `时间范围最长${OPINION_RANGE_MAX_DAYS}天`,
  grainInvalid: '统计粒度不正确',
  stateInvalid: '预警状态不正确',
  warnIdsInvalid: '预警编号不正确',
  saved: '保存成功',
  created: '创建成功，正在采集评论和弹幕',
  deleted: '删除成功',
  stateSaved: '已更新预警状态',
  limitReached: (max: number) => `当前会员最多同时进行${max}个舆情任务，请删除已有任务或升级会员`,
  noTasks: '暂无舆情任务，输入视频链接或关键词开始监测',
  noData: '暂无评论和弹幕数据，采集完成后自动显示',
  noDataInRange: '所选时间范围内暂无评论和弹幕',
  noWarnings: '暂无预警',
  modelPending: '情感分析进行中',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Parameters

const idField = z.coerce.number({ error: OpinionMsg.idInvalid }).int({ error: OpinionMsg.idInvalid }).positive({
  error: OpinionMsg.idInvalid,
});
export const OpinionIdParams = z.object({ id: idField });
export type OpinionIdParams = z.infer<typeof OpinionIdParams>;

/** GET /api/opinion/checkOpinionVideoUrl */
export const CheckOpinionVideoUrlParams = z.object({
  videoUrl: text(OpinionMsg.urlInvalid, { max: 300 })
    .trim()
    .refine((v) => v.length > 0, { error: OpinionMsg.urlInvalid }),
});
export type CheckOpinionVideoUrlParams = z.infer<typeof CheckOpinionVideoUrlParams>;

/** A video link, a BV id or an av id → { bvid } or { aid }; null when it is none of them. */
export function parseVideoRef(raw: string): { bvid: string } | { aid: number } | null {
  const s = raw.trim();
  const bv = /(?:^|[/?=&])(BV[0-9A-Za-z]{10})(?=$|[/?#&])/.exec(s) ?? /^(BV[0-9A-Za-z]{10})$/.exec(s);
  if (bv?.[1]) return { bvid: bv[1] };
  const av = /(?:^|[/?=&])av(\d{1,15})(?=$|[/?#&])/i.exec(s) ?? /^av(\d{1,15})$/i.exec(s);
  if (av?.[1]) {
    const aid = Number(av[1]);
    return Number.isSafeInteger(aid) && aid > 0 ? { aid } : null;
  }
  return null;
}

const percentField = z.preprocess(blank, intIn(OpinionMsg.thresholdInvalid, 5, 95).optional());
const minVolumeField = z.preprocess(blank, intIn(OpinionMsg.minVolumeInvalid, 1, 10_000).optional());
const spikeField = z.preprocess(
  blank,
  z.coerce
    .number({ error: OpinionMsg.spikeInvalid })
    .min(1.5, { error: OpinionMsg.spikeInvalid })
    .max(50, { error: OpinionMsg.spikeInvalid })
    .optional(),
);

/** "退款,翻车" (，、 also split) → distinct trimmed words; null when a word breaks the rule. */
export function parseWatchWords(raw: string): string[] | null {
  const words = [
    ...new Set(
      raw
        .split(/[,，、;；\s]+/u)
        .map((w) => w.trim())
        .filter((w) => w !== ''),
    ),
  ];
  if (words.length > OPINION_WATCH_WORDS_MAX) return null;
  if (words.some((w) => Array.from(w).length > OPINION_WATCH_WORD_MAX_LENGTH)) return null;
  return words;
}
const watchWordsField = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v),
  z.union([text(OpinionMsg.watchWordsInvalid, { max: 300 }), z.undefined()]).transform((s, ctx) => {
    if (s === undefined) return undefined;
    const words = parseWatchWords(s);
    if (words === null) {
      ctx.addIssue({ code: 'custom', message: OpinionMsg.watchWordsInvalid });
      return z.NEVER;
    }
    return words;
  }),
);

/**
 * POST /api/opinion/saveOpinionMonitor: without `id` creates a task (kind video: videoUrl; kind keyword: keyword
 * plus scope, and tid for a partition), with `id` updates the window, the name and the rules of the team's task.
 */
export const SaveOpinionMonitorParams = z.object({
  id: z.preprocess(blank, idField.optional()),
  kind: z.preprocess(blank, z.enum(OPINION_TASK_KINDS, { error: OpinionMsg.kindInvalid }).default('video')),
  videoUrl: z.preprocess(blank, text(OpinionMsg.urlInvalid, { max: 300 }).trim().optional()),
  keyword: z.preprocess(
    blank,
    text(OpinionMsg.keywordRequired, { max: OPINION_KEYWORD_MAX_LENGTH, tooLong: OpinionMsg.keywordTooLong })
      .trim()
      .optional(),
  ),
  scope: z.preprocess(blank, z.enum(OPINION_SCOPES, { error: OpinionMsg.scopeInvalid }).optional()),
  tid: z.preprocess(
    blank,
    z.coerce
      .number({ error: OpinionMsg.tidUnknown })
      .int({ error: OpinionMsg.tidUnknown })
      .positive({ error: OpinionMsg.tidUnknown })
      .optional(),
  ),
  name: z.preprocess(
    blank,
    text(OpinionMsg.nameTooLong, { max: OPINION_NAME_MAX_LENGTH, tooLong: OpinionMsg.nameTooLong }).trim().optional(),
  ),
  monitorDuration: z.preprocess(
    blank,
    z.coerce
      .number({ error: OpinionMsg.durationInvalid })
      .refine(
        (d): d is Exclude<MonitorDuration, 0> => d !== 0 && (MONITOR_DURATIONS as readonly number[]).includes(d),
        {
          error: OpinionMsg.durationInvalid,
        },
      )
      .optional(),
  ),
  negThreshold: percentField,
  minVolume: minVolumeField,
  spikeFactor: spikeField,
  watchWords: z.preprocess(blank, watchWordsField.optional()),
});
export type SaveOpinionMonitorParams = z.infer<typeof SaveOpinionMonitorParams>;

/**
 * A time of the analysis filters: `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]` or ISO 8601 (`T`, optional fraction and
 * `Z` / `±hh:mm`); without a zone it is Asia/Shanghai time (what the screens show). Anything else — a bare
 * number, a month name, 2026-02-30 — is refused.
 */
const TIME_FORMAT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function parseOpinionTime(s: string): Date | null {
  const m = TIME_FORMAT.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone] = m;
  const fields = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(sec)] as const;
  const check = new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]));
  if (
    check.getUTCMonth() !== fields[1] - 1 ||
    check.getUTCDate() !== fields[2] ||
    check.getUTCHours() !== fields[3] ||
    check.getUTCMinutes() !== fields[4]
  )
    return null;
  const at = Date.parse(zone ? s.trim().replace(' ', 'T') : `${y}-${mo}-${d}T${h}:${mi}:${sec}+08:00`);
  return Number.isNaN(at) ? null : new Date(at);
}

const isoTime = (message: string) =>
  z.preprocess(
    blank,
    text(message, { max: 40, tooLong: message })
      .refine((s) => parseOpinionTime(s) !== null, { error: message })
      .transform((s) => parseOpinionTime(s) ?? new Date(NaN))
      .optional(),
  );

/** The range rule of the filters (the server applies it): start before end, at most OPINION_RANGE_MAX_DAYS. */
export function opinionRangeError(start: Date | undefined, end: Date | undefined): string | null {
  if (start && end) {
    if (start.getTime() >= end.getTime()) return OpinionMsg.timeOrder;
    if (end.getTime() - start.getTime() > OPINION_RANGE_MAX_DAYS * 86_400_000) return OpinionMsg.timeSpan;
  }
  return null;
}

const filterShape = {
  id: idField,
  sentiment: z.preprocess(blank, z.enum(SENTIMENT_LABELS, { error: OpinionMsg.sentimentInvalid }).optional()),
  source: z.preprocess(blank, z.enum(OPINION_SOURCES, { error: OpinionMsg.sourceInvalid }).optional()),
  keyword: z.preprocess(
    blank,
    text(OpinionMsg.keywordTooLong, { max: OPINION_KEYWORD_MAX_LENGTH, tooLong: OpinionMsg.keywordTooLong })
      .trim()
      .optional(),
  ),
  startTime: isoTime(OpinionMsg.timeInvalid),
  endTime: isoTime(OpinionMsg.timeInvalid),
};

/** GET /api/opinion/getOpinionBasic: figures, shares, word cloud and hot comments of a task (filters optional). */
export const OpinionBasicParams = z.object({
  id: idField,
  source: filterShape.source,
  startTime: filterShape.startTime,
  endTime: filterShape.endTime,
});
export type OpinionBasicParams = z.infer<typeof OpinionBasicParams>;

/** GET /api/opinion/getOpinionStatistics: volume and sentiment per hour or per day (Asia/Shanghai). */
export const OpinionStatisticsParams = OpinionBasicParams.extend({
  grain: z.preprocess(blank, z.enum(['hour', 'day'], { error: OpinionMsg.grainInvalid }).default('hour')),
});
export type OpinionStatisticsParams = z.infer<typeof OpinionStatisticsParams>;

/** GET /api/opinion/opinionList (export=1: the same list as a file, export list `opinionList`). */
export const OpinionListParams = z.object({ ...filterShape, ...pagingShape });
export type OpinionListParams = z.infer<typeof OpinionListParams>;

/** GET /api/opinion/opinionTaskList (ours): the team's tasks, newest first. */
export const OpinionTaskListParams = z.object({ ...pagingShape });
export type OpinionTaskListParams = z.infer<typeof OpinionTaskListParams>;

/** GET /api/opinion/opinionWarnList (ours) and GET /api/export/opinionNotice. */
export const OpinionWarnListParams = z.object({
  taskId: z.preprocess(blank, idField.optional()),
  state: z.preprocess(
    blank,
    z.coerce
      .number({ error: OpinionMsg.stateInvalid })
      .refine((s): s is WarnState => (WARN_STATES as readonly number[]).includes(s), { error: OpinionMsg.stateInvalid })
      .optional(),
  ),
  ...pagingShape,
});
export type OpinionWarnListParams = z.infer<typeof OpinionWarnListParams>;

/** POST /api/opinion/setWarnState (ours): ids comma-joined (at most 100), state 1 seen or 2 handled. */
export const SetWarnStateParams = z.object({
  ids: text(OpinionMsg.warnIdsInvalid, { max: 1200 }).transform((s, ctx) => {
    const parts = s.split(',').map((x) => x.trim());
    if (parts.length === 0 || parts.length > 100 || parts.some((p) => !/^[1-9]\d{0,14}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: OpinionMsg.warnIdsInvalid });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  }),
  state: z.coerce
    .number({ error: OpinionMsg.stateInvalid })
    .refine((s): s is 1 | 2 => s === 1 || s === 2, { error: OpinionMsg.stateInvalid }),
});
export type SetWarnStateParams = z.infer<typeof SetWarnStateParams>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** checkOpinionVideoUrl: the §3 work lookup result (flag 1 found) plus our ids. */
export interface OpinionVideoCheck {
  flag: 0 | 1;
  videoId: number | null;
  bvid: string | null;
  coverImg: string;
  kolName: string;
  kolImg: string;
  publishTime: string | null;
  title: string;
}

export interface OpinionRules {
  /** percent 5–95 */
  negThreshold: number;
  minVolume: number;
  spikeFactor: number;
  watchWords: string[];
}

export interface OpinionTask {
  id: number;
  kind: OpinionTaskKind;
  name: string;
  videoId: number | null;
  bvid: string | null;
  title: string | null;
  coverImg: string | null;
  kolName: string | null;
  keyword: string | null;
  scope: OpinionScope | null;
  tid: number | null;
  themeName: string | null;
  monitorDuration: Exclude<MonitorDuration, 0>;
  sTime: string;
  eTime: string;
  /** 1 collecting (inside the window), 2 ended */
  status: 1 | 2;
  lastRunAt: string | null;
  rules: OpinionRules;
  createdBy: string;
  createdAt: string;
  newWarnings: number;
}

export interface OpinionTaskListAnswer {
  tasks: OpinionTask[];
  total: number;
  pageNo: number;
  pageSize: number;
  /** the tier's limit of live tasks and what is in use */
  limit: number;
  used: number;
  durations: Exclude<MonitorDuration, 0>[];
  keywordTasks: 0 | 1;
  canWarn: 0 | 1;
}

export interface SentimentShares {
  positive: number;
  neutral: number;
  negative: number;
  /** texts not scored yet */
  pending: number;
}

export interface OpinionWord {
  name: string;
  value: number;
}

export interface OpinionItem {
  source: OpinionSource;
  id: string;
  text: string;
  time: string;
  likes: number | null;
  uname: string | null;
  level: number | null;
  /** 0 female, 1 male, 2 unknown; null for danmaku */
  gender: number | null;
  ipLocation: string | null;
  /** 0 for a top-level comment */
  root: string | null;
  sentiment: SentimentLabel | null;
  /** P(positive) */
  score: number | null;
  videoTitle: string | null;
  bvid: string | null;
}

export interface OpinionBasicAnswer {
  total: number;
  comments: number;
  danmaku: number;
  /** distinct commenters (comments) */
  commenters: number;
  likes: number;
  counts: SentimentShares;
  /** percent of the scored texts, 1 decimal; null when nothing is scored */
  positiveShare: number | null;
  negativeShare: number | null;
  neutralShare: number | null;
  /** mean P(positive) over the scored texts */
  meanScore: number | null;
  firstTime: string | null;
  lastTime: string | null;
  words: OpinionWord[];
  hotComments: OpinionItem[];
  locations: { name: string; value: number }[];
  model: string | null;
}

export interface OpinionStatPoint {
  /** the bucket's start, ISO (UTC) */
  time: string;
  total: number;
  positive: number;
  neutral: number;
  negative: number;
  pending: number;
}

export interface OpinionStatisticsAnswer {
  grain: 'hour' | 'day';
  points: OpinionStatPoint[];
}

export interface OpinionListAnswer {
  list: OpinionItem[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface OpinionWarning {
  id: number;
  taskId: number;
  taskName: string;
  rule: WarnRule;
  title: string;
  detail: string;
  /** the hour the event happened in (ISO) */
  bucket: string;
  state: WarnState;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

export interface OpinionWarnListAnswer {
  warnings: OpinionWarning[];
  total: number;
  pageNo: number;
  pageSize: number;
  unread: number;
}
