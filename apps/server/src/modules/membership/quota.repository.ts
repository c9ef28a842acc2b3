import { sql } from 'kysely';
import type { QuotaKind } from '@xg/shared';
import type { MemberDb } from './membership.tables.js';

/** SQL over quota_rules and quota_usage. */
export class QuotaRepository {
  constructor(private readonly db: MemberDb) {}

  /** Monthly allowance of every tier for `kind`, indexed by userType (missing rows count 0). */
  async totals(kind: QuotaKind): Promise<number[]> {
    const rows = await this.db
      .selectFrom('quota_rules')
      .select(['user_type', 'monthly_total'])
      .where('kind', '=', kind)
      .execute();
    const totals = [0, 0, 0, 0, 0];
    for (const r of rows) totals[r.user_type] = r.monthly_total;
    return totals;
  }

  async used(ownerId: string, kind: QuotaKind, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('quota_usage')
      .select('used')
      .where('owner_id', '=', ownerId)
      .where('kind', '=', kind)
      .where('month', '=', month)
      .executeTakeFirst();
    return row?.used ?? 0;
  }

  /**
   * Adds `n` to the month's usage only while it stays within `total`, in one statement: the row is created
   * or locked by ON CONFLICT and the condition is checked against the latest committed value, so concurrent
   * spends never overshoot. Answers the new usage, or undefined when the quota does not allow it.
   */
  async spend(ownerId: string, kind: QuotaKind, month: string, n: number, total: number): Promise<number | undefined> {
    const result = await sql<{ used: number }>`
      INSERT INTO quota_usage (owner_id, kind, month, used)
      SELECT ${ownerId}::bigint, ${kind}, ${month}::date, ${n}::int
      WHERE ${n}::int <= ${total}::int
      ON CONFLICT (owner_id, kind, month) DO UPDATE
        SET used = quota_usage.used + EXCLUDED.used, updated_at = now()
        WHERE quota_usage.used + EXCLUDED.used <= ${total}::int
      RETURNING used`.execute(this.db);
    return result.rows[0]?.used;
  }

  /** Gives back `n` (e.g. an export that failed); never below 0. */
  async refund(ownerId: string, kind: QuotaKind, month: string, n: number): Promise<void> {
    await this.db
      .updateTable('quota_usage')
      .set({ used: sql<number>`greatest(used - ${n}::int, 0)`, updated_at: new Date() })
      .where('owner_id', '=', ownerId)
      .where('kind', '=', kind)
      .where('month', '=', month)
      .execute();
  }
}
