import crypto, { type KeyObject } from 'node:crypto';
import { alipayAck, readAlipayNotify, signAlipayNotifyParams } from './alipay.js';
import { shanghaiTimestamp } from './keys.js';
import type {
  NotifyAck,
  NotifyEvent,
  PaymentProvider,
  PrecreateOrder,
  PrecreateResult,
  RawNotify,
} from './payment-provider.js';

/** app_id of sandbox notifies. */
export const SANDBOX_APP_ID = 'sandbox';

/**
 * The sandbox provider (sandbox mode, both pay types): its QR opens the local pay page
 * (GET /api/sandbox/pay?orderNo=…&key=…, the key proving the link came from the owner's confirmPay). When the payer confirms or cancels there, the sandbox plays the
 * provider: it signs an Alipay-format notify with an RSA key pair generated when it is first used and posts
 * it to /api/notify/sandbox, which verifies it with the same code as a real Alipay notify. No real money,
 * and no way around the notify route.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private keys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;
  /** signs pay-link keys; per process like the notify key pair (a restart invalidates open links) */
  private readonly linkSecret = crypto.randomBytes(32);

  constructor(private readonly publicBaseUrl: string | null) {}

  precreate(order: PrecreateOrder): Promise<PrecreateResult> {
    const base = this.publicBaseUrl ?? order.origin;
    const orderNo = encodeURIComponent(order.orderNo);
    return Promise.resolve({
      codeUrl: `${base}/api/sandbox/pay?orderNo=${orderNo}&key=${this.linkKey(order.orderNo)}`,
    });
  }

  /**
   * The pay link's key (issue #14): only confirmPay's answer to the order's owner carries it, so the page and
   * its confirm / cancel need no session (a phone opens the QR) and nobody else can see or change the order.
   */
  linkKey(orderNo: string): string {
    return crypto
      .createHmac('sha256', this.linkSecret)
      .update(`sandbox-pay:${orderNo}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** Whether `key` is the pay-link key of `orderNo` (constant time). */
  checkLinkKey(orderNo: string, key: string): boolean {
    const expected = Buffer.from(this.linkKey(orderNo));
    const given = Buffer.from(key);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  verifyNotify(raw: RawNotify): NotifyEvent {
    return readAlipayNotify(raw, this.keyPair().publicKey, SANDBOX_APP_ID);
  }

  ack(ok: boolean): NotifyAck {
    return alipayAck(ok);
  }

  /** The form body of the notify the sandbox sends for a payment ('paid') or a cancelled one ('closed'). */
  signedNotify(
    order: { orderNo: string; amountFen: number },
    outcome: 'paid' | 'closed',
    now: Date = new Date(),
  ): string {
    const total = (order.amountFen / 100).toFixed(2);
    const params: Record<string, string> = {
      notify_time: shanghaiTimestamp(now),
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID().replace(/-/g, ''),
      app_id: SANDBOX_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `SBX${order.orderNo}`,
      out_trade_no: order.orderNo,
      trade_status: outcome === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      total_amount: total,
      ...(outcome === 'paid' ? { receipt_amount: total, gmt_payment: shanghaiTimestamp(now) } : {}),
    };
    return new URLSearchParams(signAlipayNotifyParams(params, this.keyPair().privateKey)).toString();
  }

  private keyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
    this.keys ??= crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.keys;
  }
}
