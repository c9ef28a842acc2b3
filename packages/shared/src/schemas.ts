import { z } from 'zod';
import { Msg } from './messages.js';
import {
  intField,
  newPasswordShape,
  phoneCodeShape,
  phoneField,
  requiredText,
  samePassword,
  text,
} from './validation.js';

/** Every call's parameters, validated by the server and used by the web's forms. */

export const LoginParams = z.object({
  loginname: requiredText(Msg.loginnameRequired),
  loginpwd: requiredText(Msg.loginpwdRequired),
  /**
   * The image captcha, needed once the account has had LOGIN_CAPTCHA_AFTER failed sign-ins (the server then
   * answers `needCaptcha: true` and the form shows the field).
   */
  checkCode: text().trim().max(16).optional(),
});
export type LoginParams = z.infer<typeof LoginParams>;

export const SMS_TYPES = { REGISTER: 1, FORGOT: 2, BIND: 8 } as const;

export const SmsVerifyCodeParams = z.object({
  type: intField(Msg.smsTypeInvalid).refine((t) => t === 1 || t === 2 || t === 8, { error: Msg.smsTypeInvalid }),
  phone: phoneField,
  checkCode: requiredText(Msg.checkCodeRequired),
});
export type SmsVerifyCodeParams = z.infer<typeof SmsVerifyCodeParams>;

const identityValues = [2, 3, 4, 5, 6] as const;

export const RegisterParams = z
  .object({
    ...phoneCodeShape,
    ...newPasswordShape,
    type: z.coerce
      .number({ error: Msg.identityRequired })
      .int({ error: Msg.identityRequired })
      .refine((v) => (identityValues as readonly number[]).includes(v), { error: Msg.identityRequired }),
    inviteCode: text().trim().max(32).optional(),
    parent: text().trim().max(64).optional(),
    source: text().trim().max(200).optional(),
    taId: text().trim().max(64).optional(),
  })
  .refine(...samePassword);
export type RegisterParams = z.infer<typeof RegisterParams>;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;

/**
 * Search keywords are double URL-encoded by the client (§5): it encodes once with encodeKeyword and the
 * query string encodes again. The server's query parser undoes one layer; decodeKeyword undoes the other
 * (and leaves a keyword that is not valid percent-encoding as it is).
 */
export function encodeKeyword(keyword: string): string {
  return encodeURIComponent(keyword.trim());
}
export function decodeKeyword(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // not percent-encoded by our client: take the text literally
  }
}

export const CreatorSearchParams = z.object({
  keyword: text(Msg.keywordRequired).transform(decodeKeyword).pipe(requiredText(Msg.keywordRequired)),
  pageNo: intField(Msg.badRequest).min(1, { error: Msg.badRequest }).max(500, { error: Msg.badRequest }).default(1),
  pageSize: intField(Msg.badRequest)
    .min(1, { error: Msg.badRequest })
    .max(PAGE_SIZE_MAX, { error: Msg.badRequest })
    .default(PAGE_SIZE_DEFAULT),
});
export type CreatorSearchParams = z.infer<typeof CreatorSearchParams>;

export const KolIdParams = z.object({
  kolId: intField(Msg.kolIdInvalid).positive({ error: Msg.kolIdInvalid }),
});
export type KolIdParams = z.infer<typeof KolIdParams>;

export const TREND_DAY_CHOICES = [7, 30, 90] as const;

export const KolTrendParams = KolIdParams.extend({
  /** 0 increment, 1 total (§2.6) */
  type: intField(Msg.badRequest)
    .refine((v) => v === 0 || v === 1, { error: Msg.badRequest })
    .default(1),
  dayNum: intField(Msg.badRequest)
    .refine((v) => (TREND_DAY_CHOICES as readonly number[]).includes(v), { error: Msg.badRequest })
    .default(30),
});
export type KolTrendParams = z.infer<typeof KolTrendParams>;

/** Sandbox only: the latest SMS codes sent to a phone (GET /api/sandbox/smsOutbox). */
export const SmsOutboxParams = z.object({ phone: phoneField });
export type SmsOutboxParams = z.infer<typeof SmsOutboxParams>;

/** GET /api/getMenuPrivilege: the menu whose actions the user's tier may use. */
export const MenuPrivilegeParams = z.object({
  menuId: intField(Msg.badRequest).positive({ error: Msg.badRequest }),
});
export type MenuPrivilegeParams = z.infer<typeof MenuPrivilegeParams>;
