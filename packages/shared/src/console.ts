import { z } from 'zod';
import { intField, optionalText, text } from './validation.js';

/** The operator console's parameters (issue #27; docs/api/console.md). */

const CODE_INVALID = '验证码错误或已过期';
export const TotpCodeParams = z.object({
  code: text(CODE_INVALID, { max: 6 })
    .trim()
    .regex(/^\d{6}$/, { error: CODE_INVALID }),
});

const idField = (message: string) => intField(message).min(1, { error: message });
export const ConsoleIdParams = z.object({ id: idField('编号不正确') });

const NEWS_TITLE_REQUIRED = '请输入报告标题';
export const NewsSaveParams = z.object({
  id: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), idField('编号不正确').optional()),
  title: text(NEWS_TITLE_REQUIRED, { max: 100 })
    .trim()
    .refine((v) => v.length > 0, { error: NEWS_TITLE_REQUIRED }),
  summary: optionalText(300).default(''),
  category: text('请输入分类', { max: 20 })
    .trim()
    .refine((v) => v.length > 0, { error: '请输入分类' }),
  coverUrl: optionalText(500).default(''),
  bodyMd: text('请输入正文', { multiline: true, max: 100_000 }),
  status: z.enum(['draft', 'published'], { error: '状态不正确' }),
  /** ISO time; empty: now (published) or none (draft) */
  publishAt: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.iso.datetime({ offset: true, error: '发布时间不正确' }).optional(),
  ),
});
export type NewsSaveParams = z.infer<typeof NewsSaveParams>;

export const FeedbackReplyParams = z.object({
  id: idField('反馈编号不正确'),
  reply: text('请输入回复内容', { multiline: true, max: 1000 })
    .trim()
    .refine((v) => v.length > 0, { error: '请输入回复内容' }),
});

export const FeedbackInboxParams = z.object({ status: z.enum(['open', 'all']).default('open') });

export const OrdersQueryParams = z.object({ keyword: optionalText(100).default('') });

export const BankTransferParams = z.object({
  /** the user: id, phone or e-mail */
  user: text('请输入用户', { max: 100 })
    .trim()
    .refine((v) => v.length > 0, { error: '请输入用户' }),
  priceId: idField('请选择价格选项'),
  /** the bank's transaction reference */
  tradeNo: text('请输入银行流水号', { max: 64 })
    .trim()
    .refine((v) => v.length > 0, { error: '请输入银行流水号' }),
  /** the amount received, in yuan: it must equal the order's */
  amount: z.coerce.number({ error: '请输入到账金额' }).positive({ error: '请输入到账金额' }),
});
export type BankTransferParams = z.infer<typeof BankTransferParams>;

export const CONSOLE_SETTING_KEYS = [
  'customerService',
  'serveWarn',
  'prize',
  'accessRecords',
  'landing',
  'branding',
  'bankAccount',
] as const;
export const SettingSaveParams = z.object({
  key: z.enum(CONSOLE_SETTING_KEYS, { error: '设置项不正确' }),
  /** the setting's JSON */
  value: text('设置内容格式不正确', { multiline: true, max: 20_000 }),
});

export const AuditParams = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
});

// --- editors (help, tutorials, popups, branding, prices, menus) --------------------------------------------------

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? undefined : v), idField('编号不正确').optional());
/** A form boolean: true/false, 1/0 or their text. */
const flag = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: message }),
  );
const sortField = z.preprocess(
  (v) => (v === '' || v === undefined ? 0 : v),
  intField('排序须为整数').min(-9999).max(9999),
);
const required = (message: string, max: number, multiline = false) =>
  text(message, { max, multiline })
    .trim()
    .refine((v) => v.length > 0, { error: message });

export const PublishParams = z.object({ id: idField('编号不正确'), published: flag('发布状态不正确') });

export const AnswerTypeSaveParams = z.object({
  id: optionalId,
  audience: z.coerce.number({ error: '请选择身份' }).refine((v) => v === 1 || v === 2, { error: '请选择身份' }),
  dataName: required('请输入分类名称', 20),
  sort: sortField,
});

/** A help answer's links into the app: [{ name, url, type 1 in-app / 2 new tab }] as JSON. */
export const HelpMenuLink = z.object({
  name: required('链接名称不能为空', 20),
  url: required('链接地址不能为空', 300).refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
    error: '链接地址须以 / 或 http(s):// 开头',
  }),
  type: z.union([z.literal(1), z.literal(2)], { error: '链接类型须为1或2' }),
});
const HELP_MENUS_INVALID = '推荐功能链接格式不正确';
export const AnswerSaveParams = z.object({
  id: optionalId,
  typeId: idField('请选择分类'),
  title: required('请输入问题标题', 100),
  answers: required('请输入回答内容', 20_000, true),
  introduce: optionalText(300).default(''),
  answersType: z.coerce
    .number({ error: '展示方式不正确' })
    .refine((v) => v === 1 || v === 2, { error: '展示方式不正确' }),
  isRecommendFunction: flag('推荐功能标记不正确'),
  /** JSON of HelpMenuLink[] (at most 6) */
  menus: text(HELP_MENUS_INVALID, { max: 3000 })
    .default('[]')
    .transform((v, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v === '' ? '[]' : v);
      } catch {
        ctx.addIssue({ code: 'custom', message: HELP_MENUS_INVALID });
        return z.NEVER;
      }
      const result = z.array(HelpMenuLink).max(6).safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? HELP_MENUS_INVALID });
        return z.NEVER;
      }
      return result.data;
    }),
  sort: sortField,
  published: flag('发布状态不正确'),
});
export type AnswerSaveParams = z.infer<typeof AnswerSaveParams>;

const mediaUrl = (message: string) =>
  text(message, { max: 500 })
    .trim()
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), { error: message });
export const TutorialSaveParams = z.object({
  id: optionalId,
  name: required('请输入视频名称', 50),
  url: mediaUrl('视频地址须以 / 或 http(s):// 开头').refine((v) => v.length > 0, { error: '请输入视频地址' }),
  posterUrl: mediaUrl('封面地址须以 / 或 http(s):// 开头').default(''),
  mustWatch: flag('必看标记不正确'),
  sort: sortField,
  published: flag('发布状态不正确'),
});
export type TutorialSaveParams = z.infer<typeof TutorialSaveParams>;

export const PopupSaveParams = z.object({
  id: optionalId,
  name: required('请输入弹窗名称', 50),
  /** the layout's JSON (validated on the server against the popup layout shape) */
  layout: text('弹窗内容格式不正确', { multiline: true, max: 20_000 }),
  enabled: flag('发布状态不正确'),
});

/** Money in yuan as text with at most two decimals (kept exact: never a float on the way to the database). */
export const MONEY_PATTERN = /^(0|[1-9]\d{0,6})(\.\d{1,2})?$/;
const money = (message: string) => text(message, { max: 12 }).trim().regex(MONEY_PATTERN, { error: message });
/** '12.5' → 1250 fen, by the digits (no floating point). */
export function yuanTextToFen(value: string): number {
  const [whole = '0', frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
export const PriceSaveParams = z.object({
  id: idField('价格选项不存在'),
  title: required('请输入名称', 20),
  price: money('售价须为最多两位小数的金额'),
  originalPrice: money('原价须为最多两位小数的金额'),
  enabled: flag('上架状态不正确'),
  isDefault: flag('默认标记不正确'),
});
export type PriceSaveParams = z.infer<typeof PriceSaveParams>;

export const MenuToggleParams = z.object({ id: idField('菜单不存在'), enabled: flag('启用状态不正确') });

// --- users, free-VIP review, collection requests, pipeline, analytics --------------------------------------------

export const UserSearchParams = z.object({ keyword: optionalText(100).default('') });
export const UserIdParams = z.object({ userId: idField('用户不存在') });
const reason = required('请填写原因', 200);
export const UserExtendParams = z.object({
  userId: idField('用户不存在'),
  level: intField('请选择会员等级').min(1, { error: '请选择会员等级' }).max(4, { error: '请选择会员等级' }),
  days: intField('天数须为1至3650的整数')
    .min(1, { error: '天数须为1至3650的整数' })
    .max(3650, { error: '天数须为1至3650的整数' }),
  reason,
});
export type UserExtendParams = z.infer<typeof UserExtendParams>;
export const UserDisableParams = z.object({ userId: idField('用户不存在'), disabled: flag('状态不正确'), reason });

export const FreeVipDecideParams = z
  .object({
    id: idField('申请不存在'),
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或拒绝' }),
    reason: optionalText(200).default(''),
  })
  .refine((p) => p.decision === 'approve' || p.reason.length > 0, { error: '请填写拒绝原因', path: ['reason'] });
export const FreeVipListParams = z.object({ status: z.enum(['pending', 'all']).default('pending') });

export const CollectionRequestsParams = z.object({
  state: z.enum(['all', 'queued', 'searchable', 'done', 'failed', 'not_found']).default('all'),
});
export const PipelineRetryParams = z.object({ name: required('请选择任务类型', 60) });

export const AnalyticsParams = z.object({
  days: z.coerce.number().int().min(1, { error: '天数须为1至90' }).max(90, { error: '天数须为1至90' }).default(14),
});

/**
 * The public landing pages of the analytics funnel (docs/metrics.md § Console usage analytics): an access record
 * counts as a landing visit when its page, without query, is one of these.
 */
export const FUNNEL_LANDING_PAGES = [
  '/',
  '/index',
  '/index2',
  '/squeezeUp',
  '/squeezeRank',
  '/marketDataCus',
  '/customPage',
  '/classroom',
  '/classroom/list',
  '/classroom/detail',
] as const;
/** One step of the funnel: its count and the conversion from the previous step (null for the first or when it had 0). */
export const AnalyticsFunnelStep = z.object({
  key: z.enum(['visit', 'signup', 'paid']),
  count: z.number().int().min(0),
  rate: z.number().min(0).nullable(),
});
/** GET /api/console/analytics `funnel`: the period's first day (Asia/Shanghai) and its three steps. */
export const AnalyticsFunnel = z.object({ from: z.iso.date(), steps: z.array(AnalyticsFunnelStep).length(3) });
export type AnalyticsFunnel = z.infer<typeof AnalyticsFunnel>;
/** Conversion of `count` from `previous` (ratio, 4 decimals); null when there is no previous step or it is 0. */
export function funnelRate(count: number, previous: number | null): number | null {
  return previous ? Math.round((count / previous) * 10_000) / 10_000 : null;
}

/** Operators need a strong password (the customer rule is only PASSWORD_MIN_LENGTH characters). */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_WEAK = `运营账号密码须至少${OPERATOR_PASSWORD_MIN}位，并同时包含大写字母、小写字母、数字和符号`;
export function isStrongPassword(p: string): boolean {
  return (
    p.length >= OPERATOR_PASSWORD_MIN &&
    /[A-Z]/.test(p) &&
    /[a-z]/.test(p) &&
    /\d/.test(p) &&
    /[^A-Za-z0-9]/.test(p) &&
    !/\s/.test(p)
  );
}
export const ConsolePasswordParams = z.object({
  oldPassword: text('请输入当前密码', { max: 128 }).refine((v) => v.length > 0, { error: '请输入当前密码' }),
  newPassword: text(OPERATOR_PASSWORD_WEAK, { max: 128 }).refine(isStrongPassword, { error: OPERATOR_PASSWORD_WEAK }),
});

// --- bank transfer (对公转账) orders and quota editing ------------------------------------------------------------

/** POST /api/pay/bankTransfer: a user's order paid by bank transfer (confirmed by finance in the console). */
export const BankOrderParams = z.object({
  type: z.coerce.number({ error: '订单类型不正确' }).refine((v) => v === 1 || v === 2, { error: '订单类型不正确' }),
  priceId: idField('价格选项不正确'),
});
export type BankOrderParams = z.infer<typeof BankOrderParams>;
/** The payee account the user transfers to (content_settings 'bankAccount', edited in the console). */
export interface BankAccount {
  accountName: string;
  bankName: string;
  accountNo: string;
}
export interface BankOrderAnswer {
  orderNo: string;
  /** yuan */
  amount: number;
  expireTime: string;
  account: BankAccount;
}
export const BankOrderMsg = {
  unavailable: '对公转账暂未开通，请联系客服',
  created: '转账订单已生成，请按页面信息转账，财务确认到账后自动开通',
  notBank: '该订单不是对公转账订单',
  alreadyPaid: '该订单已确认到账',
} as const;

/** POST /api/console/orders/confirmTransfer: finance confirms the transfer of a user's bank order. */
export const ConfirmTransferParams = z.object({
  orderNo: text('订单不存在', { max: 64 })
    .trim()
    .regex(/^[A-Za-z0-9]+$/, { error: '订单不存在' }),
  tradeNo: required('请输入银行流水号', 64),
  /** the amount received, in yuan: it must equal the order's */
  amount: z.coerce.number({ error: '请输入到账金额' }).positive({ error: '请输入到账金额' }),
});
export type ConfirmTransferParams = z.infer<typeof ConfirmTransferParams>;

/** Bounds of a tier's monthly quota per kind (quota_rules.monthly_total), as the console validates them. */
export const QUOTA_MAX: Readonly<Record<'contrast' | 'export', number>> = { contrast: 100_000, export: 10_000_000 };
export const QUOTA_LABELS: Readonly<Record<'contrast' | 'export', string>> = {
  contrast: '对比报告（份/月）',
  export: '导出Excel（条/月）',
};
const QUOTA_INVALID = '额度须为整数';
export const QuotaSaveParams = z
  .object({
    kind: z.enum(['contrast', 'export'], { error: '额度类型不正确' }),
    userType: intField('会员等级不正确').min(0, { error: '会员等级不正确' }).max(4, { error: '会员等级不正确' }),
    monthlyTotal: intField(QUOTA_INVALID).min(0, { error: '额度不能小于0' }),
  })
  .superRefine((p, ctx) => {
    const max = QUOTA_MAX[p.kind];
    if (p.monthlyTotal > max)
      ctx.addIssue({ code: 'custom', path: ['monthlyTotal'], message: `额度不能超过${max.toLocaleString('en-US')}` });
  });
export type QuotaSaveParams = z.infer<typeof QuotaSaveParams>;

// ---------------------------------------------------------------------------------------------------------
// Rows the console lists (the server writes them, the console screens draw them)

/** An account as the console's user search and detail show it (times ISO). */
export interface ConsoleUserRow {
  id: number;
  username: string;
  phone: string;
  email: string;
  userType: number;
  versionType: number;
  maturityTime: string | null;
  parentId: number | null;
  createdAt: string;
  disabledAt: string | null;
  disabledReason: string;
}

/** What an operator writes of a report. */
export interface NewsFields {
  title: string;
  summary: string;
  category: string;
  coverUrl: string;
  bodyMd: string;
  status: 'draft' | 'published';
}

/** A report as the console's list shows it (times ISO). */
export interface NewsAdminRow extends NewsFields {
  id: number;
  publishAt: string | null;
  views: number;
  updatedAt: string;
}

/** A price_options row (the numerics as text, as SQL answers them). */
export interface PriceOptionRow {
  id: number;
  level: number;
  title: string;
  monthNum: number;
  price: string;
  originalPrice: string;
  saveMoney: string;
  unitPrice: string;
  isDefault: boolean;
  sort: number;
}

/** A price option with what only the console sees: whether it is offered, and when it last changed. */
export interface ConsolePriceRow extends PriceOptionRow {
  enabled: boolean;
  updatedAt: string;
}
