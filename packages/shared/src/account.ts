import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import type { UserInfo } from './api-types.js';
import { Msg } from './messages.js';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  intField,
  newPasswordShape,
  passwordField,
  phoneCodeShape,
  phoneField,
  requiredText,
  samePassword,
  text,
} from './validation.js';

/**
 * Accounts (issue #4): forgot password, the bind panel, QR sign-in through the WeChat official account, the
 * account centre (/account) and sub-accounts. Parameters are validated by the server and reused by the web's
 * forms; texts the spec does not give are ours and live in AccountMsg (spec texts stay in Msg).
 */

export const AccountMsg = {
  // spec §8 success toasts
  updateOk: '修改成功',
  addOk: '添加成功',
  // forgot password, bind
  resetPwdOk: '密码重置成功，请使用新密码登录',
  bindOk: '绑定成功',
  otypeInvalid: '绑定类型不正确',
  taIdRequired: '请先使用微信扫码',
  taIdInvalid: '微信授权已失效，请重新扫码',
  wechatAlreadyBound: '该账号已绑定其他微信，请使用该微信扫码登录',
  mailSent: '验证码已发送至邮箱',
  mailSendFailed: '邮件发送失败，请稍后再试',
  // QR sign-in
  qrFlagInvalid: '二维码类型不正确',
  signRequired: '二维码标识不能为空',
  qrUnavailable: '微信扫码登录暂不可用，请使用账号密码登录',
  qrScanned: '扫码成功，请回到网页继续操作',
  qrScanExpired: '二维码已失效，请刷新网页上的二维码后重新扫码',
  /** ours: the sandbox scan page does not sign in operators (issue #14) */
  sandboxScanOperator: '运营账号不能通过沙箱扫码登录，请使用密码登录',
  // request signing
  signReplayed: '请求重复提交，请刷新页面后重试',
  // profile
  profileEmpty: '请填写要修改的内容',
  usernameRequired: '昵称不能为空',
  usernameTooLong: '昵称不能超过20个字',
  avatarInvalid: '头像地址不正确',
  coverRequired: '请选择封面图片',
  coverInvalid: '封面图片地址不正确',
  // password
  oldPasswordRequired: '请输入原密码',
  oldPasswordWrong: '原密码错误',
  passwordChangeLocked: '原密码错误次数过多，请10分钟后再试',
  // phone change
  phoneMissing: '当前账号未绑定手机号',
  phoneTicketInvalid: '原手机号验证已失效，请重新验证',
  phoneSameAsOld: '新手机号不能与原手机号相同',
  oldPhoneVerified: '验证成功',
  // sub-accounts
  subAccountTierRequired: '企业版及以上会员才能创建子账号',
  subAccountOfSub: '子账号不能管理子账号',
  subAccountLimit: '子账号数量已达上限，升级会员可添加更多',
  subAccountNotFound: '子账号不存在',
  subAccountUnbound: '已解除绑定',
  notSubAccount: '当前账号不是子账号',
  subAccountNameRequired: '子账号名称不能为空',
  accountTaken: '该手机号或邮箱已注册',
} as const;
export type AccountMsgKey = keyof typeof AccountMsg;

// Constants ----------------------------------------------------------------------------------------

/** Spec §4/§9: the web polls once a second and shows 二维码已失效 after 40 polls (login) or 60 (register). */
export const QR_LOGIN_POLLS = 40;
export const QR_REGISTER_POLLS = 60;
/**
 * The server keeps a QR ticket this many seconds beyond the poll window (network latency, a scan in the last
 * second), so the web's own count, not the server, decides when the QR looks expired.
 */
export const QR_EXPIRY_MARGIN_SECONDS = 5;
export const QR_FLAGS = { LOGIN: 1, REGISTER: 2 } as const;

/** The bind panel's otype (§5): 1 phone, 2 e-mail. `bindingUser` is always 1. */
export const BIND_OTYPE = { PHONE: 1, EMAIL: 2 } as const;

/** SMS types of the phone change (ours; the spec's are 1 register, 2 forgot, 8 bind). */
export const PHONE_CHANGE_SMS_TYPES = { OLD_PHONE: 3, NEW_PHONE: 4 } as const;

/** A verified old phone stays good for this long (the ticket of verifyOldPhone). */
export const PHONE_TICKET_TTL_SECONDS = 10 * 60;

/** Sub-accounts a parent may hold by userType (§6: 企业版 and above). Other tiers: none. */
export const SUB_ACCOUNT_LIMITS: Readonly<Record<number, number>> = { 3: 3, 4: 10 };
export function subAccountLimit(userType: number): number {
  return SUB_ACCOUNT_LIMITS[userType] ?? 0;
}

export const USERNAME_MAX_LENGTH = 20;

/** Preset pictures served by the server as SVG (no upload): avatars 1..8, covers 1..4. */
export const PRESET_AVATAR_COUNT = 8;
export const PRESET_COVER_COUNT = 4;
export function presetAvatarUrl(n: number): string {
  return `/api/assets/avatar/${n}.svg`;
}
export function presetCoverUrl(n: number): string {
  return `/api/assets/cover/${n}.svg`;
}
const PRESET_AVATAR_PATTERN = /^\/api\/assets\/avatar\/([1-9]\d*)\.svg$/;
const PRESET_COVER_PATTERN = /^\/api\/assets\/cover\/([1-9]\d*)\.svg$/;
/** https, a host name (no user:password@), an optional port, a path without spaces, quotes or angle brackets. */
const HTTPS_IMAGE_PATTERN = /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s"'<>\\]*)?$/;

/** An image the user may choose: one of the presets, or an https URL (shown as is; never fetched by the server). */
export function isAllowedImage(value: string, kind: 'avatar' | 'cover'): boolean {
  const pattern = kind === 'avatar' ? PRESET_AVATAR_PATTERN : PRESET_COVER_PATTERN;
  const count = kind === 'avatar' ? PRESET_AVATAR_COUNT : PRESET_COVER_COUNT;
  const preset = pattern.exec(value);
  if (preset) return Number(preset[1]) <= count;
  return value.length <= 500 && HTTPS_IMAGE_PATTERN.test(value);
}

// Parameters ---------------------------------------------------------------------------------------

const optionalText = (max: number) => text().trim().max(max).optional();

/** POST /api/forgetpwd (§7.1, §5): SMS type 2. */
export const ForgetPwdParams = z.object({ ...phoneCodeShape, ...newPasswordShape }).refine(...samePassword);
export type ForgetPwdParams = z.infer<typeof ForgetPwdParams>;

export const emailField = requiredText(Msg.emailRequired).pipe(
  text()
    .max(254, { error: Msg.emailInvalid })
    .regex(EMAIL_PATTERN, { error: Msg.emailInvalid })
    .transform((v) => v.toLowerCase()),
);

/**
 * POST /api/bindAccount: links the WeChat identity of `taId` to the account of the phone (otype 1, SMS type 8)
 * or e-mail (otype 2, mail code type 8), creating that account when there is none.
 */
export const BindAccountParams = z
  .object({
    otype: intField(AccountMsg.otypeInvalid).refine((v) => v === 1 || v === 2, { error: AccountMsg.otypeInvalid }),
    phone: text().optional(),
    email: text().optional(),
    checkCode: requiredText(Msg.checkCodeRequired),
    verifyCode: requiredText(Msg.verifyCodeRequired),
    taId: requiredText(AccountMsg.taIdRequired).pipe(text().max(100, { error: AccountMsg.taIdInvalid })),
    bindingUser: z.coerce.number().optional(),
    /** the client's fixed placeholder (§7.1); ignored */
    password: text().optional(),
    inviteCode: optionalText(32),
    parent: optionalText(64),
    source: optionalText(200),
  })
  .transform((v, ctx) => {
    const schema = v.otype === BIND_OTYPE.PHONE ? phoneField : emailField;
    const parsed = schema.safeParse(v.otype === BIND_OTYPE.PHONE ? (v.phone ?? '') : (v.email ?? ''));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: [v.otype === BIND_OTYPE.PHONE ? 'phone' : 'email'],
        });
      return z.NEVER;
    }
    return {
      otype: v.otype === BIND_OTYPE.PHONE ? BIND_OTYPE.PHONE : BIND_OTYPE.EMAIL,
      account: parsed.data,
      verifyCode: v.verifyCode,
      taId: v.taId,
      inviteCode: v.inviteCode,
      parent: v.parent,
      source: v.source,
    };
  });
export type BindAccountParams = z.infer<typeof BindAccountParams>;

/** POST /api/emailVerifyCode: the bind panel's e-mail code (type 8 only), behind the image captcha. */
export const EmailVerifyCodeParams = z.object({
  type: intField(Msg.smsTypeInvalid)
    .refine((t) => t === 8, { error: Msg.smsTypeInvalid })
    .default(8),
  email: emailField,
  checkCode: requiredText(Msg.checkCodeRequired),
});
export type EmailVerifyCodeParams = z.infer<typeof EmailVerifyCodeParams>;

/** Sandbox only: GET /api/sandbox/mailOutbox. */
export const MailOutboxParams = z.object({ email: emailField });
export type MailOutboxParams = z.infer<typeof MailOutboxParams>;

/** GET /api/getQRCode (§7.1): flag 1 login, 2 register. */
export const QrCodeParams = z.object({
  flag: intField(AccountMsg.qrFlagInvalid).refine((v) => v === 1 || v === 2, { error: AccountMsg.qrFlagInvalid }),
});
export type QrCodeParams = z.infer<typeof QrCodeParams>;

/** GET /api/getQRCodeStatus (§7.1). */
export const QrStatusParams = z.object({
  sign: requiredText(AccountMsg.signRequired).pipe(text().max(100, { error: AccountMsg.signRequired })),
});
export type QrStatusParams = z.infer<typeof QrStatusParams>;

/** POST /api/user/updateProfile: username and/or avatar (a preset or an https URL). */
export const UpdateProfileParams = z
  .object({
    username: text()
      .trim()
      .min(1, { error: AccountMsg.usernameRequired })
      .refine((v) => Array.from(v).length <= USERNAME_MAX_LENGTH, { error: AccountMsg.usernameTooLong })
      .optional(),
    userImage: text()
      .trim()
      .refine((v) => isAllowedImage(v, 'avatar'), { error: AccountMsg.avatarInvalid })
      .optional(),
  })
  .refine((v) => v.username !== undefined || v.userImage !== undefined, { error: AccountMsg.profileEmpty });
export type UpdateProfileParams = z.infer<typeof UpdateProfileParams>;

/** POST /api/user/setCoverImage: a preset cover or an https URL. */
export const SetCoverImageParams = z.object({
  coverImage: requiredText(AccountMsg.coverRequired).pipe(
    text().refine((v) => isAllowedImage(v, 'cover'), { error: AccountMsg.coverInvalid }),
  ),
});
export type SetCoverImageParams = z.infer<typeof SetCoverImageParams>;

/** POST /api/user/updatepwd: oldPassword is needed when userInfo.isOldPassword is 1. */
export const UpdatePwdParams = z
  .object({
    oldPassword: text().optional(),
    ...newPasswordShape,
  })
  .refine(...samePassword);
export type UpdatePwdParams = z.infer<typeof UpdatePwdParams>;

/** POST /api/user/verifyOldPhone: the code sent by sendOldPhoneCode (SMS type 3). */
export const VerifyOldPhoneParams = z.object({ verifyCode: requiredText(Msg.verifyCodeRequired) });
export type VerifyOldPhoneParams = z.infer<typeof VerifyOldPhoneParams>;

const ticketField = text().trim().max(100).optional();

/** POST /api/user/sendNewPhoneCode: SMS type 4 to the new phone, behind the image captcha. */
export const SendNewPhoneCodeParams = z.object({
  phone: phoneField,
  checkCode: requiredText(Msg.checkCodeRequired),
  ticket: ticketField,
});
export type SendNewPhoneCodeParams = z.infer<typeof SendNewPhoneCodeParams>;

/** POST /api/user/updatePhone: the new phone, its code and the ticket of verifyOldPhone. */
export const UpdatePhoneParams = z.object({
  phone: phoneField,
  verifyCode: requiredText(Msg.verifyCodeRequired),
  ticket: ticketField,
});
export type UpdatePhoneParams = z.infer<typeof UpdatePhoneParams>;

/** POST /api/user/subAccount/add: phone or e-mail, initial password, name. */
export const SubAccountAddParams = z.object({
  account: requiredText(Msg.contactRequired).pipe(
    text().refine((v) => PHONE_PATTERN.test(v) || (v.length <= 254 && EMAIL_PATTERN.test(v)), {
      error: Msg.contactInvalid,
    }),
  ),
  password: passwordField,
  name: requiredText(AccountMsg.subAccountNameRequired).pipe(
    text().refine((v) => Array.from(v).length <= USERNAME_MAX_LENGTH, { error: AccountMsg.usernameTooLong }),
  ),
});
export type SubAccountAddParams = z.infer<typeof SubAccountAddParams>;

export const SubAccountIdParams = z.object({
  id: intField(AccountMsg.subAccountNotFound).positive({ error: AccountMsg.subAccountNotFound }),
});
export type SubAccountIdParams = z.infer<typeof SubAccountIdParams>;

// Answers ------------------------------------------------------------------------------------------

export interface QrCodeAnswer extends ApiEnvelope {
  /** a data-URL PNG (sandbox) or the official account's showqrcode URL */
  imgUrl: string;
  sign: string;
  /** the server's own lifetime of this QR (poll window + margin) */
  expireSeconds: number;
  /** sandbox only: the page the QR encodes, so a browser can open it without a phone */
  sandboxScanUrl?: string;
}

/** status false while waiting (expired true once it is gone); status true with taId or a session. */
export interface QrStatusAnswer extends ApiEnvelope {
  status: boolean;
  expired?: boolean;
  taId?: string;
  user_token?: string;
  userInfoMap?: UserInfo;
}

export interface InviteCodeAnswer extends ApiEnvelope {
  inviteCode: string;
  inviteUrl: string;
  invitedCount: number;
}

export interface AccountInfo {
  username: string;
  userImage: string;
  coverImage: string;
  /** masked, e.g. 138****5678 */
  phone: string | null;
  email: string | null;
  /** 1: has a password (updatepwd needs the old one); 0: signed up by QR, sets one freely */
  isOldPassword: number;
  thirdAccountInfo: UserInfo['thirdAccountInfo'];
  identityType: number | null;
  isSubAccount: boolean;
  registeredAt: string;
}
export interface AccountInfoAnswer extends ApiEnvelope {
  accountInfo: AccountInfo;
  presetAvatars: string[];
  presetCovers: string[];
}

export interface VerifyOldPhoneAnswer extends ApiEnvelope {
  ticket: string;
  expireSeconds: number;
}

export interface SubAccountItem {
  id: number;
  username: string;
  phone: string | null;
  email: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}
export interface SubAccountListAnswer extends ApiEnvelope {
  list: SubAccountItem[];
  count: number;
  /** how many the parent's current tier allows (0 below 企业版) */
  limit: number;
}
