import crypto from 'node:crypto';
import {
  AccountMsg,
  BIND_OTYPE,
  Msg,
  SMS_TYPES,
  isEmail,
  isPhone,
  type BindAccountParams,
  type ForgetPwdParams,
  type LoginParams,
  type RegisterParams,
  type UserInfo,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionService } from '../session/session.service.js';
import { createAccount } from '../user/create-account.js';
import { dummyVerify, hashPassword, prepareDummyHash, verifyPassword } from '../user/password.js';
import { UserRepository, type LoginRecord } from '../user/user.repository.js';
import type { UserService } from '../user/user.service.js';
import type { LoginThrottleRepository } from './login-throttle.repository.js';
import type { QrLoginService } from './qr-login.service.js';
import type { SmsService } from './sms.service.js';

/** Sign-in lockout: this many failures for one account from one IP within the window lock that pair. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_SECONDS = 10 * 60;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface SignedIn {
  token: string;
  userInfo: UserInfo;
}

export interface AuthDeps {
  db: Db;
  users: UserRepository;
  userService: UserService;
  sms: SmsService;
  sessions: SessionService;
  throttle: LoginThrottleRepository;
  qr: QrLoginService;
}

/**
 * Registration, sign-in, forgot password and the bind panel (spec §2.4, §5, §7.1). Each sign-in opens the
 * user's one live session.
 */
export class AuthService {
  private lastPurge = 0;

  constructor(private readonly deps: AuthDeps) {
    prepareDummyHash();
  }

  /**
   * Register by phone (SMS type 1). With a taId (the QR register flow) the scanned WeChat is linked to the new
   * account in the same transaction, and the taId is used up.
   */
  async register(params: RegisterParams, meta: ClientMeta): Promise<SignedIn> {
    const { users, sms, qr } = this.deps;
    // A dead taId is refused before the SMS code is spent.
    const identity = params.taId ? await qr.peekTaId(params.taId) : undefined;
    if (params.taId && !identity) throw AppError.fail(AccountMsg.taIdInvalid);
    // params.checkCode (the image captcha) is required by the shared schema and so must be present, but it
    // is not checked again here: the captcha was used up by the SMS send (captchas are single-use), and
    // the SMS code, which could only be obtained behind that captcha, is the proof checked below.
    if (!(await sms.verifyCode(params.phone, SMS_TYPES.REGISTER, params.verifyCode)))
      throw AppError.fail(Msg.verifyCodeWrong);
    if ((await users.findIdByPhone(params.phone)) !== undefined) throw AppError.fail(Msg.phoneTaken);

    const passwordHash = await hashPassword(params.password);
    const invitedBy = await this.inviterOf(params.inviteCode);
    const userId = await this.deps.db.transaction().execute(async (trx) => {
      const id = await createAccount(new UserRepository(trx), {
        username: `用户${params.phone.slice(-4)}`,
        phone: params.phone,
        email: null,
        passwordHash,
        invitedBy,
        identityType: params.type,
        registerParent: params.parent || null,
        source: params.source || null,
        taId: identity ? identity.id : null,
      });
      if (id === undefined) throw AppError.fail(Msg.phoneTaken);
      if (params.taId) await qr.linkByTaId(trx, params.taId, id);
      return id;
    });
    return this.openSession(userId, meta);
  }

  /**
   * POST /api/forgetpwd: a new password for the account of the phone, proven by an SMS code of type 2 (sent
   * only to registered phones). Every session of the account ends (code 0 on every device).
   */
  async forgotPassword(params: ForgetPwdParams): Promise<void> {
    const { users, sms, sessions } = this.deps;
    // As in register, the captcha was used up by the SMS send; the code is the proof.
    if (!(await sms.verifyCode(params.phone, SMS_TYPES.FORGOT, params.verifyCode)))
      throw AppError.fail(Msg.verifyCodeWrong);
    const userId = await users.findIdByPhone(params.phone);
    if (userId === undefined) throw AppError.fail(Msg.verifyCodeWrong); // the phone changed hands meanwhile
    await users.updatePassword(userId, await hashPassword(params.password));
    await sessions.closeAllForUser(userId);
  }

  /**
   * POST /api/bindAccount: the bind panel after a QR scan by a WeChat without an account. The phone (SMS
   * type 8) or e-mail (mail code type 8) is proven by its code; its account gets the WeChat linked, or, when
   * there is no account yet, one is created for it (no password of its own: isOldPassword 0, so it sets one
   * in the account centre without an old one). Then the user is signed in.
   */
  async bind(params: BindAccountParams, meta: ClientMeta): Promise<SignedIn> {
    const { sms, qr } = this.deps;
    const identity = await qr.peekTaId(params.taId);
    if (!identity) throw AppError.fail(AccountMsg.taIdInvalid);
    const byPhone = params.otype === BIND_OTYPE.PHONE;
    const proven = byPhone
      ? await sms.verifyCode(params.account, SMS_TYPES.BIND, params.verifyCode)
      : await sms.verifyEmailCode(params.account, SMS_TYPES.BIND, params.verifyCode);
    if (!proven) throw AppError.fail(Msg.verifyCodeWrong);

    // A new account gets an unguessable password nobody knows (the column is NOT NULL).
    const placeholderHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    const invitedBy = await this.inviterOf(params.inviteCode);
    const userId = await this.deps.db.transaction().execute(async (trx) => {
      const users = new UserRepository(trx);
      let id = byPhone ? await users.findIdByPhone(params.account) : await users.findIdByEmail(params.account);
      if (id === undefined) {
        id = await createAccount(users, {
          username: identity.nickname || `用户${params.account.slice(-4)}`,
          phone: byPhone ? params.account : null,
          email: byPhone ? null : params.account,
          passwordHash: placeholderHash,
          isOldPassword: 0,
          invitedBy,
          identityType: null,
          registerParent: params.parent || null,
          source: params.source || null,
          taId: identity.id,
        });
        if (id === undefined) throw AppError.fail(AccountMsg.accountTaken);
      }
      await qr.linkByTaId(trx, params.taId, id);
      return id;
    });
    return this.openSession(userId, meta);
  }

  private async inviterOf(inviteCode: string | undefined): Promise<string | null> {
    const code = inviteCode?.trim().toUpperCase();
    return code ? ((await this.deps.users.findIdByInviteCode(code)) ?? null) : null;
  }

  /**
   * Phone or e-mail plus password. An unknown account and a wrong password give the same answer and take
   * the same time (a dummy argon2 verify). After LOGIN_MAX_FAILURES failures for one account from one IP
   * within 10 minutes, that pair is locked until the oldest failure leaves the window; the failures live
   * in the `login_failures` table, so the lock holds across API nodes and restarts.
   */
  async login(params: LoginParams, meta: ClientMeta): Promise<SignedIn> {
    const { users, throttle } = this.deps;
    const loginname = params.loginname.trim();
    let loginKey: string;
    let account: LoginRecord | undefined;
    if (isPhone(loginname)) {
      loginKey = `phone:${loginname}`;
      account = await users.findLoginByPhone(loginname);
    } else if (isEmail(loginname)) {
      const email = loginname.toLowerCase();
      loginKey = `email:${email}`;
      account = await users.findLoginByEmail(email);
    } else {
      throw AppError.fail(Msg.contactInvalid);
    }

    const ip = meta.ip ?? '';
    await this.purgeNowAndThen();
    if ((await throttle.countRecent(loginKey, ip, LOGIN_LOCK_WINDOW_SECONDS)) >= LOGIN_MAX_FAILURES)
      throw AppError.fail(Msg.loginLocked);
    let valid = false;
    if (account) valid = await verifyPassword(account.passwordHash, params.loginpwd);
    else await dummyVerify(params.loginpwd);
    if (!account || !valid) {
      await throttle.record(loginKey, ip);
      throw AppError.fail(Msg.loginFailed);
    }
    await throttle.clear(loginKey, ip);
    return this.openSession(account.id, meta);
  }

  private async openSession(userId: string, meta: ClientMeta): Promise<SignedIn> {
    const token = await this.deps.sessions.open(userId, meta);
    return { token, userInfo: await this.deps.userService.getUserInfo(userId) };
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.deps.throttle.deleteOlderThan(LOGIN_LOCK_WINDOW_SECONDS);
  }
}
