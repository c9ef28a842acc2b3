import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export type TicketPurpose = 'phone_change';

/** SQL over `account_tickets`: short-lived, single-use proofs (a verified old phone). Accepts a transaction. */
export class AccountTicketRepository {
  constructor(private readonly db: Db) {}

  async insert(row: { userId: string; purpose: TicketPurpose; ticketHash: string; ttlSeconds: number }): Promise<void> {
    await this.db
      .insertInto('account_tickets')
      .values({
        user_id: row.userId,
        purpose: row.purpose,
        ticket_hash: row.ticketHash,
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      })
      .execute();
  }

  /** True for a live, unused ticket of this user and purpose (nothing is used up). */
  async isLive(userId: string, purpose: TicketPurpose, ticketHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('account_tickets')
      .select('id')
      .where('ticket_hash', '=', ticketHash)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Uses a live ticket up, in one statement; false when there was none. */
  async consume(userId: string, purpose: TicketPurpose, ticketHash: string): Promise<boolean> {
    const row = await this.db
      .updateTable('account_tickets')
      .set({ used_at: sql<Date>`now()` })
      .where('ticket_hash', '=', ticketHash)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteExpiredBefore(olderThanSeconds: number): Promise<void> {
    await this.db
      .deleteFrom('account_tickets')
      .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
      .execute();
  }
}
