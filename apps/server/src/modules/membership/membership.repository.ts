import { sql } from 'kysely';
import { REGULAR_VERSION_TYPE, UserType, type PriceOptionRow } from '@xg/shared';
import type { MemberDb, MemberTrx } from './membership.tables.js';
import type { MembershipState } from './pricing.js';

/** A price_options row as SQL answers it (the numerics as text). */
export interface PriceOptionDbRow {
  id: number;
  level: number;
  title: string;
  month_num: number;
  price: string;
  original_price: string;
  save_money: string;
  unit_price: string;
  is_default: boolean;
  sort: number;
}

/** A price option as the site and the console show it. */
export function priceOptionOf(r: PriceOptionDbRow): PriceOptionRow {
  return {
    id: r.id,
    level: r.level,
    title: r.title,
    monthNum: r.month_num,
    price: r.price,
    originalPrice: r.original_price,
    saveMoney: r.save_money,
    unitPrice: r.unit_price,
    isDefault: r.is_default,
    sort: r.sort,
  };
}

export interface AccountMembership extends MembershipState {
  id: string;
  parentId: string | null;
}

export interface NewPeriod {
  userId: string;
  level: number;
  versionType: number;
  start: Date;
  end: Date;
  source: 'order' | 'trial' | 'admin';
  orderId: string | null;
}

export interface TierUpdate {
  userType: number;
  versionType: number;
  maturityTime: Date;
  buyMonthNum: number;
}

/** SQL over price_options, membership_periods and the tier columns of users. Works on the Db or a transaction. */
export class MembershipRepository {
  constructor(private readonly db: MemberDb | MemberTrx) {}

  with(trx: MemberTrx): MembershipRepository {
    return new MembershipRepository(trx);
  }

  /** Enabled options of a level, index 0 first (sort, then id). */
  async listPriceOptions(level: number): Promise<PriceOptionRow[]> {
    const rows = await this.db
      .selectFrom('price_options')
      .selectAll()
      .where('level', '=', level)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(priceOptionOf);
  }

  async findPriceOption(id: number): Promise<PriceOptionRow | undefined> {
    const row = await this.db
      .selectFrom('price_options')
      .select('level')
      .where('id', '=', id)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!row) return undefined;
    return (await this.listPriceOptions(row.level)).find((o) => o.id === id);
  }

  /** List price and months of the account's last paid order at `level` (the credit basis). */
  async lastPaidOrderAt(userId: string, level: number): Promise<{ priceFen: number; monthNum: number } | undefined> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select(['price_fen', 'month_num'])
      .where('user_id', '=', userId)
      .where('level', '=', level)
      .where('status', '=', 'paid')
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { priceFen: row.price_fen, monthNum: row.month_num };
  }

  async findAccount(userId: string, lock = false): Promise<AccountMembership | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'parent_id', 'user_type', 'version_type', 'maturity_time', 'buy_month_num'])
      .where('id', '=', userId)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirst();
    return row && toAccount(row);
  }

  /** The account row locked until the transaction ends (grants serialize per account). */
  lockAccount(userId: string): Promise<AccountMembership | undefined> {
    return this.findAccount(userId, true);
  }

  async setTier(userId: string, tier: TierUpdate, now: Date): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        user_type: tier.userType,
        version_type: tier.versionType,
        maturity_time: tier.maturityTime,
        buy_month_num: tier.buyMonthNum,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
  }

  async insertPeriod(period: NewPeriod): Promise<string> {
    const row = await this.db
      .insertInto('membership_periods')
      .values({
        user_id: period.userId,
        level: period.level,
        version_type: period.versionType,
        start_at: period.start,
        end_at: period.end,
        source: period.source,
        order_id: period.orderId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Accounts whose paid or trial period ended drop to 免费版 (user_type 0, version_type 1). Nothing else is
   * touched: maturity_time stays as the date it ended, buy_month_num, lists and history stay. Idempotent.
   */
  async expireEnded(now: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable('users')
      .set({ user_type: UserType.FREE, version_type: REGULAR_VERSION_TYPE, updated_at: now })
      .where('user_type', '>', UserType.FREE)
      .where('maturity_time', 'is not', null)
      .where('maturity_time', '<=', now)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** True when the account ever had a trial period (the promotion is granted once per account). */
  async hadTrial(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('membership_periods')
      .select(sql<number>`1`.as('one'))
      .where('user_id', '=', userId)
      .where('source', '=', 'trial')
      .executeTakeFirst();
    return row !== undefined;
  }
}

function toAccount(row: {
  id: string;
  parent_id: string | null;
  user_type: number;
  version_type: number;
  maturity_time: Date | null;
  buy_month_num: number;
}): AccountMembership {
  return {
    id: row.id,
    parentId: row.parent_id,
    userType: row.user_type,
    versionType: row.version_type,
    maturityTime: row.maturity_time,
    buyMonthNum: row.buy_month_num,
  };
}
