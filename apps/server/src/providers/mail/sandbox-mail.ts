import type { Db } from '../../db/client.js';
import type { MailMessage, MailProvider } from './mail-provider.js';

/**
 * Sandbox mail (ARCHITECTURE §7): nothing leaves the machine. Each mail is written to the `mail_outbox`
 * table (GET /api/sandbox/mailOutbox reads it) and a line to the log.
 */
export class SandboxMailProvider implements MailProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
  ) {}

  async send({ to, subject, text }: MailMessage): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({ to_address: to, subject, body: text, provider: this.name })
      .execute();
    this.log(`[mail-sandbox] to=${to} subject=${subject} text=${text}`);
  }
}

export interface MailOutboxEntry {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The latest mails to an address, newest first (sandbox outbox). */
export async function readMailOutbox(db: Db, to: string, limit = 10): Promise<MailOutboxEntry[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body', 'created_at'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.body,
    createdAt: r.created_at.toISOString(),
  }));
}
