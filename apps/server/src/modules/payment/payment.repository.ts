import { sql } from 'kysely';
import type { OrderKind, OrderStatus } from '@xg/shared';
import type { MemberDb, MemberTrx } from '../membership/membership.tables.js';
import type { ProviderName } from '../../providers/payment/index.js';

export interface OrderRow {
  id: string;
  orderNo: string;
  userId: string;
  kind: OrderKind;
  level: number;
  monthNum: number;
  priceFen: number;
  creditFen: number;
  amountFen: number;
  payType: number;
  provider: ProviderName;
  status: OrderStatus;
  codeUrl: string | null;
  tradeNo: string | null;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
}

export interface NewOrder {
  orderNo: string;
  userId: string;
  kind: OrderKind;
  requestType: number;
  level: number;
  monthNum: number;
  priceOptionId: number;
  priceFen: number;
  creditFen: number;
  amountFen: number;
  payType: number;
  provider: ProviderName;
  createdAt: Date;
  expiresAt: Date;
}

const COLUMNS = [
  'id',
  'order_no',
  'user_id',
  'kind',
  'level',
  'month_num',
  'price_fen',
  'credit_fen',
  'amount_fen',
  'pay_type',
  'provider',
  'status',
  'code_url',
  'trade_no',
  'created_at',
  'expires_at',
  'paid_at',
] as const;

/** SQL over payment_orders and payment_notifies. Works on the Db or a transaction. */
export class PaymentRepository {
  constructor(private readonly db: MemberDb | MemberTrx) {}

  with(trx: MemberTrx): PaymentRepository {
    return new PaymentRepository(trx);
  }

  async insert(order: NewOrder): Promise<OrderRow> {
    const row = await this.db
      .insertInto('payment_orders')
      .values({
        order_no: order.orderNo,
        user_id: order.userId,
        kind: order.kind,
        request_type: order.requestType,
        level: order.level,
        month_num: order.monthNum,
        price_option_id: order.priceOptionId,
        price_fen: order.priceFen,
        credit_fen: order.creditFen,
        amount_fen: order.amountFen,
        pay_type: order.payType,
        provider: order.provider,
        created_at: order.createdAt,
        expires_at: order.expiresAt,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toOrder(row);
  }

  /**
   * Serialises the account's money calls: a transaction-scoped advisory lock on the account (released at
   * commit or rollback). Call it first inside the transaction.
   */
  async lockAccount(userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment:${userId}`}, 0))`.execute(this.db);
  }

  /** Closes the account's other unpaid orders (a new QR replaces the old one; §4: switching method re-orders). */
  async closeOpenOf(userId: string, now: Date, reason: string): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ status: 'closed', closed_at: now, updated_at: now, fail_reason: reason })
      .where('user_id', '=', userId)
      .where('status', '=', 'created')
      .execute();
  }

  async countSince(userId: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setCodeUrl(id: string, codeUrl: string): Promise<void> {
    await this.db.updateTable('payment_orders').set({ code_url: codeUrl }).where('id', '=', id).execute();
  }

  async markFailed(id: string, reason: string, now: Date): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ status: 'failed', fail_reason: reason.slice(0, 500), updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['created', 'closed'])
      .execute();
  }

  async markClosed(id: string, reason: string, now: Date): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ status: 'closed', closed_at: now, fail_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .execute();
  }

  async markPaid(id: string, tradeNo: string, now: Date): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ status: 'paid', trade_no: tradeNo, paid_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async findByOrderNo(orderNo: string, lock = false): Promise<OrderRow | undefined> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select(COLUMNS)
      .where('order_no', '=', orderNo)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirst();
    return row && toOrder(row);
  }

  /** The order row locked until the transaction ends: notifies of one order are handled one at a time. */
  lockByOrderNo(orderNo: string): Promise<OrderRow | undefined> {
    return this.findByOrderNo(orderNo, true);
  }

  async latestOf(userId: string): Promise<OrderRow | undefined> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toOrder(row);
  }

  /** The account's latest order paid at or after `since` (an older QR paid after a newer one was made). */
  async latestPaidSince(userId: string, since: Date): Promise<OrderRow | undefined> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .where('paid_at', '>=', since)
      .orderBy('paid_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toOrder(row);
  }

  /** Unpaid orders past their expiry become closed. Idempotent; answers how many. */
  async closeExpired(now: Date): Promise<number> {
    const rows = await this.db
      .updateTable('payment_orders')
      .set({ status: 'closed', closed_at: now, fail_reason: 'expired', updated_at: now })
      .where('status', '=', 'created')
      .where('expires_at', '<=', now)
      .returning('id')
      .execute();
    return rows.length;
  }

  async logNotify(provider: string, orderNo: string | null, outcome: string, detail: string | null): Promise<void> {
    await this.db
      .insertInto('payment_notifies')
      .values({ provider, order_no: orderNo, outcome, detail: detail?.slice(0, 1000) ?? null })
      .execute();
  }
}

function toOrder(row: {
  id: string;
  order_no: string;
  user_id: string;
  kind: OrderKind;
  level: number;
  month_num: number;
  price_fen: number;
  credit_fen: number;
  amount_fen: number;
  pay_type: number;
  provider: ProviderName;
  status: OrderStatus;
  code_url: string | null;
  trade_no: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
}): OrderRow {
  return {
    id: row.id,
    orderNo: row.order_no,
    userId: row.user_id,
    kind: row.kind,
    level: row.level,
    monthNum: row.month_num,
    priceFen: row.price_fen,
    creditFen: row.credit_fen,
    amountFen: row.amount_fen,
    payType: row.pay_type,
    provider: row.provider,
    status: row.status,
    codeUrl: row.code_url,
    tradeNo: row.trade_no,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
  };
}
