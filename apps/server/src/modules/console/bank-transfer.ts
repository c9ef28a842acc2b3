import {
  BankOrderMsg,
  MemberMsg,
  PayType,
  type BankAccount,
  type BankOrderAnswer,
  type BankOrderParams,
  type BankTransferParams,
  type ConfirmTransferParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ContentRepository } from '../content/content.repository.js';
import { memberDb } from '../membership/membership.tables.js';
import { fenToYuan } from '../membership/pricing.js';
import type { PurchaseQuote } from '../membership/membership.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { PaymentRepository } from '../payment/payment.repository.js';
import { PaymentService, orderOfQuote } from '../payment/payment.service.js';
import type { PaymentProviders, ProviderName } from '../../providers/payment/index.js';

/** An order the console records as paid is open this long (it is settled in the same call). */
const BANK_ORDER_TTL_MS = 10 * 60_000;
/** A user's bank-transfer order waits this long for the money (a company transfer takes days). */
const USER_BANK_ORDER_TTL_MS = 7 * 24 * 3600_000;

/**
 * An offline bank transfer (§9: offered for companies) recorded by a finance operator: an order of the price
 * option at the quote the account gets now (pay_type 3, provider bank), then settled by PaymentService.settle —
 * the same path an online payment's notify takes (amount check, markPaid, grantOrder in one transaction).
 */
export class BankTransferService {
  private readonly payments: PaymentService;
  private readonly orders: PaymentRepository;
  private readonly members: ReturnType<typeof membershipServices>;

  constructor(private readonly ctx: AppContext) {
    this.members = membershipServices(ctx);
    this.orders = new PaymentRepository(memberDb(ctx.db));
    const noProviders: PaymentProviders = { byName: () => null, forPayType: () => null } as unknown as PaymentProviders;
    this.payments = new PaymentService(
      memberDb(ctx.db),
      this.orders,
      this.members.membership,
      this.members.users,
      noProviders,
      ctx.config.site.productName,
      { warn: () => undefined, error: () => undefined, info: () => undefined } as never,
    );
  }

  /** The payee account (content_settings 'bankAccount'); null while the operator has not filled it in. */
  async account(): Promise<BankAccount | null> {
    const stored = await new ContentRepository(this.ctx.db).setting<BankAccount>('bankAccount');
    return stored?.accountName && stored.bankName && stored.accountNo ? stored : null;
  }

  /**
   * A user chooses 对公转账 (POST /api/pay/bankTransfer): an open order of the option at today's quote
   * (pay_type 3, provider bank) that waits USER_BANK_ORDER_TTL_MS for finance to confirm the money. The same
   * open order is answered again while it matches the option and amount (no new order per click).
   */
  async open(userId: string, p: BankOrderParams, now = new Date()): Promise<BankOrderAnswer> {
    const account = await this.account();
    if (!account) throw AppError.fail(BankOrderMsg.unavailable);
    const quote = await this.members.membership.quote(userId, p.priceId, now);
    const order = await memberDb(this.ctx.db)
      .transaction()
      .execute(async (trx) => {
        const orders = this.orders.with(trx);
        await orders.lockAccount(userId);
        const latest = await orders.latestOf(userId);
        if (
          latest?.status === 'created' &&
          (latest.provider as string) === 'bank' &&
          latest.level === quote.option.level &&
          latest.monthNum === quote.option.monthNum &&
          latest.amountFen === quote.amountFen &&
          latest.expiresAt > now
        )
          return latest;
        await orders.closeOpenOf(userId, now, 'superseded');
        return orders.insert(this.newOrder(userId, quote, p.type, now, USER_BANK_ORDER_TTL_MS));
      });
    return {
      orderNo: order.orderNo,
      amount: fenToYuan(order.amountFen),
      expireTime: order.expiresAt.toISOString(),
      account,
    };
  }

  /**
   * Finance confirms the money of a user's bank order: the amount must equal the order's; the order is settled
   * by PaymentService.settle (a closed order whose money came in is granted too, as an online payment is).
   */
  async confirm(p: ConfirmTransferParams, now = new Date()) {
    const order = await this.orders.findByOrderNo(p.orderNo);
    if (!order) throw AppError.fail(MemberMsg.orderNotFound);
    if ((order.provider as string) !== 'bank') throw AppError.fail(BankOrderMsg.notBank);
    if (order.status === 'paid') throw AppError.fail(BankOrderMsg.alreadyPaid);
    if (Math.round(p.amount * 100) !== order.amountFen)
      throw AppError.fail(`到账金额与应付金额（${(order.amountFen / 100).toFixed(2)}元）不一致`);
    const outcome = await this.payments.settle(
      'bank' as ProviderName,
      { kind: 'paid', orderNo: order.orderNo, amountFen: order.amountFen, tradeNo: p.tradeNo },
      now,
    );
    if (outcome === 'duplicate') throw AppError.fail(BankOrderMsg.alreadyPaid);
    if (outcome !== 'granted') throw AppError.fail(MemberMsg.payCreateFailed);
    return { orderNo: order.orderNo, userId: order.userId, outcome, level: order.level, monthNum: order.monthNum };
  }

  private newOrder(userId: string, quote: PurchaseQuote, requestType: number, now: Date, ttlMs: number) {
    const pay = { payType: PayType.BANK, provider: 'bank' as ProviderName };
    return orderOfQuote(userId, quote, requestType, pay, now, new Date(now.getTime() + ttlMs));
  }

  async markPaid(userId: string, p: BankTransferParams, now = new Date()) {
    const quote = await this.members.membership.quote(userId, p.priceId, now);
    const amountFen = Math.round(p.amount * 100);
    if (amountFen !== quote.amountFen)
      throw AppError.fail(`到账金额与应付金额（${(quote.amountFen / 100).toFixed(2)}元）不一致`);
    const order = await memberDb(this.ctx.db)
      .transaction()
      .execute(async (trx) => {
        const orders = this.orders.with(trx);
        await orders.lockAccount(userId);
        await orders.closeOpenOf(userId, now, 'superseded');
        return orders.insert(this.newOrder(userId, quote, quote.kind === 'new' ? 1 : 2, now, BANK_ORDER_TTL_MS));
      });
    const outcome = await this.payments.settle(
      'bank' as ProviderName,
      { kind: 'paid', orderNo: order.orderNo, amountFen: order.amountFen, tradeNo: p.tradeNo },
      now,
    );
    if (outcome !== 'granted') throw AppError.fail(MemberMsg.payCreateFailed);
    return { orderNo: order.orderNo, outcome, level: quote.option.level, monthNum: quote.option.monthNum };
  }
}
