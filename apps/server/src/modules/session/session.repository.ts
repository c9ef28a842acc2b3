import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export interface SessionRow {
  id: string;
  userId: string;
  expiresAt: Date;
  revokedReason: string | null;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at', 'revoked_reason'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, expiresAt: row.expires_at, revokedReason: row.revoked_reason };
  }

  /**
   * Opens a session and marks every other live session of the user 'replaced', in one transaction. Answers false
   * (and opens nothing) when an operator disabled the account (users.disabled_at, migration 0070).
   */
  async open(input: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Lock the user row so two concurrent sign-ins serialise and exactly one session stays live.
      const { rows } = await sql<{ disabled: boolean }>`SELECT disabled_at IS NOT NULL AS disabled FROM users
        WHERE id = ${input.userId} FOR UPDATE`.execute(trx);
      if (rows[0]?.disabled) return false;
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoked_reason: 'replaced' })
        .where('user_id', '=', input.userId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('sessions')
        .values({
          user_id: input.userId,
          token_hash: input.tokenHash,
          expires_at: input.expiresAt,
          ip: input.ip,
          user_agent: input.userAgent,
        })
        .execute();
      return true;
    });
  }

  async revoke(id: string, reason: 'logout' | 'expired'): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every live session of a user (after a password reset); those tokens then get code 0. */
  async revokeAllForUser(userId: string, reason: 'logout' | 'admin'): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async touch(id: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
  }
}
