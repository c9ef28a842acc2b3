import { MemberMsg, type BankTransferParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { memberDb } from '../membership/membership.tables.js';
import { membershipServices } from '../membership/membership.services.js';
import { PaymentRepository } from '../payment/payment.repository.js';
import { PaymentService, newOrderNo } from '../payment/payment.service.js';
import type { PaymentProviders, ProviderName } from '../../providers/payment/index.js';

/** An offline order is open this long (it is settled in the same call). */
const BANK_ORDER_TTL_MS = 10 * 60_000;

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
        return orders.insert({
          orderNo: newOrderNo(now),
          userId,
          kind: quote.kind,
          requestType: quote.kind === 'new' ? 1 : 2,
          level: quote.option.level,
          monthNum: quote.option.monthNum,
          priceOptionId: quote.option.id,
          priceFen: quote.priceFen,
          creditFen: quote.creditFen,
          amountFen: quote.amountFen,
          payType: 3,
          provider: 'bank' as ProviderName,
          createdAt: now,
          expiresAt: new Date(now.getTime() + BANK_ORDER_TTL_MS),
        });
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
