import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export class CaptchaRepository {
  constructor(private readonly db: Db) {}

  async insert(row: { id: string; codeHash: string; ttlSeconds: number; ip: string | null }): Promise<void> {
    await this.db
      .insertInto('captchas')
      .values({
        id: row.id,
        code_hash: row.codeHash,
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
        ip: row.ip,
      })
      .execute();
  }

  /**
   * Marks a live (unused, unexpired) captcha used and returns its code hash, in one statement, so a
   * captcha answers at most one verification even under concurrent requests.
   */
  async consume(id: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('captchas')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('code_hash')
      .executeTakeFirst();
    return row?.code_hash;
  }

  async deleteCreatedBefore(olderThanSeconds: number): Promise<void> {
    await this.db
      .deleteFrom('captchas')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
      .execute();
  }
}
