import { Msg, SMS_TYPES, isEmail, isPhone, type LoginParams, type RegisterParams, type UserInfo } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { SessionService } from '../session/session.service.js';
import { newInviteCode } from '../user/invite-code.js';
import { dummyVerify, hashPassword, prepareDummyHash, verifyPassword } from '../user/password.js';
import type { LoginRecord, UserRepository } from '../user/user.repository.js';
import type { UserService } from '../user/user.service.js';
import type { LoginThrottleRepository } from './login-throttle.repository.js';
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
  users: UserRepository;
  userService: UserService;
  sms: SmsService;
  sessions: SessionService;
  throttle: LoginThrottleRepository;
}

/** Registration and sign-in (spec §2.4, §5, §7.1). Each success opens the user's one live session. */
export class AuthService {
  private lastPurge = 0;

  constructor(private readonly deps: AuthDeps) {
    prepareDummyHash();
  }

  async register(params: RegisterParams, meta: ClientMeta): Promise<SignedIn> {
    const { users, sms } = this.deps;
    // params.checkCode (the image captcha) is required by the shared schema and so must be present, but it
    // is not checked again here: the captcha was used up by the SMS send (captchas are single-use), and
    // the SMS code, which could only be obtained behind that captcha, is the proof checked below.
    if (!(await sms.verifyCode(params.phone, SMS_TYPES.REGISTER, params.verifyCode)))
      throw AppError.fail(Msg.verifyCodeWrong);
    if ((await users.findIdByPhone(params.phone)) !== undefined) throw AppError.fail(Msg.phoneTaken);

    const passwordHash = await hashPassword(params.password);
    const inviteCode = params.inviteCode?.toUpperCase();
    const invitedBy = inviteCode ? ((await users.findIdByInviteCode(inviteCode)) ?? null) : null;
    let userId: string | undefined;
    for (let attempt = 0; attempt < 5 && userId === undefined; attempt += 1) {
      userId = await users.insert({
        username: `用户${params.phone.slice(-4)}`,
        phone: params.phone,
        email: null,
        passwordHash,
        inviteCode: newInviteCode(),
        invitedBy,
        identityType: params.type,
        registerParent: params.parent || null,
        source: params.source || null,
        taId: params.taId || null,
      });
      // Nothing inserted: the phone was registered meanwhile, or (rarely) the invite code exists; retry that.
      if (userId === undefined && (await users.findIdByPhone(params.phone)) !== undefined)
        throw AppError.fail(Msg.phoneTaken);
    }
    if (userId === undefined) throw new Error('could not allocate a unique invite code');
    return this.openSession(userId, meta);
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
