import crypto from 'node:crypto';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';
import {
  ApiCode,
  MemberMsg,
  ORDER_TTL_MINUTES,
  PayType,
  WECHAT_PAY_LIMIT_YUAN,
  userTypeLabel,
  type ApiEnvelope,
  type ConfirmPayAnswer,
  type ConfirmPayParams,
  type OrderSummary,
  type UserInfo,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { MembershipService, PurchaseQuote } from '../membership/membership.service.js';
import type { MemberDb } from '../membership/membership.tables.js';
import { fenToYuan } from '../membership/pricing.js';
import type { UserService } from '../user/user.service.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import {
  NotifyRejectedError,
  type NotifyAck,
  type NotifyEvent,
  type ProviderName,
  type RawNotify,
} from '../../providers/payment/payment-provider.js';
import type { NewOrder, OrderRow, PaymentRepository } from './payment.repository.js';

/** At most this many orders per account in ORDER_BURST_WINDOW_MS (each one asks the provider for a QR). */
export const ORDER_BURST_LIMIT = 20;
export const ORDER_BURST_WINDOW_MS = 10 * 60 * 1000;
const WECHAT_LIMIT_FEN = WECHAT_PAY_LIMIT_YUAN * 100;

/** POST /api/confirmPay's answer without its envelope. */
export type ConfirmPayResult = Omit<ConfirmPayAnswer, keyof ApiEnvelope>;

export type PayQueryResult =
  | { code: typeof ApiCode.OK; message: string; orderNo: string; userInfoMap: UserInfo }
  | { code: typeof ApiCode.PENDING; message: string; orderNo: string };

/** How a notify was handled (logged in payment_notifies; tests read it). */
export type SettleOutcome =
  | 'granted'
  | 'duplicate'
  | 'closed'
  | 'ignored'
  | 'pending'
  | 'unknown_order'
  | 'wrong_provider'
  | 'amount_mismatch'
  | 'order_failed';

const ACCEPTED: ReadonlySet<SettleOutcome> = new Set(['granted', 'duplicate', 'closed', 'ignored', 'pending']);

/** 'XG' + Asia/Shanghai yyyyMMddHHmmss + 8 random digits: unique, sortable, letters and digits only. */
export function newOrderNo(now: Date): string {
  const local = new Date(now.getTime() + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `XG${local}${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * A new open order (payment_orders) of a quote: its number, the quote's amounts, how it is paid, open until
 * `expiresAt`. `requestType`: 1 new, 2 renewal, as the screen sent it.
 */
export function orderOfQuote(
  userId: string,
  quote: PurchaseQuote,
  requestType: number,
  pay: { payType: number; provider: ProviderName },
  now: Date,
  expiresAt: Date,
): NewOrder {
  return {
    orderNo: newOrderNo(now),
    userId,
    kind: quote.kind,
    requestType,
    level: quote.option.level,
    monthNum: quote.option.monthNum,
    priceOptionId: quote.option.id,
    priceFen: quote.priceFen,
    creditFen: quote.creditFen,
    amountFen: quote.amountFen,
    payType: pay.payType,
    provider: pay.provider,
    createdAt: now,
    expiresAt,
  };
}

/**
 * Orders and payments (spec §4 payment flow, §7.2). confirmPay creates an order and its QR; notifies from
 * the provider settle it under a row lock (`SELECT … FOR UPDATE`), so replayed or concurrent notifies grant
 * exactly once; payQuery only reads what the notifies decided.
 */
export class PaymentService {
  constructor(
    private readonly db: MemberDb,
    private readonly orders: PaymentRepository,
    private readonly membership: MembershipService,
    private readonly users: UserService,
    private readonly providers: PaymentProviders,
    private readonly productName: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async confirmPay(
    userId: string,
    params: ConfirmPayParams,
    origin: string,
    now: Date = new Date(),
  ): Promise<ConfirmPayResult> {
    const quote = await this.membership.quote(userId, params.priceId, now);
    if (params.payType === PayType.WECHAT && quote.amountFen > WECHAT_LIMIT_FEN)
      throw AppError.fail(MemberMsg.wechatLimit);
    const provider = this.providers.forPayType(params.payType);
    if (!provider) throw AppError.fail(MemberMsg.payTypeUnavailable);

    const expiresAt = new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000);
    // The account's money calls run one at a time: the advisory lock is held until the transaction ends, so
    // the burst count below sees every order committed before, and closing the open orders plus inserting
    // the new one happen as one step (the partial unique index payment_orders_one_open_idx backs this up).
    const order = await this.db.transaction().execute(async (trx) => {
      const orders = this.orders.with(trx);
      await orders.lockAccount(userId);
      if ((await orders.countSince(userId, new Date(now.getTime() - ORDER_BURST_WINDOW_MS))) >= ORDER_BURST_LIMIT) {
        throw AppError.tooMany();
      }
      await orders.closeOpenOf(userId, now, 'superseded');
      return orders.insert(
        orderOfQuote(userId, quote, params.type, { payType: params.payType, provider: provider.name }, now, expiresAt),
      );
    });

    let codeUrl: string;
    try {
      ({ codeUrl } = await provider.precreate({
        orderNo: order.orderNo,
        amountFen: order.amountFen,
        subject: `${this.productName} ${userTypeLabel(order.level)} ${order.monthNum}个月`,
        expiresAt,
        origin,
      }));
    } catch (err) {
      this.log.error({ err, orderNo: order.orderNo, provider: provider.name }, 'payment precreate failed');
      await this.orders.markFailed(order.id, `precreate: ${err instanceof Error ? err.message : String(err)}`, now);
      throw AppError.fail(MemberMsg.payCreateFailed);
    }
    await this.orders.setCodeUrl(order.id, codeUrl);
    const imgStr = await QRCode.toDataURL(codeUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return {
      imgStr,
      codeUrl,
      orderNo: order.orderNo,
      amount: fenToYuan(order.amountFen),
      payType: order.payType,
      expireTime: expiresAt.toISOString(),
      payResult: summarize(order),
    };
  }

  /**
   * The latest order of the account: paid → 200 with the fresh user info; still open → 202; closed or
   * failed → −1. An older QR paid after a newer order was made also answers 200.
   */
  async payQuery(userId: string, now: Date = new Date()): Promise<PayQueryResult> {
    const latest = await this.orders.latestOf(userId);
    if (!latest) throw AppError.fail(MemberMsg.orderNotFound);
    const paid = latest.status === 'paid' ? latest : await this.orders.latestPaidSince(userId, latest.createdAt);
    if (paid) {
      return {
        code: ApiCode.OK,
        message: MemberMsg.paySuccess,
        orderNo: paid.orderNo,
        userInfoMap: await this.users.getUserInfo(userId),
      };
    }
    if (latest.status === 'created' && latest.expiresAt > now) {
      return { code: ApiCode.PENDING, message: MemberMsg.payPending, orderNo: latest.orderNo };
    }
    if (latest.status === 'created') await this.orders.markClosed(latest.id, 'expired', now);
    throw AppError.fail(latest.status === 'failed' ? MemberMsg.orderFailed : MemberMsg.orderClosed, {
      orderNo: latest.orderNo,
    });
  }

  /** One of the caller's orders (the latest when orderNo is absent). */
  async payResult(userId: string, orderNo: string | undefined): Promise<OrderSummary> {
    const order = orderNo ? await this.orders.findByOrderNo(orderNo) : await this.orders.latestOf(userId);
    if (!order || order.userId !== userId) throw AppError.fail(MemberMsg.orderNotFound);
    return summarize(order);
  }

  /** An order for the sandbox pay page (by number; the sandbox page is not signed in). */
  async findOrder(orderNo: string): Promise<OrderSummary | undefined> {
    const order = await this.orders.findByOrderNo(orderNo);
    return order && summarize(order);
  }

  /** A notify from `providerName`: verified by the provider, then settled. Answers what the provider expects. */
  async handleNotify(
    providerName: ProviderName,
    raw: RawNotify,
    now: Date = new Date(),
  ): Promise<NotifyAck & { outcome: string }> {
    const provider = this.providers.byName(providerName);
    if (!provider) {
      await this.orders.logNotify(providerName, null, 'provider_off', null);
      return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not configured', outcome: 'provider_off' };
    }
    let event: NotifyEvent;
    try {
      event = provider.verifyNotify(raw, now);
    } catch (err) {
      if (!(err instanceof NotifyRejectedError)) throw err;
      this.log.warn({ provider: providerName, reason: err.message }, 'payment notify rejected');
      await this.orders.logNotify(providerName, null, err.reason, err.message);
      return { ...provider.ack(false), outcome: err.reason };
    }
    const outcome = await this.settle(providerName, event, now);
    await this.orders.logNotify(
      providerName,
      event.orderNo,
      outcome,
      event.kind === 'paid' ? `amount ${event.amountFen}` : event.kind,
    );
    if (!ACCEPTED.has(outcome))
      this.log.warn({ provider: providerName, orderNo: event.orderNo, outcome }, 'payment notify refused');
    return { ...provider.ack(ACCEPTED.has(outcome)), outcome };
  }

  /**
   * Applies a verified event in one transaction holding the order row (FOR UPDATE): a paid order stays paid
   * (a replay changes nothing), the amount must equal the order's, and the grant writes one period.
   */
  async settle(providerName: ProviderName, event: NotifyEvent, now: Date = new Date()): Promise<SettleOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const orders = this.orders.with(trx);
      const order = await orders.lockByOrderNo(event.orderNo);
      if (!order) return 'unknown_order';
      if (order.provider !== providerName) return 'wrong_provider';
      if (event.kind === 'pending') return 'pending';
      if (event.kind === 'closed') {
        if (order.status !== 'created') return 'ignored';
        await orders.markClosed(order.id, 'provider_closed', now);
        return 'closed';
      }
      if (order.status === 'paid') return 'duplicate';
      if (order.status === 'failed') return 'order_failed';
      if (event.amountFen !== order.amountFen) {
        await orders.markFailed(
          order.id,
          `amount_mismatch: notified ${event.amountFen}, ordered ${order.amountFen}`,
          now,
        );
        return 'amount_mismatch';
      }
      // created, or closed by us (superseded/expired) while the payer still paid its QR: the money came in
      await orders.markPaid(order.id, event.tradeNo, now);
      await this.membership.grantOrder(
        trx,
        {
          id: order.id,
          userId: order.userId,
          level: order.level,
          monthNum: order.monthNum,
          priceFen: order.priceFen,
          amountFen: order.amountFen,
        },
        now,
      );
      return 'granted';
    });
  }
}

function summarize(order: OrderRow): OrderSummary {
  return {
    orderNo: order.orderNo,
    status: order.status,
    kind: order.kind,
    level: order.level,
    levelLabel: userTypeLabel(order.level),
    monthNum: order.monthNum,
    price: fenToYuan(order.priceFen),
    credit: fenToYuan(order.creditFen),
    amount: fenToYuan(order.amountFen),
    payType: order.payType,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    expireTime: order.expiresAt.toISOString(),
  };
}
