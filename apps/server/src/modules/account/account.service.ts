import {
  AccountMsg,
  Msg,
  PHONE_CHANGE_SMS_TYPES,
  PHONE_TICKET_TTL_SECONDS,
  PRESET_AVATAR_COUNT,
  PRESET_COVER_COUNT,
  presetAvatarUrl,
  presetCoverUrl,
  type AccountInfo,
  type SendNewPhoneCodeParams,
  type UpdatePhoneParams,
  type UpdateProfileParams,
  type UpdatePwdParams,
  type UserInfo,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { LoginThrottleRepository } from '../auth/login-throttle.repository.js';
import type { SmsService } from '../auth/sms.service.js';
import { hashPassword, verifyPassword } from '../user/password.js';
import { UserRepository } from '../user/user.repository.js';
import { maskPhone, type UserService } from '../user/user.service.js';
import { assertOperatorPasswordRule } from '../console/operator-password.js';
import { AccountTicketRepository } from './account.repository.js';

/** Wrong old passwords per account within the window before updatepwd locks (as the sign-in lockout). */
export const PASSWORD_CHANGE_MAX_FAILURES = 5;
export const PASSWORD_CHANGE_WINDOW_SECONDS = 10 * 60;

export interface AccountDeps {
  db: Db;
  users: UserRepository;
  userService: UserService;
  sms: SmsService;
  throttle: LoginThrottleRepository;
}

/** The account centre (/account): profile, pictures, password, phone, invite code. */
export class AccountService {
  private readonly tickets: AccountTicketRepository;

  constructor(private readonly deps: AccountDeps) {
    this.tickets = new AccountTicketRepository(deps.db);
  }

  async accountInfo(
    userId: string,
  ): Promise<{ accountInfo: AccountInfo; presetAvatars: string[]; presetCovers: string[] }> {
    const user = await this.deps.userService.requireUser(userId);
    return {
      accountInfo: {
        username: user.username,
        userImage: user.userImage,
        coverImage: user.coverImage,
        phone: maskPhone(user.phone),
        email: user.email,
        isOldPassword: user.isOldPassword,
        thirdAccountInfo: user.wechatNickname === null ? null : { type: 'wechat', nickname: user.wechatNickname },
        identityType: user.identityType,
        isSubAccount: user.parentId !== null,
        registeredAt: user.createdAt.toISOString(),
      },
      presetAvatars: Array.from({ length: PRESET_AVATAR_COUNT }, (_, i) => presetAvatarUrl(i + 1)),
      presetCovers: Array.from({ length: PRESET_COVER_COUNT }, (_, i) => presetCoverUrl(i + 1)),
    };
  }

  async updateProfile(userId: string, params: UpdateProfileParams): Promise<UserInfo> {
    await this.deps.userService.requireUser(userId);
    await this.deps.users.updateProfile(userId, params);
    return this.deps.userService.getUserInfo(userId);
  }

  async setCoverImage(userId: string, coverImage: string): Promise<void> {
    await this.deps.userService.requireUser(userId);
    await this.deps.users.setCoverImage(userId, coverImage);
  }

  /**
   * A new password. An account with a password of its own (isOldPassword 1) must give it; one made by QR
   * bind (isOldPassword 0) sets its first password freely. Wrong old passwords lock the change for 10
   * minutes after 5 tries (rows in login_failures under the key pwd:<user id>).
   */
  async updatePassword(userId: string, params: UpdatePwdParams): Promise<UserInfo> {
    const { users, throttle, userService } = this.deps;
    const user = await userService.requireUser(userId);
    if (user.isOldPassword === 1) {
      const key = `pwd:${userId}`;
      if ((await throttle.countRecent(key, '', PASSWORD_CHANGE_WINDOW_SECONDS)) >= PASSWORD_CHANGE_MAX_FAILURES)
        throw AppError.fail(AccountMsg.passwordChangeLocked);
      const old = params.oldPassword ?? '';
      if (!old) throw AppError.fail(AccountMsg.oldPasswordRequired);
      const stored = await users.findPasswordHash(userId);
      if (stored === undefined || !(await verifyPassword(stored, old))) {
        await throttle.record(key, key, '');
        throw AppError.fail(AccountMsg.oldPasswordWrong);
      }
      await throttle.clear(key, '');
    }
    await assertOperatorPasswordRule(this.deps.db, userId, params.password);
    await users.updatePassword(userId, await hashPassword(params.password));
    return userService.getUserInfo(userId);
  }

  /** SMS type 3 to the account's own phone (the first step of a phone change). */
  async sendOldPhoneCode(userId: string, ip: string | null): Promise<void> {
    const user = await this.deps.userService.requireUser(userId);
    if (!user.phone) throw AppError.fail(AccountMsg.phoneMissing);
    await this.deps.sms.sendPhoneChangeCode({
      phone: user.phone,
      type: PHONE_CHANGE_SMS_TYPES.OLD_PHONE,
      ip,
      captcha: null,
    });
  }

  /** The old phone's code → a ticket good for PHONE_TICKET_TTL_SECONDS, once (only its hash is stored). */
  async verifyOldPhone(userId: string, verifyCode: string): Promise<{ ticket: string; expireSeconds: number }> {
    const user = await this.deps.userService.requireUser(userId);
    if (!user.phone) throw AppError.fail(AccountMsg.phoneMissing);
    if (!(await this.deps.sms.verifyCode(user.phone, PHONE_CHANGE_SMS_TYPES.OLD_PHONE, verifyCode)))
      throw AppError.fail(Msg.verifyCodeWrong);
    const ticket = newToken();
    await this.tickets.deleteExpiredBefore(24 * 3600);
    await this.tickets.insert({
      userId,
      purpose: 'phone_change',
      ticketHash: ticket.hash,
      ttlSeconds: PHONE_TICKET_TTL_SECONDS,
    });
    return { ticket: ticket.token, expireSeconds: PHONE_TICKET_TTL_SECONDS };
  }

  /** SMS type 4 to the new phone, behind the image captcha and (for an account with a phone) the ticket. */
  async sendNewPhoneCode(
    userId: string,
    params: SendNewPhoneCodeParams,
    captchaId: string | undefined,
    ip: string | null,
  ): Promise<void> {
    const user = await this.deps.userService.requireUser(userId);
    await this.checkPhoneChange(userId, user.phone, params.phone, params.ticket);
    if ((await this.deps.users.findIdByPhone(params.phone)) !== undefined) throw AppError.fail(Msg.phoneTaken);
    await this.deps.sms.sendPhoneChangeCode({
      phone: params.phone,
      type: PHONE_CHANGE_SMS_TYPES.NEW_PHONE,
      ip,
      captcha: { id: captchaId, code: params.checkCode },
    });
  }

  /**
   * The new phone, proven by its code; an account that had a phone also needs the ticket of verifyOldPhone,
   * which this uses up together with the change (one transaction).
   */
  async updatePhone(userId: string, params: UpdatePhoneParams): Promise<UserInfo> {
    const user = await this.deps.userService.requireUser(userId);
    await this.checkPhoneChange(userId, user.phone, params.phone, params.ticket);
    if (!(await this.deps.sms.verifyCode(params.phone, PHONE_CHANGE_SMS_TYPES.NEW_PHONE, params.verifyCode)))
      throw AppError.fail(Msg.verifyCodeWrong);
    await this.deps.db.transaction().execute(async (trx) => {
      if (
        user.phone &&
        !(await new AccountTicketRepository(trx).consume(userId, 'phone_change', hashToken(params.ticket ?? '')))
      )
        throw AppError.fail(AccountMsg.phoneTicketInvalid);
      if (!(await new UserRepository(trx).updatePhone(userId, params.phone))) throw AppError.fail(Msg.phoneTaken);
    });
    return this.deps.userService.getUserInfo(userId);
  }

  async inviteInfo(
    userId: string,
    origin: string,
  ): Promise<{ inviteCode: string; inviteUrl: string; invitedCount: number }> {
    const user = await this.deps.userService.requireUser(userId);
    return {
      inviteCode: user.inviteCode,
      inviteUrl: `${origin}/login?status=register&inviteCode=${encodeURIComponent(user.inviteCode)}`,
      invitedCount: await this.deps.users.countInvited(userId),
    };
  }

  private async checkPhoneChange(
    userId: string,
    oldPhone: string | null,
    newPhone: string,
    ticket: string | undefined,
  ) {
    if (oldPhone === newPhone) throw AppError.fail(AccountMsg.phoneSameAsOld);
    if (oldPhone && !(ticket && (await this.tickets.isLive(userId, 'phone_change', hashToken(ticket)))))
      throw AppError.fail(AccountMsg.phoneTicketInvalid);
  }
}
