import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

export interface SubAccountRow {
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** SQL over `users` for the parent/sub-account link (parent_id). Accepts a transaction. */
export class SubAccountRepository {
  constructor(private readonly db: Db) {}

  /** Locks the parent's row so that counting and adding sub-accounts cannot race past the limit. */
  async lockParent(parentId: string): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', parentId).forUpdate().execute();
  }

  async countChildren(parentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('parent_id', '=', parentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listChildren(parentId: string): Promise<SubAccountRow[]> {
    const rows = await this.db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.phone',
        'u.email',
        'u.created_at',
        (eb) =>
          eb
            .selectFrom('sessions as s')
            .select(sql<Date | null>`max(s.created_at)`.as('t'))
            .whereRef('s.user_id', '=', 'u.id')
            .as('last_login_at'),
      ])
      .where('u.parent_id', '=', parentId)
      .orderBy('u.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      phone: r.phone,
      email: r.email,
      createdAt: r.created_at,
      lastLoginAt: r.last_login_at ?? null,
    }));
  }

  /**
   * Unbinds a sub-account of `parentId`: it becomes an independent 免费版 account (its own tier fields reset;
   * its data stays, owned by it). False when it is not a sub-account of that parent.
   */
  async detach(id: string, parentId: string): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({
        parent_id: null,
        user_type: 0,
        version_type: 1,
        maturity_time: null,
        buy_month_num: 0,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('parent_id', '=', parentId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
