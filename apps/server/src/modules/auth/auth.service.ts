import crypto from 'node:crypto';
import {
  AccountMsg,
  BIND_OTYPE,
  Msg,
  SMS_TYPES,
  loginWaitMessage,
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
import { assertOperatorPasswordRule } from '../console/operator-password.js';
import { dummyVerify, hashPassword, prepareDummyHash, verifyPassword } from '../user/password.js';
import { UserRepository, type LoginRecord } from '../user/user.repository.js';
import type { UserService } from '../user/user.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginThrottleRepository } from './login-throttle.repository.js';
import type { QrLoginService } from './qr-login.service.js';
import type { SmsService } from './sms.service.js';

/** Sign-in lockout: this many failures for one account from one IP within the window lock that pair. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_SECONDS = 10 * 60;
/** Failures of one account, from every IP and login name, are counted over this window. */
export const LOGIN_ACCOUNT_WINDOW_SECONDS = 30 * 60;
/** From this many account failures on, every sign-in of the account needs the image captcha. */
export const LOGIN_CAPTCHA_AFTER = 3;
/** From this many account failures on, the next attempt must wait a growing delay after the last one. */
export const LOGIN_DELAY_AFTER = 5;
export const LOGIN_DELAY_BASE_SECONDS = 5;
/** The delay never grows past this: an attacker can slow a real user down, never lock them out for long. */
export const LOGIN_DELAY_MAX_SECONDS = 60;
/** A place (IP) the account signed in from within this window is known: the growing delay does not apply there. */
export const LOGIN_KNOWN_IP_SECONDS = 30 * 24 * 3600;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The wait before the next attempt after `failures` account failures: 0, then 5, 10, 20, 40, 60, 60 … s. */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_DELAY_AFTER) return 0;
  return Math.min(LOGIN_DELAY_MAX_SECONDS, LOGIN_DELAY_BASE_SECONDS * 2 ** (failures - LOGIN_DELAY_AFTER));
}

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
  captchas: CaptchaService;
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
    await assertOperatorPasswordRule(this.deps.db, userId, params.password);
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
   * the same time (a dummy argon2 verify), and a name without an account is throttled exactly like one.
   *
   * Guessing is limited in three steps, all counted in the `login_failures` table (so across API nodes and
   * restarts), per account — the phone and the e-mail of one account count together — and from every IP:
   * - LOGIN_MAX_FAILURES failures of the account from one IP within 10 minutes lock that pair (Msg.loginLocked);
   * - from LOGIN_CAPTCHA_AFTER account failures within 30 minutes on, every attempt needs the image captcha
   *   (`checkCode`, the xg_captcha cookie); the answers carry `needCaptcha: true` so the form shows it;
   * - from LOGIN_DELAY_AFTER failures on, the next attempt waits loginDelaySeconds() after the last failure
   *   (5 s doubling to at most 60 s; `retryAfter` says how long), except from an IP the account signed in
   *   from before (LOGIN_KNOWN_IP_SECONDS), so an attacker elsewhere cannot keep its owner out.
   * The check and the failure's record happen under a per-account advisory lock before the password is
   * verified (the record is removed again on success), so parallel attempts cannot slip past the limits.
   */
  async login(params: LoginParams, meta: ClientMeta, captchaId?: string): Promise<SignedIn> {
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
    const accountKey = account ? `user:${account.id}` : loginKey;
    const ip = meta.ip ?? '';
    await this.purgeNowAndThen();

    const failuresBefore = await this.admitAttempt({ accountKey, loginKey, ip, account, params, captchaId });
    let valid = false;
    if (account) valid = await verifyPassword(account.passwordHash, params.loginpwd);
    else await dummyVerify(params.loginpwd);
    if (!account || !valid) {
      const failures = failuresBefore + 1;
      throw AppError.fail(Msg.loginFailed, failures >= LOGIN_CAPTCHA_AFTER ? { needCaptcha: true } : {});
    }
    await throttle.clear(accountKey, ip);
    return this.openSession(account.id, meta);
  }

  /**
   * Lets one attempt through the limits and records it as a failure in advance (all under the account's
   * advisory lock), or refuses it. Answers the number of account failures before this attempt.
   */
  private async admitAttempt(a: {
    accountKey: string;
    loginKey: string;
    ip: string;
    account: LoginRecord | undefined;
    params: LoginParams;
    captchaId: string | undefined;
  }): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const throttle = this.deps.throttle.with(trx);
      await throttle.lockAccount(a.accountKey);
      if ((await throttle.countRecent(a.accountKey, a.ip, LOGIN_LOCK_WINDOW_SECONDS)) >= LOGIN_MAX_FAILURES)
        throw AppError.fail(Msg.loginLocked);
      const { count, lastAt } = await throttle.accountFailures(a.accountKey, LOGIN_ACCOUNT_WINDOW_SECONDS);
      const delay = loginDelaySeconds(count);
      if (delay > 0 && lastAt) {
        const known = a.account ? await throttle.signedInFrom(a.account.id, a.ip, LOGIN_KNOWN_IP_SECONDS) : false;
        const wait = known ? 0 : Math.ceil(delay - (await throttle.secondsSince(lastAt)));
        if (wait > 0) throw AppError.fail(loginWaitMessage(wait), { needCaptcha: true, retryAfter: wait });
      }
      if (count >= LOGIN_CAPTCHA_AFTER) {
        const code = a.params.checkCode ?? '';
        if (!code) throw AppError.fail(Msg.checkCodeRequired, { needCaptcha: true });
        // any answer uses the captcha up, right or wrong
        if (!(await this.deps.captchas.verify(a.captchaId, code)))
          throw AppError.fail(Msg.checkCodeWrong, { needCaptcha: true });
      }
      await throttle.record(a.accountKey, a.loginKey, a.ip);
      return count;
    });
  }

  private async openSession(userId: string, meta: ClientMeta): Promise<SignedIn> {
    const token = await this.deps.sessions.open(userId, meta);
    return { token, userInfo: await this.deps.userService.getUserInfo(userId) };
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.deps.throttle.deleteOlderThan(Math.max(LOGIN_LOCK_WINDOW_SECONDS, LOGIN_ACCOUNT_WINDOW_SECONDS));
  }
}
