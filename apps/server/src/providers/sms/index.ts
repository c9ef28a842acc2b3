import type { AppConfig } from '../../config.js';
import { AliyunSmsProvider } from './aliyun-sms.js';
import { SandboxSmsProvider } from './sandbox-sms.js';
import { UnconfiguredSmsProvider, type SmsProvider } from './sms-provider.js';

export type { SmsCodeMessage, SmsCodeType, SmsProvider } from './sms-provider.js';

/**
 * Picks the SMS provider: SMS_PROVIDER when set (config validation guarantees Aliyun's keys); unset, the
 * sandbox in sandbox mode, Aliyun when its keys are set, otherwise none (every send answers
 * Msg.smsSendFailed and the log says why).
 */
export function createSmsProvider(
  config: Pick<AppConfig, 'sandbox' | 'accounts'>,
  log: (line: string) => void,
): SmsProvider {
  const { provider, aliyun } = config.accounts.sms;
  const chosen = provider ?? (config.sandbox ? 'sandbox' : aliyun ? 'aliyun' : null);
  if (chosen === 'sandbox') return new SandboxSmsProvider(log);
  if (chosen === 'aliyun' && aliyun) return new AliyunSmsProvider(aliyun);
  return new UnconfiguredSmsProvider();
}
