import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Msg, SMS_TYPES } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/tokens.js';
import type { SmsCodeType, SmsProvider } from '../../providers/sms/index.js';
import type { UserRepository } from '../user/user.repository.js';
import type { CaptchaService } from './captcha.service.js';
import { SmsRepository } from './sms.repository.js';

/** Spec §9: 60 s between two codes of one phone and type (the web counts down the same 60 s). */
export const SMS_COOLDOWN_SECONDS = 60;
export const SMS_TTL_SECONDS = 5 * 60;
/** Daily caps (a day in Asia/Shanghai): per phone across types, and per client IP. */
export const SMS_DAILY_PER_PHONE = 10;
export const SMS_DAILY_PER_IP = 30;
/** Wrong tries a code survives; the fifth wrong one retires it. */
export const SMS_MAX_ATTEMPTS = 5;
const OUTBOX_SIZE = 10;

export interface SendSmsInput {
  /** 1 register, 2 forgot, 8 bind (validated by SmsVerifyCodeParams, narrowed here) */
  type: number;
  phone: string;
  checkCode: string;
  /** the xg_captcha cookie of this browser */
  captchaId: string | undefined;
  ip: string | null;
}

export interface OutboxEntry {
  phone: string;
  code: string;
  type: number;
  createdAt: string;
}

/** SMS verification codes (spec §7.1 smsVerifyCode): send behind the image captcha and limits; check once. */
export class SmsService {
  private readonly codes: SmsRepository;

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly captchas: CaptchaService,
    private readonly users: UserRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    this.codes = new SmsRepository(db);
  }

  async send(input: SendSmsInput): Promise<void> {
    const type = asSmsCodeType(input.type);
    // The captcha comes first and is used up by this attempt, so nothing below (whether a phone is
    // registered, the limits) can be probed without solving a new one.
    if (!(await this.captchas.verify(input.captchaId, input.checkCode))) throw AppError.fail(Msg.checkCodeWrong);
    const registered = (await this.users.findIdByPhone(input.phone)) !== undefined;
    if (type === SMS_TYPES.REGISTER && registered) throw AppError.fail(Msg.phoneTaken);
    if (type === SMS_TYPES.FORGOT && !registered) throw AppError.fail(Msg.phoneNotRegistered);
    // Type 8 (bind) has no account rule yet: the bind flow (WeChat sign-in) decides it when it lands.

    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const id = await this.db.transaction().execute(async (trx) => {
      const codes = new SmsRepository(trx);
      await codes.lock(`phone:${input.phone}`);
      if (input.ip) await codes.lock(`ip:${input.ip}`);
      if (await codes.sentWithinSeconds(input.phone, type, SMS_COOLDOWN_SECONDS))
        throw AppError.fail(Msg.smsTooFrequent);
      if ((await codes.countTodayForPhone(input.phone)) >= SMS_DAILY_PER_PHONE) throw AppError.fail(Msg.smsDailyLimit);
      if (input.ip && (await codes.countTodayForIp(input.ip)) >= SMS_DAILY_PER_IP)
        throw AppError.fail(Msg.smsDailyLimit);
      return codes.insert({
        phone: input.phone,
        type,
        code,
        provider: this.provider.name,
        ip: input.ip,
        ttlSeconds: SMS_TTL_SECONDS,
      });
    });
    try {
      await this.provider.sendCode({ phone: input.phone, code, type });
    } catch (err) {
      // Not sent: drop the row so it neither counts against the limits nor can be used.
      await this.codes.delete(id);
      this.log.error({ err, provider: this.provider.name }, 'sms send failed');
      throw AppError.fail(Msg.smsSendFailed);
    }
  }

  /**
   * Checks a code against the most recently sent code of this phone and type. Only that latest code
   * counts (sending a new code retires the older ones), and only while unexpired and unconsumed. A right
   * code is consumed; a wrong one counts a try and the fifth wrong try retires the code.
   */
  async verifyCode(phone: string, type: SmsCodeType, code: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const codes = new SmsRepository(trx);
      const latest = await codes.latestForUpdate(phone, type);
      if (!latest || latest.consumed || latest.expired) return false;
      if (safeEqual(latest.code, code.trim())) {
        await codes.markConsumed(latest.id);
        return true;
      }
      await codes.recordWrongAttempt(latest.id, latest.attempts + 1 >= SMS_MAX_ATTEMPTS);
      return false;
    });
  }

  /** Sandbox only: the latest codes sent to a phone, newest first. */
  async outbox(phone: string): Promise<OutboxEntry[]> {
    const rows = await this.codes.latestForPhone(phone, OUTBOX_SIZE);
    return rows.map((r) => ({ phone: r.phone, code: r.code, type: r.type, createdAt: r.createdAt.toISOString() }));
  }
}

function asSmsCodeType(type: number): SmsCodeType {
  if (type === 1 || type === 2 || type === 8) return type;
  throw AppError.fail(Msg.smsTypeInvalid);
}
