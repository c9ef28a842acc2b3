/**
 * Outgoing SMS (spec §7.1 smsVerifyCode). Every SMS provider implements this interface; the app picks one by
 * configuration (`createSmsProvider`: sandbox or Aliyun). The codes, limits and outbox rows are the SMS
 * service's business, not the provider's.
 */
import { failsUnconfigured } from '../unconfigured.js';

/** 1 register, 2 forgot password, 8 bind (spec §7.1); 3 old phone and 4 new phone of a phone change (ours). */
export type SmsCodeType = 1 | 2 | 3 | 4 | 8;

export interface SmsCodeMessage {
  phone: string;
  /** the 6-digit verification code */
  code: string;
  /** 1 register, 2 forgot password, 8 bind (spec §7.1); 3/4 phone change */
  type: SmsCodeType;
}

export interface SmsProvider {
  /** stored in `sms_codes.provider` */
  readonly name: string;
  /** Delivers the code or throws; a throw makes the send fail with Msg.smsSendFailed and frees the cooldown. */
  sendCode(message: SmsCodeMessage): Promise<void>;
}

/** Chosen when sandbox mode is off and no real provider is configured: every send fails, loudly. */
export class UnconfiguredSmsProvider implements SmsProvider {
  readonly name = 'unconfigured';
  readonly sendCode = failsUnconfigured(
    'no SMS provider is configured (SANDBOX=false; set SMS_PROVIDER=aliyun and the ALIYUN_SMS_* keys)',
  );
}
