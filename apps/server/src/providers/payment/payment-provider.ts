import type { KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from './keys.js';

/**
 * Online payment providers (spec §4 payment flow, §7.2). Each provider creates a payment QR for an order
 * (`precreate`) and verifies the provider's asynchronous notify (`verifyNotify`); what a verified payment
 * grants is the payment service's business. Implementations: Alipay face-to-face (alipay.ts), WeChat Pay v3
 * Native (wechatpay.ts) and the sandbox (sandbox.ts), whose pay page notifies through the same route.
 */
export type ProviderName = 'alipay' | 'wechatpay' | 'sandbox';

export interface PrecreateOrder {
  orderNo: string;
  amountFen: number;
  /** what the payer sees, e.g. 霞光数据 专业版 12个月 */
  subject: string;
  expiresAt: Date;
  /** origin of the request that made the order (the sandbox QR points there when no public base URL is set) */
  origin: string;
}

export interface PrecreateResult {
  /** the URL to encode in the QR (Alipay qr_code, WeChat code_url, the sandbox pay page) */
  codeUrl: string;
}

/** A notify as received: the headers and the body exactly as sent (signatures cover the raw text). */
export interface RawNotify {
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
}

export type NotifyEvent =
  | { kind: 'paid'; orderNo: string; amountFen: number; tradeNo: string }
  | { kind: 'closed'; orderNo: string; tradeNo: string | null }
  | { kind: 'pending'; orderNo: string };

/** What the notify route answers the provider. */
export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

export type NotifyRejection = 'bad_request' | 'bad_signature' | 'stale' | 'wrong_merchant';

/** A notify that must not be trusted: it changes nothing. */
export class NotifyRejectedError extends Error {
  constructor(
    readonly reason: NotifyRejection,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'NotifyRejectedError';
  }
}

/** The provider refused or could not create the payment. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  precreate(order: PrecreateOrder): Promise<PrecreateResult>;
  /** Throws NotifyRejectedError when the notify is not authentic (signature, merchant, age) or unreadable. */
  verifyNotify(raw: RawNotify, now?: Date): NotifyEvent;
  /** The answer that tells the provider the notify was taken (ok) or should be retried (not ok). */
  ack(ok: boolean): NotifyAck;
}

/** The fetch this module uses (injectable for tests; never a real provider in tests). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

/**
 * What a signed payment provider holds (Alipay, WeChat Pay): its settings, our private key (requests and answers we
 * sign) and the platform's public key (its answers and notifies we verify), with the fetch and the clock it uses
 * (both injected by tests).
 */
export abstract class SignedProvider<S extends { privateKey: string }> {
  protected readonly privateKey: KeyObject;
  protected readonly platformKey: KeyObject;

  protected constructor(
    protected readonly settings: S,
    platformPublicKey: string,
    protected readonly fetchImpl: FetchLike,
    protected readonly clock: () => Date,
  ) {
    this.privateKey = loadPrivateKey(settings.privateKey);
    this.platformKey = loadPublicKey(platformPublicKey);
  }
}
