import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import type { UserInfo } from './api-types.js';
import { Msg } from './messages.js';
import { intField, phoneField, requiredText, text } from './validation.js';
import {
  type FeatureKey,
  type FeatureRule,
  MemberMsg,
  type MonitorDuration,
  type OrderStatus,
  OrderType,
  PayType,
  type QuotaKind,
} from './membership.js';

/**
 * Membership calls' parameters (zod) and answers. Apart from membership.ts (constants, texts, the feature policy
 * and the built-features registry, no zod) so that a page that only lists features — the landing page — does not
 * load zod (the bundle budget, e2e/bundle-budget.e2e.ts).
 */
// ---------------------------------------------------------------------------------------------------------
// Parameters

const oneOf = (values: readonly number[], message: string) =>
  intField(message).refine((v) => values.includes(v), { error: message });

/** GET /api/buy/buyPrice: type = level option id + 1 (1 初级版 … 4 高级企业版). */
export const BuyPriceParams = z.object({ type: oneOf([1, 2, 3, 4], MemberMsg.levelInvalid) });
export type BuyPriceParams = z.infer<typeof BuyPriceParams>;

/** POST /api/pay/confirmPay. */
export const ConfirmPayParams = z.object({
  type: oneOf([OrderType.NEW, OrderType.RENEW_OR_UPGRADE], MemberMsg.orderTypeInvalid),
  priceId: intField(MemberMsg.priceIdInvalid).positive({ error: MemberMsg.priceIdInvalid }),
  payType: oneOf([PayType.ALIPAY, PayType.WECHAT], MemberMsg.payTypeInvalid),
});
export type ConfirmPayParams = z.infer<typeof ConfirmPayParams>;

/** GET /api/pay/payResult: one of the caller's orders; without orderNo, the latest. */
export const PayResultParams = z.object({
  orderNo: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9]+$/, { error: MemberMsg.orderNotFound })
    .optional(),
});
export type PayResultParams = z.infer<typeof PayResultParams>;

/** Sandbox pay page (GET /api/sandbox/pay, POST /api/sandbox/pay/confirm | cancel). */
export const SandboxPayParams = z.object({
  orderNo: text(MemberMsg.orderNotFound)
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, { error: MemberMsg.orderNotFound }),
  /** the order's pay-link key: only the owner gets it (in confirmPay's codeUrl), so the page needs no session */
  key: text(MemberMsg.sandboxLinkInvalid).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: MemberMsg.sandboxLinkInvalid }),
});
export type SandboxPayParams = z.infer<typeof SandboxPayParams>;

/** GET /api/usage/excelResidueCount: type is the export kind of §7.6 (echoed; the quota is shared). */
export const ExcelResidueParams = z.object({
  type: intField(Msg.badRequest).min(0, { error: Msg.badRequest }).max(99, { error: Msg.badRequest }).optional(),
});
export type ExcelResidueParams = z.infer<typeof ExcelResidueParams>;

const limitedText = (required: string, max: number) =>
  requiredText(required).pipe(text().max(max, { error: MemberMsg.freeVipTooLong }));

/** POST /api/freeVip/apply: the poster modal's application form. */
export const FreeVipApplyParams = z.object({
  company: limitedText(MemberMsg.freeVipCompanyRequired, 100),
  contactName: limitedText(MemberMsg.freeVipContactRequired, 50),
  phone: phoneField,
  position: limitedText(MemberMsg.freeVipPositionRequired, 50),
  // a textarea: line breaks and tabs are allowed
  needs: text(Msg.badRequest, { multiline: true, max: 500, tooLong: MemberMsg.freeVipTooLong }).trim().optional(),
});
export type FreeVipApplyParams = z.infer<typeof FreeVipApplyParams>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** Price option of §3 plus what the purchase screen needs to draw it. */
export interface PriceOptionInfo {
  id: number;
  title: string;
  monthNum: number;
  /** yuan */
  price: number;
  originalPrice: number;
  saveMoney: number;
  /** price per month */
  unitPrice: number;
  isDefault: boolean;
  /** what the user pays now: the price (an upgrade's credit becomes days, it never lowers the amount) */
  payAmount: number;
  /** days of this level the upgrade credit adds on top of monthNum months (0 unless an upgrade) */
  bonusDays: number;
  /** the expiry this option gives when paid now (ISO); null when the account cannot buy (a sub-account) */
  newMaturityTime: string | null;
  /** false when a rule forbids it (a premium 12-month member may only choose index 0) */
  selectable: boolean;
}

export interface BuyPriceAnswer extends ApiEnvelope {
  monthlyPriceInfos: PriceOptionInfo[];
  userType: number;
  versionType: number;
  /** value of the unused time of the current paid level when upgrading (yuan; docs/metrics.md): converted
   * into bonusDays of the new level, never deducted and never lost */
  surplusPrice: number;
  maturityTime: string | null;
  buyMonthNum: number;
  /** what buying this level means now */
  orderKind: OrderKind;
}
export type OrderKind = 'new' | 'renew' | 'upgrade';

export interface ConfirmPayAnswer extends ApiEnvelope {
  /** data-URL PNG of the provider's payment QR */
  imgStr: string;
  /** the URL inside the QR (the sandbox pay page in sandbox mode) */
  codeUrl: string;
  orderNo: string;
  amount: number;
  payType: number;
  expireTime: string;
  /**
   * §7.2 "returns imgStr or payResult": the order just created, in the shape of GET /api/pay/payResult's
   * `order` (status `created` until paid), so a client can show and poll it without a second call.
   */
  payResult: OrderSummary;
}

export interface PayQueryAnswer extends ApiEnvelope {
  /** present with code 200 */
  userInfoMap?: UserInfo;
  orderNo?: string;
}

export interface OrderSummary {
  orderNo: string;
  status: OrderStatus;
  kind: OrderKind;
  level: number;
  levelLabel: string;
  monthNum: number;
  price: number;
  credit: number;
  amount: number;
  payType: number;
  createdAt: string;
  paidAt: string | null;
  expireTime: string;
}
export interface PayResultAnswer extends ApiEnvelope {
  order: OrderSummary;
}

export interface FeaturePolicyAnswer extends ApiEnvelope {
  policy: Record<FeatureKey, FeatureRule>;
  userType: number;
  /** features this user may use now */
  allowed: FeatureKey[];
  monitorDurations: MonitorDuration[];
  gateDefaultLevel: number;
}

export interface ContrastCountAnswer extends ApiEnvelope {
  remainCount: number;
  useCount: number;
  totalCount: number;
}

export interface ExcelResidueAnswer extends ApiEnvelope {
  data: { residueCount: number; useCount: number; totalCount: number; type: number | null };
}

export type FreeVipStatus = 'none' | 'granted' | 'pending' | 'rejected';
export interface FreeVipStatusAnswer extends ApiEnvelope {
  status: FreeVipStatus;
  appliedAt: string | null;
  trialDays: number;
  /** the promotion's trial level (企业版) */
  level: number;
}
export interface FreeVipApplyAnswer extends FreeVipStatusAnswer {
  userInfoMap: UserInfo;
}

export interface QuotaSummary {
  kind: QuotaKind;
  totalCount: number;
  useCount: number;
  remainCount: number;
}
export interface OperateLimitAnswer extends ApiEnvelope {
  userType: number;
  versionType: number;
  maturityTime: string | null;
  isSubAccount: boolean;
  /** the month the quotas count, 'YYYY-MM' in Asia/Shanghai */
  month: string;
  quotas: QuotaSummary[];
  features: { feature: FeatureKey; label: string; level: number; allowed: boolean }[];
  monitorDurations: MonitorDuration[];
}
