import type { SmsCodeMessage, SmsProvider } from './sms-provider.js';

/**
 * Sandbox SMS (ARCHITECTURE §7): nothing leaves the machine. The code is written to the log, and the
 * `sms_codes` row written by the SMS service is the outbox (GET /api/sandbox/smsOutbox reads it).
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';

  constructor(private readonly log: (line: string) => void) {}

  sendCode({ phone, code, type }: SmsCodeMessage): Promise<void> {
    this.log(`[sms-sandbox] phone=${phone} code=${code} type=${type}`);
    return Promise.resolve();
  }
}
