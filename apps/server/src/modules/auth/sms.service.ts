import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AccountMsg, Msg, SMS_TYPES } from '@xg/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/tokens.js';
import { createMailProvider, type MailProvider } from '../../providers/mail/index.js';
import { createSmsProvider, type SmsCodeType, type SmsProvider } from '../../providers/sms/index.js';
import { UserRepository } from '../user/user.repository.js';
import { createCaptchaService, type CaptchaService } from './captcha.service.js';
import { SmsRepository, type CodeChannel } from './sms.repository.js';

/** Spec §9: 60 s between two codes of one phone and type (the web counts down the same 60 s). */
export const SMS_COOLDOWN_SECONDS = 60;
export const SMS_TTL_SECONDS = 5 * 60;
/** Default daily caps (a day in Asia/Shanghai): per destination across types, and per client IP (config). */
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

export interface SendEmailInput {
  email: string;
  checkCode: string;
  captchaId: string | undefined;
  ip: string | null;
}

export interface OutboxEntry {
  phone: string;
  code: string;
  type: number;
  createdAt: string;
}

export interface SmsServiceOptions {
  mail?: MailProvider;
  dailyPerPhone?: number;
  dailyPerIp?: number;
  /** the product name in mail texts */
  productName?: string;
}

/**
 * Verification codes (spec §7.1 smsVerifyCode, plus the bind panel's e-mail codes and the phone change):
 * sent behind the image captcha where anyone may ask, with a 60 s cooldown per destination and type and
 * daily caps per destination and per IP; each code lives 5 minutes, is checked once and dies after 5 wrong
 * tries. SMS and mail share all of it; only the delivery differs.
 */
export class SmsService {
  private readonly codes: SmsRepository;
  private readonly dailyPerPhone: number;
  private readonly dailyPerIp: number;

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly captchas: CaptchaService,
    private readonly users: UserRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: SmsServiceOptions = {},
  ) {
    this.codes = new SmsRepository(db);
    this.dailyPerPhone = options.dailyPerPhone ?? SMS_DAILY_PER_PHONE;
    this.dailyPerIp = options.dailyPerIp ?? SMS_DAILY_PER_IP;
  }

  async send(input: SendSmsInput): Promise<void> {
    const type = asPublicSmsType(input.type);
    // The captcha comes first and is used up by this attempt, so nothing below (whether a phone is
    // registered, the limits) can be probed without solving a new one.
    if (!(await this.captchas.verify(input.captchaId, input.checkCode))) throw AppError.fail(Msg.checkCodeWrong);
    const registered = (await this.users.findIdByPhone(input.phone)) !== undefined;
    if (type === SMS_TYPES.REGISTER && registered) throw AppError.fail(Msg.phoneTaken);
    if (type === SMS_TYPES.FORGOT && !registered) throw AppError.fail(Msg.phoneNotRegistered);
    // Type 8 (bind) has no account rule: binding links an existing account or creates one.
    await this.issueSms(input.phone, type, input.ip);
  }

  /** The bind panel's e-mail code (type 8), behind the image captcha. */
  async sendEmail(input: SendEmailInput): Promise<void> {
    if (!(await this.captchas.verify(input.captchaId, input.checkCode))) throw AppError.fail(Msg.checkCodeWrong);
    const mail = this.options.mail;
    const product = this.options.productName ?? '';
    await this.issue(
      'mail',
      input.email,
      SMS_TYPES.BIND,
      input.ip,
      async (code) => {
        if (!mail) throw new Error('no mail provider');
        await mail.send({
          to: input.email,
          subject: `${product}邮箱验证码`,
          text: `【${product}】您的绑定验证码为 ${code}，5分钟内有效。如非本人操作，请忽略本邮件。`,
        });
      },
      AccountMsg.mailSendFailed,
    );
  }

  /**
   * A phone-change code (type 3 to the account's own phone, type 4 to the new one). The signed-in caller
   * is known; the new phone also needs the image captcha (`captcha`), as it is any number.
   */
  async sendPhoneChangeCode(input: {
    phone: string;
    type: 3 | 4;
    ip: string | null;
    captcha: { id: string | undefined; code: string } | null;
  }): Promise<void> {
    if (input.captcha && !(await this.captchas.verify(input.captcha.id, input.captcha.code)))
      throw AppError.fail(Msg.checkCodeWrong);
    await this.issueSms(input.phone, input.type, input.ip);
  }

  private async issueSms(phone: string, type: SmsCodeType, ip: string | null): Promise<void> {
    await this.issue(
      'sms',
      phone,
      type,
      ip,
      (code) => this.provider.sendCode({ phone, code, type }),
      Msg.smsSendFailed,
    );
  }

  /** Cooldown and caps under per-destination and per-IP locks, the row, then the delivery (undone if it fails). */
  private async issue(
    channel: CodeChannel,
    destination: string,
    type: number,
    ip: string | null,
    deliver: (code: string) => Promise<void>,
    failMessage: string,
  ): Promise<void> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const providerName = channel === 'sms' ? this.provider.name : (this.options.mail?.name ?? 'none');
    const id = await this.db.transaction().execute(async (trx) => {
      const codes = new SmsRepository(trx);
      await codes.lock(`phone:${destination}`);
      if (ip) await codes.lock(`ip:${ip}`);
      if (await codes.sentWithinSeconds(destination, type, SMS_COOLDOWN_SECONDS, channel))
        throw AppError.fail(Msg.smsTooFrequent);
      if ((await codes.countTodayForPhone(destination)) >= this.dailyPerPhone) throw AppError.fail(Msg.smsDailyLimit);
      if (ip && (await codes.countTodayForIp(ip)) >= this.dailyPerIp) throw AppError.fail(Msg.smsDailyLimit);
      return codes.insert({
        phone: destination,
        type,
        code,
        provider: providerName,
        ip,
        ttlSeconds: SMS_TTL_SECONDS,
        channel,
      });
    });
    try {
      await deliver(code);
    } catch (err) {
      // Not sent: drop the row so it neither counts against the limits nor can be used.
      await this.codes.delete(id);
      this.log.error({ err, provider: providerName, channel }, 'verification code send failed');
      throw AppError.fail(failMessage);
    }
  }

  /**
   * Checks a code against the most recently sent code of this phone and type. Only that latest code
   * counts (sending a new code retires the older ones), and only while unexpired and unconsumed. A right
   * code is consumed; a wrong one counts a try and the fifth wrong try retires the code.
   */
  async verifyCode(phone: string, type: SmsCodeType, code: string): Promise<boolean> {
    return this.check('sms', phone, type, code);
  }

  /** The same check for an e-mail code (lower-case address). */
  async verifyEmailCode(email: string, type: number, code: string): Promise<boolean> {
    return this.check('mail', email, type, code);
  }

  private async check(channel: CodeChannel, destination: string, type: number, code: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const codes = new SmsRepository(trx);
      const latest = await codes.latestForUpdate(destination, type, channel);
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

function asPublicSmsType(type: number): 1 | 2 | 8 {
  if (type === 1 || type === 2 || type === 8) return type;
  throw AppError.fail(Msg.smsTypeInvalid);
}

/** The SMS service with the configured providers and caps (auth and account routes each build one). */
export function createSmsService(ctx: AppContext, log: FastifyBaseLogger): SmsService {
  const line = (text: string) => log.info(text);
  return new SmsService(
    ctx.db,
    createSmsProvider(ctx.config, line),
    createCaptchaService(ctx.db),
    new UserRepository(ctx.db),
    log,
    {
      mail: createMailProvider(ctx.config, ctx.db, line),
      dailyPerPhone: ctx.config.accounts.sms.dailyPerPhone,
      dailyPerIp: ctx.config.accounts.sms.dailyPerIp,
      productName: ctx.config.site.productName,
    },
  );
}
