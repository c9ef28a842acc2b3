import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { Msg } from './messages.js';
import { MemberMsg } from './membership.js';
import { text } from './validation.js';

/**
 * Excel export (spec §6, §7.6, §8; issue #16): the lists that can be exported, the options, the call
 * parameters, answers and texts. The server enforces the gate (`export.excel`, userType ≥ 3, refusal
 * Msg.exportBlocked) and the monthly quota (rows, QUOTA_DEFAULTS.export); the web mirrors them.
 */

/** The export paths of §7.6 that have their list built today (GET /api/export/<name>). */
export const EXPORT_LISTS = [
  'fansRanking',
  'increaseReduceRanking',
  'businessRanking',
  'companyRanking',
  'searchKol',
  'searchContent',
  'searchVideo',
  'moldbabyVideo',
  'myLinkKol',
  'myLinkVideo',
  'videoDataTendency',
  'opinionList',
  'opinionNotice',
  // issue #26 brands and sales (modules/brands/brands.export.ts)
  'exposureRank',
  'exposureSearch',
  'brandVideos',
  'saleReportGoods',
  'goodsSearch',
  'goodsRank',
  'sellGoodsKol',
] as const;
export type ExportListName = (typeof EXPORT_LISTS)[number];

export function isExportList(value: string): value is ExportListName {
  return (EXPORT_LISTS as readonly string[]).includes(value);
}

/** The options of §7.6: the page on screen, the first 100 results, or all results. */
export const EXPORT_SCOPES = ['page', 'first100', 'all'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];
export const EXPORT_SCOPE_LABELS: Readonly<Record<ExportScope, string>> = {
  page: '当前页',
  first100: '前100条',
  all: '全部结果',
};
export const EXPORT_FIRST_N = 100;
/** The most rows one export writes (every list today is capped lower: rankings 500, searches 1,000). */
export const EXPORT_MAX_ROWS = 100_000;
/** A download link is good for this long after it is handed out. */
export const EXPORT_LINK_TTL_MINUTES = 10;
/** A produced file is kept (and listed in 导出记录) this long. */
export const EXPORT_RETENTION_DAYS = 7;
/** The longest exportName kept in a file name (characters). */
export const EXPORT_NAME_MAX = 40;

export const EXPORT_STATES = ['running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const EXPORT_STATE_LABELS: Readonly<Record<ExportState, string>> = {
  running: '导出中',
  done: '已完成',
  failed: '失败',
};

export const ExportMsg = {
  /** §6 (kept once, in Msg) */
  blocked: Msg.exportBlocked,
  quotaUsed: MemberMsg.exportQuotaUsed,
  countInvalid: '导出条数不正确',
  nameInvalid: '导出文件名不能包含特殊字符',
  listUnknown: '该列表暂不支持导出',
  empty: '当前筛选条件下没有可导出的数据',
  failed: '导出失败，已退还本次导出额度，请稍后重试',
  notFound: '导出记录不存在或已过期',
  notReady: '文件尚未生成，请稍后再试',
  linkExpired: '下载链接已失效，请在导出记录中重新下载',
  started: '数据较多，已转入后台导出，可在导出记录中查看进度',
} as const;

/** 本月剩余导出额度 … when the rows asked for exceed what is left (but some is left). */
export function exportQuotaShortMessage(remain: number, need: number): string {
  return `本月剩余导出额度${remain}条，本次需导出${need}条，请减少导出条数或升级会员`;
}

const exportName = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  text(ExportMsg.nameInvalid, { max: EXPORT_NAME_MAX, tooLong: ExportMsg.nameInvalid })
    .refine((v) => !/[\\/:*?"<>|]/.test(v) && !Array.from(v).some((ch) => ch.charCodeAt(0) < 32), {
      error: ExportMsg.nameInvalid,
    })
    .optional(),
);

/**
 * The export fields of §7.6 beside the list's own parameters: `export` is the count of rows (from the
 * current page's first row for the current page; from the first row for 前100条), or `all`; `exportName`
 * names the file (name_YYYYMMDDHHmmss.xlsx). On a list call (`/api/ranking?export=1`) `export=1` only asks
 * for a file of the page the call names.
 */
export const ExportParams = z.object({
  export: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    text(ExportMsg.countInvalid)
      .trim()
      .regex(/^(all|[1-9]\d{0,5})$/, { error: ExportMsg.countInvalid })
      .transform((v): number | 'all' => (v === 'all' ? 'all' : Number(v)))
      .refine((v) => v === 'all' || v <= EXPORT_MAX_ROWS, { error: ExportMsg.countInvalid }),
  ),
  /** 'page' | 'first100' | 'all': which option the user chose (kept in 导出记录; defaults from `export`) */
  scope: z.enum(EXPORT_SCOPES, { error: ExportMsg.countInvalid }).optional(),
  exportName,
});
export type ExportParams = z.infer<typeof ExportParams>;

export const ExportIdParams = z.object({
  id: z.coerce.number({ error: ExportMsg.notFound }).int({ error: ExportMsg.notFound }).positive({
    error: ExportMsg.notFound,
  }),
});
export type ExportIdParams = z.infer<typeof ExportIdParams>;

export const ExportFileParams = ExportIdParams.extend({
  token: text(ExportMsg.linkExpired).regex(/^[A-Za-z0-9_-]{20,64}$/, { error: ExportMsg.linkExpired }),
});
export type ExportFileParams = z.infer<typeof ExportFileParams>;

export const ExportRecordsParams = z.object({
  pageNo: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type ExportRecordsParams = z.infer<typeof ExportRecordsParams>;

/** One export as 导出记录 shows it. */
export interface ExportRecord {
  id: number;
  list: string;
  /** the list's Chinese title */
  listTitle: string;
  fileName: string;
  scope: ExportScope;
  state: ExportState;
  /** rows expected (the quota spent) and rows written so far */
  rowsTotal: number;
  rowsDone: number;
  sizeBytes: number | null;
  /** who asked for it (the parent account or one of its sub-accounts) */
  userName: string;
  createdAt: string;
  finishedAt: string | null;
  /** the file is deleted after this */
  expiresAt: string;
  error: string | null;
}

/** A JSON answer of an export call that did not finish within a few seconds: the file is made in the background. */
export interface ExportStartedAnswer extends ApiEnvelope {
  exportId: number;
  record: ExportRecord;
}
export interface ExportStatusAnswer extends ApiEnvelope {
  record: ExportRecord;
}
export interface ExportRecordsAnswer extends ApiEnvelope {
  records: ExportRecord[];
  total: number;
  pageNo: number;
  pageSize: number;
}
export interface ExportLinkAnswer extends ApiEnvelope {
  url: string;
  expiresAt: string;
}

/** A file name part without the characters a file system refuses, at most EXPORT_NAME_MAX characters. */
export function safeExportName(name: string): string {
  const cleaned = Array.from(name.trim())
    .map((ch) => (/[\\/:*?"<>|]/.test(ch) || ch.charCodeAt(0) < 32 ? '_' : ch))
    .slice(0, EXPORT_NAME_MAX)
    .join('');
  return cleaned || '导出';
}

/** YYYYMMDDHHmmss of `at` in Asia/Shanghai (§7.6 file names). */
export function exportStamp(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}` +
    `${p(local.getUTCHours())}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}`
  );
}

/** name_YYYYMMDDHHmmss.xlsx (§7.6; .xlsx, not .xls: docs/decisions.md). */
export function exportFileName(name: string, at: Date): string {
  return `${name}_${exportStamp(at)}.xlsx`;
}
