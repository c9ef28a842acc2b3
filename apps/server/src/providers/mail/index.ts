import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { UnconfiguredMailProvider, type MailProvider } from './mail-provider.js';
import { SandboxMailProvider } from './sandbox-mail.js';

export type { MailMessage, MailProvider } from './mail-provider.js';
export { readMailOutbox, type MailOutboxEntry } from './sandbox-mail.js';

/** The sandbox outbox in sandbox mode; otherwise none yet (e-mail codes then fail with a clear message). */
export function createMailProvider(
  config: Pick<AppConfig, 'sandbox'>,
  db: Db,
  log: (line: string) => void,
): MailProvider {
  return config.sandbox ? new SandboxMailProvider(db, log) : new UnconfiguredMailProvider();
}
