import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { pagingShape } from './discovery.js';
import { intField, isEmail, isPhone, optionalText, text } from './validation.js';

/**
 * Public content, help, feedback and usage records (issue #27; spec §1, §2.1, §2.6, §2.8, §3, §4, §5, §7.7).
 * The content lives in tables seeded with reference content (migration 0050) and edited by the operator
 * console; docs/api/content.md.
 */

export const ContentMsg = {
  /** §5: feedback needs at least one of the first two answers. */
  feedbackEmpty: '请填写信息后再提交！',
  feedbackContactInvalid: '手机号或者邮箱格式不正确!',
  feedbackSent: '提交成功，感谢您的反馈！我们会尽快回复',
  feedbackTooOften: '提交过于频繁，请稍后再试',
  newsMissing: '内容报告不存在或尚未发布',
  newsIdInvalid: '内容报告编号不正确',
  audienceInvalid: '请选择身份类型',
  answerTypeInvalid: '问题分类不正确',
  popupMissing: '弹窗不存在或已停用',
  pageInvalid: '页面标识不正确',
  videoNameInvalid: '视频名称不正确',
  prizeNone: '暂无可领取的奖励',
  prizeGranted: '奖励已发放',
  prizeAlready: '您已领取过注册奖励',
} as const;

/** Help audiences (§2.6): 1 brand or advertising agency, 2 MCN or creator. */
export const HELP_AUDIENCES = [
  { type: 1, label: '品牌方 / 广告代理' },
  { type: 2, label: 'MCN / UP主' },
] as const;

/** The tutorial player's playback rates (§2.6). */
export const TUTORIAL_PLAYBACK_RATES = [0.7, 1, 1.5, 2] as const;

/** Feedback fields' lengths (migration 0050). */
export const FEEDBACK_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 100;

const audienceField = z.coerce
  .number({ error: ContentMsg.audienceInvalid })
  .int({ error: ContentMsg.audienceInvalid })
  .refine((n) => n === 1 || n === 2, { error: ContentMsg.audienceInvalid });

export const AnswersTypesParams = z.object({ type: audienceField });
export type AnswersTypesParams = z.infer<typeof AnswersTypesParams>;

export const AnswersParams = z.object({
  type: audienceField,
  id: intField(ContentMsg.answerTypeInvalid).min(1, { error: ContentMsg.answerTypeInvalid }).optional(),
});
export type AnswersParams = z.infer<typeof AnswersParams>;

/** §3 feedback: content, content2, contact; §5: one of the first two is needed; the contact is optional. */
export const FeedbackParams = z
  .object({
    content: text(ContentMsg.feedbackEmpty, { multiline: true, max: FEEDBACK_MAX }).trim().default(''),
    content2: text(ContentMsg.feedbackEmpty, { multiline: true, max: FEEDBACK_MAX }).trim().default(''),
    contact: text(ContentMsg.feedbackContactInvalid, { max: FEEDBACK_CONTACT_MAX })
      .trim()
      .default('')
      .refine((v) => v === '' || isPhone(v) || isEmail(v), { error: ContentMsg.feedbackContactInvalid }),
  })
  .refine((v) => v.content !== '' || v.content2 !== '', { error: ContentMsg.feedbackEmpty, path: ['content'] });
export type FeedbackParams = z.infer<typeof FeedbackParams>;

export const NewsListParams = z.object({
  ...pagingShape,
  category: optionalText(20),
  keyword: optionalText(50),
});
export type NewsListParams = z.infer<typeof NewsListParams>;

export const NewsDetailParams = z.object({
  id: intField(ContentMsg.newsIdInvalid).min(1, { error: ContentMsg.newsIdInvalid }),
});
export type NewsDetailParams = z.infer<typeof NewsDetailParams>;

export const PopupParams = NewsDetailParams.extend({
  id: intField(ContentMsg.popupMissing).min(1, { error: ContentMsg.popupMissing }),
});

/** A page key of the usage records: a path or a short name. */
const pageField = text(ContentMsg.pageInvalid, { max: 200 })
  .trim()
  .refine((v) => v.length > 0, { error: ContentMsg.pageInvalid });

/** §7.7 saveUserAccessRecord: page, index, timeInterval, saveFlag, tab, button. */
export const AccessRecordParams = z.object({
  page: pageField,
  index: optionalText(50),
  timeInterval: z.coerce.number().int().min(0).max(86_400_000).optional(),
  saveFlag: z.coerce.number().int().min(0).max(9).optional(),
  tab: optionalText(50),
  button: optionalText(50),
});
export type AccessRecordParams = z.infer<typeof AccessRecordParams>;

export const RequirementClickParams = z.object({ page: pageField.optional() });
export const PlayCountParams = z.object({
  videoName: text(ContentMsg.videoNameInvalid, { max: 50 })
    .trim()
    .refine((v) => v.length > 0, { error: ContentMsg.videoNameInvalid }),
});

// Answers -----------------------------------------------------------------------------------------------------

export interface AnswerType {
  id: number;
  dataName: string;
}
export interface AnswerMenu {
  name: string;
  url: string;
  /** 1 a route in the app, 2 opens in a new tab */
  type: number;
}
/** §3 help answer. */
export interface HelpAnswer {
  id: number;
  typeId: number;
  title: string;
  answers: string;
  introduce: string;
  /** 1 inline, 2 detail sub-drawer */
  answersType: number;
  isRecommendFunction: number;
  menus: AnswerMenu[];
}
export interface AnswersTypesAnswer extends ApiEnvelope {
  answersTypes: AnswerType[];
}
export interface AnswersAnswer extends ApiEnvelope {
  answers: HelpAnswer[];
}

export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  category: string;
  coverUrl: string;
  publishTime: string;
  views: number;
}
export interface NewsListAnswer extends ApiEnvelope {
  list: NewsItem[];
  total: number;
  pageNo: number;
  pageSize: number;
  categories: string[];
}
export interface NewsDetailAnswer extends ApiEnvelope {
  detail: NewsItem & { bodyMd: string };
  related: NewsItem[];
}

export interface CustomerServiceQr {
  name: string;
  imgUrl: string;
}
export interface CustomerServiceAnswer extends ApiEnvelope {
  qrList: CustomerServiceQr[];
  publicAccount: CustomerServiceQr;
}

export interface FeedbackItem {
  id: number;
  content: string;
  content2: string;
  contact: string;
  reply: string | null;
  createdAt: string;
  repliedAt: string | null;
}
export interface MyFeedbackAnswer extends ApiEnvelope {
  list: FeedbackItem[];
}

/** One creator of the home page's PK (pkData). */
export interface PkCreator {
  kolId: number;
  kolName: string;
  kolImg: string;
  fansNum: number;
  /** fans gained in the week (rankings kind increase, period week) */
  weekGain: number;
}
export interface PkData {
  /** the Asia/Shanghai day of the ranking, or null when none has been computed */
  day: string | null;
  creatorCount: number;
  videoCount: number;
  pk: PkCreator[];
}
export interface PkDataAnswer extends ApiEnvelope {
  pkData: PkData;
}

/** The prize after registration the operator configures: trial days of a tier. */
export interface PrizeConfig {
  enabled: boolean;
  kind: 'trial';
  level: number;
  days: number;
  title: string;
  text: string;
}
export interface PrizeAnswer extends ApiEnvelope {
  /** the prize on offer to this account, or null (none configured, or already granted) */
  prize: PrizeConfig | null;
  granted: boolean;
  maturityTime?: string;
}

export interface ServeWarn {
  enabled: boolean;
  title: string;
  text: string;
}

/** Custom popup layout: blocks with click actions closeModal, nav or open. */
export interface PopupAction {
  type: 'closeModal' | 'nav' | 'open';
  url?: string;
}
export interface PopupBlock {
  type: 'text' | 'image' | 'button';
  text?: string;
  src?: string;
  action?: PopupAction;
}
export interface PopupLayout {
  title: string;
  blocks: PopupBlock[];
}
export interface PopupAnswer extends ApiEnvelope {
  /** base64 of the UTF-8 JSON of a PopupLayout (§7.7: an encoded JSON layout) */
  content: string;
}

export interface TutorialVideo {
  id: number;
  name: string;
  url: string;
  posterUrl: string;
  mustWatch: boolean;
  played: boolean;
}
export interface TutorialVideosAnswer extends ApiEnvelope {
  videos: TutorialVideo[];
}

export interface LandingTexts {
  title: string;
  intro: string;
}
export interface LandingContentAnswer extends ApiEnvelope {
  landing: { marketDataCus?: LandingTexts; customPage?: LandingTexts };
  day: string | null;
  creatorCount: number;
  /** the week's fan-gain ranking, top 10 */
  rank: PkCreator[];
}
