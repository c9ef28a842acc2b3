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

export const CONSOLE_SETTING_KEYS = ['customerService', 'serveWarn', 'prize', 'accessRecords', 'landing'] as const;
export const SettingSaveParams = z.object({
  key: z.enum(CONSOLE_SETTING_KEYS, { error: '设置项不正确' }),
  /** the setting's JSON */
  value: text('设置内容格式不正确', { multiline: true, max: 20_000 }),
});

export const AuditParams = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
});
