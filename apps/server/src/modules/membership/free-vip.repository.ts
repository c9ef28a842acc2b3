import type { FreeVipApplyParams, FreeVipStatus } from '@xg/shared';
import type { MemberDb, MemberTrx } from './membership.tables.js';

export interface FreeVipApplication {
  id: string;
  status: Exclude<FreeVipStatus, 'none'>;
  createdAt: Date;
}

/** SQL over free_vip_applications (one per account). */
export class FreeVipRepository {
  constructor(private readonly db: MemberDb | MemberTrx) {}

  with(trx: MemberTrx): FreeVipRepository {
    return new FreeVipRepository(trx);
  }

  async findByUser(userId: string): Promise<FreeVipApplication | undefined> {
    const row = await this.db
      .selectFrom('free_vip_applications')
      .select(['id', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { id: row.id, status: row.status, createdAt: row.created_at };
  }

  /** Inserts the application; undefined when the account already has one. */
  async insert(
    userId: string,
    form: FreeVipApplyParams,
    status: 'granted' | 'pending',
    now: Date,
  ): Promise<FreeVipApplication | undefined> {
    const row = await this.db
      .insertInto('free_vip_applications')
      .values({
        user_id: userId,
        company: form.company,
        contact_name: form.contactName,
        phone: form.phone,
        position: form.position,
        needs: form.needs ?? null,
        status,
        created_at: now,
        decided_at: status === 'granted' ? now : null,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning(['id', 'status', 'created_at'])
      .executeTakeFirst();
    return row && { id: row.id, status: row.status, createdAt: row.created_at };
  }
}
