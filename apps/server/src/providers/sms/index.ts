import type { AppConfig } from '../../config.js';
import { SandboxSmsProvider } from './sandbox-sms.js';
import { UnconfiguredSmsProvider, type SmsProvider } from './sms-provider.js';

export type { SmsCodeMessage, SmsCodeType, SmsProvider } from './sms-provider.js';

/**
 * Picks the SMS provider. Sandbox mode → the sandbox provider. A real provider (Aliyun, issue #4) adds its
 * settings to config.ts and its branch here; until then a non-sandbox server answers SMS sends with
 * Msg.smsSendFailed and logs why.
 */
export function createSmsProvider(config: Pick<AppConfig, 'sandbox'>, log: (line: string) => void): SmsProvider {
  if (config.sandbox) return new SandboxSmsProvider(log);
  return new UnconfiguredSmsProvider();
}
