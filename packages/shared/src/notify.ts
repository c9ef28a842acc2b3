import { z } from 'zod';
import { pagingShape } from './discovery.js';
import { intField, text } from './validation.js';

/**
 * In-app notifications and the team's robot webhooks (docs/api/notify.md). Alerts of monitoring and
 * warnings of opinion tasks reach the team through one call on the server (`NotifyService.send`): once per
 * event in the app, by e-mail and to each robot the team configured.
 */

/** Chat robots a team can connect; each accepts an incoming-webhook URL on its own host only. */
export const WEBHOOK_PROVIDERS = ['wecom', 'dingtalk', 'feishu'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];
export const WEBHOOK_PROVIDER_LABELS: Readonly<Record<WebhookProvider, string>> = {
  wecom: '企业微信机器人',
  dingtalk: '钉钉机器人',
  feishu: '飞书机器人',
};
/** The hosts a robot URL may name (https only), so a webhook can never be pointed at an internal address. */
export const WEBHOOK_HOSTS: Readonly<Record<WebhookProvider, readonly string[]>> = {
  wecom: ['qyapi.weixin.qq.com'],
  dingtalk: ['oapi.dingtalk.com'],
  feishu: ['open.feishu.cn', 'open.larksuite.com'],
};
export const WEBHOOK_URL_MAX_LENGTH = 500;

export const NotifyMsg = {
  providerInvalid: '请选择机器人类型',
  urlRequired: '请输入机器人的Webhook地址',
  urlInvalid: (provider: WebhookProvider) =>
    `Webhook地址不正确：${WEBHOOK_PROVIDER_LABELS[provider]}的地址以 https://${WEBHOOK_HOSTS[provider][0]}/ 开头`,
  saved: '机器人已保存',
  deleted: '机器人已删除',
  notConfigured: '尚未配置该机器人',
  testSent: '测试消息已发送，请在群里查看',
  testFailed: (detail: string) => `测试消息发送失败：${detail}`,
  testTitle: '霞光数据机器人测试',
  testBody: '这是一条测试消息：收到它说明告警会推送到本群。',
  idInvalid: '通知编号不正确',
  marked: '已标记为已读',
} as const;

/**
 * Is `url` an https URL on one of the provider's hosts, without user info or port? (A pattern, not the URL class:
 * this package runs on both sides and has neither DOM nor Node types.)
 */
const HTTPS_URL = /^https:\/\/([A-Za-z0-9.-]+)(?:[/?#][^\s]*)?$/;
export function isWebhookUrl(provider: WebhookProvider, url: string): boolean {
  const host = HTTPS_URL.exec(url)?.[1]?.toLowerCase();
  return host !== undefined && WEBHOOK_HOSTS[provider].includes(host);
}

const providerField = z.enum(WEBHOOK_PROVIDERS, { error: NotifyMsg.providerInvalid });

export const NotificationListParams = z.object({
  ...pagingShape,
  /** 1: unread only */
  unread: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), intField(NotifyMsg.idInvalid)).optional(),
});
export type NotificationListParams = z.infer<typeof NotificationListParams>;

export const NotificationReadParams = z.object({
  /** absent: every notification of the caller */
  id: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      intField(NotifyMsg.idInvalid).positive({ error: NotifyMsg.idInvalid }),
    )
    .optional(),
});
export type NotificationReadParams = z.infer<typeof NotificationReadParams>;

export const SaveWebhookParams = z
  .object({
    provider: providerField,
    url: text(NotifyMsg.urlRequired, { max: WEBHOOK_URL_MAX_LENGTH, tooLong: NotifyMsg.urlRequired })
      .trim()
      .min(1, { error: NotifyMsg.urlRequired }),
    /** 1 on (default), 0 off */
    enabled: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), intField(NotifyMsg.providerInvalid)),
  })
  .superRefine((p, ctx) => {
    if (!isWebhookUrl(p.provider, p.url)) ctx.addIssue({ code: 'custom', message: NotifyMsg.urlInvalid(p.provider) });
  });
export type SaveWebhookParams = z.infer<typeof SaveWebhookParams>;

export const WebhookProviderParams = z.object({ provider: providerField });
export type WebhookProviderParams = z.infer<typeof WebhookProviderParams>;

export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createTime: string;
  read: boolean;
}

export interface NotificationListAnswer {
  list: NotificationItem[];
  total: number;
  unread: number;
}

export interface WebhookItem {
  provider: WebhookProvider;
  providerName: string;
  /** the URL with its secret part masked */
  url: string;
  enabled: boolean;
  lastStatus: 'sent' | 'failed' | 'sandbox' | null;
  lastDetail: string | null;
  lastTime: string | null;
}
