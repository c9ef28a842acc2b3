import crypto, { type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { WechatPaySettings } from '../../config.js';
import { rsaSha256Sign, rsaSha256Verify, shanghaiRfc3339 } from './keys.js';
import {
  NotifyRejectedError,
  PaymentProviderError,
  SignedProvider,
  type FetchLike,
  type NotifyAck,
  type NotifyEvent,
  type PaymentProvider,
  type PrecreateOrder,
  type PrecreateResult,
  type RawNotify,
} from './payment-provider.js';

/**
 * WeChat Pay API v3, Native payment (the merchant shows a code_url QR).
 * - Requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",
 *   timestamp="…",serial_no="…"`, the signature being SHA256withRSA over
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` with the merchant's private key.
 * - Responses and notifies are signed by the platform: `Wechatpay-Signature` over
 *   `Wechatpay-Timestamp\nWechatpay-Nonce\nBODY\n`, checked with the platform public key.
 * - A notify's `resource` is AEAD_AES_256_GCM-encrypted with the APIv3 key (nonce and associated_data given;
 *   the last 16 bytes of the ciphertext are the tag).
 */
const NATIVE_PATH = '/v3/pay/transactions/native';
export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Notifies and responses older or newer than this are refused (replay of an old capture). */
export const WECHATPAY_MAX_SKEW_S = 300;

export interface AuthorizationInput {
  method: string;
  /** path with query, as sent: /v3/pay/transactions/native */
  urlPath: string;
  body: string;
  mchId: string;
  serialNo: string;
  timestamp: number;
  nonce: string;
}

export function wechatSignMessage(
  input: Pick<AuthorizationInput, 'method' | 'urlPath' | 'timestamp' | 'nonce' | 'body'>,
): string {
  return `${input.method}\n${input.urlPath}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
}

/** The Authorization header of a v3 request. */
export function wechatAuthorization(input: AuthorizationInput, privateKey: KeyObject): string {
  const signature = rsaSha256Sign(wechatSignMessage(input), privateKey);
  return (
    `${WECHATPAY_SCHEMA} mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",` +
    `timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

/** Parses an Authorization header back into its fields (used by tests and the local fake gateway). */
export function parseWechatAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${WECHATPAY_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(WECHATPAY_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    if (m[1] !== undefined && m[2] !== undefined) fields[m[1]] = m[2];
  }
  return fields;
}

export interface PlatformSignature {
  timestamp: string;
  nonce: string;
  signature: string;
  body: string;
}

/** Checks a platform signature (response or notify) over `timestamp\nnonce\nbody\n`. */
export function verifyWechatSignature(input: PlatformSignature, platformKey: KeyObject): boolean {
  return rsaSha256Verify(`${input.timestamp}\n${input.nonce}\n${input.body}\n`, input.signature, platformKey);
}

/** Signs like the platform does (tests and the local fake gateway hold a generated "platform" key). */
export function signAsWechatPlatform(
  timestamp: string,
  nonce: string,
  body: string,
  platformPrivateKey: KeyObject,
): string {
  return rsaSha256Sign(`${timestamp}\n${nonce}\n${body}\n`, platformPrivateKey);
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string | undefined;
  nonce: string;
}

/** AEAD_AES_256_GCM decryption of a notify resource with the APIv3 key. Throws when the tag does not match. */
export function decryptWechatResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The inverse, as the platform encrypts (tests and the local fake gateway). */
export function encryptWechatResource(
  plaintext: string,
  apiV3Key: string,
  associatedData = 'transaction',
): EncryptedResource {
  const nonce = crypto.randomBytes(6).toString('hex'); // 12 characters, as the platform sends
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: encrypted.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

const NotifyEnvelope = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().optional(),
    nonce: z.string(),
    original_type: z.string().optional(),
  }),
});

const Transaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  amount: z
    .object({ total: z.number().int(), payer_total: z.number().int().optional(), currency: z.string().optional() })
    .optional(),
});

const NativeResponse = z.object({ code_url: z.string().min(1) });
const ErrorResponse = z.object({ code: z.string().optional(), message: z.string().optional() });

function header(raw: RawNotify, name: string): string {
  return raw.headers[name] ?? raw.headers[name.toLowerCase()] ?? '';
}

export class WechatPayProvider extends SignedProvider<WechatPaySettings> implements PaymentProvider {
  readonly name = 'wechatpay' as const;

  constructor(settings: WechatPaySettings, fetchImpl: FetchLike = fetch, clock: () => Date = () => new Date()) {
    super(settings, settings.platformPublicKey, fetchImpl, clock);
  }

  /** The request a Native order sends (exported for tests through the provider). */
  buildNativeRequest(order: PrecreateOrder): { url: string; headers: Record<string, string>; body: string } {
    const body = JSON.stringify({
      appid: this.settings.appId,
      mchid: this.settings.mchId,
      description: order.subject,
      out_trade_no: order.orderNo,
      time_expire: shanghaiRfc3339(order.expiresAt),
      notify_url: this.settings.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    });
    const authorization = wechatAuthorization(
      {
        method: 'POST',
        urlPath: NATIVE_PATH,
        body,
        mchId: this.settings.mchId,
        serialNo: this.settings.serialNo,
        timestamp: Math.floor(this.clock().getTime() / 1000),
        nonce: crypto.randomBytes(16).toString('hex'),
      },
      this.privateKey,
    );
    return {
      url: `${this.settings.apiBaseUrl.replace(/\/+$/, '')}${NATIVE_PATH}`,
      headers: {
        authorization,
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'xg-server/wechatpay-v3',
      },
      body,
    };
  }

  async precreate(order: PrecreateOrder): Promise<PrecreateResult> {
    const request = this.buildNativeRequest(order);
    const response = await this.fetchImpl(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    if (response.status !== 200) {
      const error = ErrorResponse.safeParse(safeJson(text));
      const detail = error.success ? `${error.data.code ?? ''} ${error.data.message ?? ''}`.trim() : '';
      throw new PaymentProviderError(`wechatpay: HTTP ${response.status} ${detail}`.trim());
    }
    this.checkPlatformSignature(
      {
        timestamp: response.headers.get('wechatpay-timestamp') ?? '',
        nonce: response.headers.get('wechatpay-nonce') ?? '',
        signature: response.headers.get('wechatpay-signature') ?? '',
        serial: response.headers.get('wechatpay-serial') ?? '',
        body: text,
      },
      (reason) => new PaymentProviderError(`wechatpay: response ${reason}`),
    );
    const parsed = NativeResponse.safeParse(safeJson(text));
    if (!parsed.success) throw new PaymentProviderError('wechatpay: response without code_url');
    return { codeUrl: parsed.data.code_url };
  }

  verifyNotify(raw: RawNotify): NotifyEvent {
    this.checkPlatformSignature(
      {
        timestamp: header(raw, 'wechatpay-timestamp'),
        nonce: header(raw, 'wechatpay-nonce'),
        signature: header(raw, 'wechatpay-signature'),
        serial: header(raw, 'wechatpay-serial'),
        body: raw.body,
      },
      (reason, kind) => new NotifyRejectedError(kind, reason),
    );
    const envelope = NotifyEnvelope.safeParse(safeJson(raw.body));
    if (!envelope.success) throw new NotifyRejectedError('bad_request', 'unreadable notify envelope');
    let plaintext: string;
    try {
      plaintext = decryptWechatResource(envelope.data.resource, this.settings.apiV3Key);
    } catch (err) {
      throw new NotifyRejectedError(
        'bad_signature',
        `resource does not decrypt: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const tx = Transaction.safeParse(safeJson(plaintext));
    if (!tx.success) throw new NotifyRejectedError('bad_request', 'unreadable transaction');
    if (tx.data.mchid !== this.settings.mchId || tx.data.appid !== this.settings.appId) {
      throw new NotifyRejectedError('wrong_merchant', `mchid ${tx.data.mchid} appid ${tx.data.appid}`);
    }
    const orderNo = tx.data.out_trade_no;
    switch (tx.data.trade_state) {
      case 'SUCCESS':
        if (!tx.data.amount || !tx.data.transaction_id)
          throw new NotifyRejectedError('bad_request', 'paid without amount');
        return { kind: 'paid', orderNo, amountFen: tx.data.amount.total, tradeNo: tx.data.transaction_id };
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { kind: 'closed', orderNo, tradeNo: tx.data.transaction_id ?? null };
      default:
        return { kind: 'pending', orderNo };
    }
  }

  /** v3: 204 without a body takes the notify; a failure answers 4xx/5xx with {code, message}. */
  ack(ok: boolean): NotifyAck {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  private checkPlatformSignature<E extends Error>(
    input: PlatformSignature & { serial: string },
    fail: (reason: string, kind: 'bad_signature' | 'stale') => E,
  ): void {
    if (!input.timestamp || !input.nonce || !input.signature)
      throw fail('missing Wechatpay-* headers', 'bad_signature');
    if (this.settings.platformSerialNo && input.serial !== this.settings.platformSerialNo) {
      throw fail(`unknown platform serial ${input.serial}`, 'bad_signature');
    }
    const skew = Math.abs(this.clock().getTime() / 1000 - Number(input.timestamp));
    if (!Number.isFinite(skew) || skew > WECHATPAY_MAX_SKEW_S) throw fail('timestamp too old or too new', 'stale');
    if (!verifyWechatSignature(input, this.platformKey)) throw fail('signature does not verify', 'bad_signature');
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // not JSON: the schema check that follows reports it
  }
}
