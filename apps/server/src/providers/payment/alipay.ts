import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { AlipaySettings } from '../../config.js';
import { rsaSha256Sign, rsaSha256Verify, shanghaiTimestamp } from './keys.js';
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
 * Alipay face-to-face payment (当面付), the merchant shows a QR: `alipay.trade.precreate` with RSA2
 * (SHA256withRSA) signing, and the asynchronous notify verified against Alipay's public key.
 *
 * Signing (open API): every request parameter except `sign` and empty values, sorted by name, joined as
 * `k=v&k=v` (raw values, not URL-encoded), signed with the app's private key. The notify is verified the
 * same way over its parameters without `sign` and `sign_type`. A synchronous response is verified over the
 * raw JSON text of its `…_response` member.
 */
const METHOD = 'alipay.trade.precreate';
const RESPONSE_KEY = 'alipay_trade_precreate_response';

function signContent(params: Readonly<Record<string, string | undefined>>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The RSA2 signature of request parameters (everything but `sign`). */
export function signAlipayRequest(params: Readonly<Record<string, string>>, privateKey: KeyObject): string {
  return rsaSha256Sign(signContent(params, ['sign']), privateKey);
}

/** Verifies a notify's RSA2 signature over its parameters without `sign` and `sign_type`. */
export function verifyAlipayNotifyParams(params: Readonly<Record<string, string>>, publicKey: KeyObject): boolean {
  const sign = params.sign;
  if (!sign || params.sign_type !== 'RSA2') return false;
  return rsaSha256Verify(signContent(params, ['sign', 'sign_type']), sign, publicKey);
}

/** Signs notify parameters the way Alipay does (sign_type RSA2 included in the result, excluded from the content). */
export function signAlipayNotifyParams(
  params: Readonly<Record<string, string>>,
  privateKey: KeyObject,
): Record<string, string> {
  const withType = { ...params, sign_type: 'RSA2' };
  return { ...withType, sign: rsaSha256Sign(signContent(withType, ['sign', 'sign_type']), privateKey) };
}

/** Form body → parameters (application/x-www-form-urlencoded, UTF-8). Repeated names keep the first. */
export function parseFormBody(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) if (!(k in out)) out[k] = v;
  return out;
}

/** Yuan text ('12.30') → fen; NaN for anything that is not a money amount. */
export function moneyTextToFen(text: string | undefined): number {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/**
 * A verified Alipay-format notify → the event. Shared with the sandbox, whose notifies use this format and
 * its own key pair. `appId` must match the notify's app_id.
 */
export function readAlipayNotify(raw: RawNotify, publicKey: KeyObject, appId: string): NotifyEvent {
  const params = parseFormBody(raw.body);
  if (!params.out_trade_no || !params.trade_status)
    throw new NotifyRejectedError('bad_request', 'missing out_trade_no or trade_status');
  if (!verifyAlipayNotifyParams(params, publicKey))
    throw new NotifyRejectedError('bad_signature', 'RSA2 signature does not verify');
  if (params.app_id !== appId) throw new NotifyRejectedError('wrong_merchant', `app_id ${params.app_id ?? ''}`);
  const orderNo = params.out_trade_no;
  switch (params.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED': {
      const amountFen = moneyTextToFen(params.total_amount);
      if (!Number.isFinite(amountFen) || !params.trade_no)
        throw new NotifyRejectedError('bad_request', 'missing total_amount or trade_no');
      return { kind: 'paid', orderNo, amountFen, tradeNo: params.trade_no };
    }
    case 'TRADE_CLOSED':
      return { kind: 'closed', orderNo, tradeNo: params.trade_no ?? null };
    default:
      return { kind: 'pending', orderNo };
  }
}

/** Alipay expects the text `success` (anything else makes it retry, up to 8 times over 25 hours). */
export function alipayAck(ok: boolean): NotifyAck {
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
}

/** The signed parameters of an alipay.trade.precreate call. */
export function buildPrecreateParams(
  settings: Pick<AlipaySettings, 'appId' | 'notifyUrl'>,
  order: PrecreateOrder,
  privateKey: KeyObject,
  now: Date,
): Record<string, string> {
  const minutes = Math.max(1, Math.floor((order.expiresAt.getTime() - now.getTime()) / 60_000));
  const params: Record<string, string> = {
    app_id: settings.appId,
    method: METHOD,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: shanghaiTimestamp(now),
    version: '1.0',
    notify_url: settings.notifyUrl,
    biz_content: JSON.stringify({
      out_trade_no: order.orderNo,
      total_amount: (order.amountFen / 100).toFixed(2),
      subject: order.subject,
      timeout_express: `${minutes}m`,
    }),
  };
  return { ...params, sign: signAlipayRequest(params, privateKey) };
}

/** The raw JSON text of `"key": {...}` inside a response (the text Alipay signed). */
export function extractJsonMember(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return null;
  const start = text.indexOf('{', at + key.length + 2);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

const PrecreateResponse = z.object({
  code: z.string(),
  msg: z.string().optional(),
  sub_code: z.string().optional(),
  sub_msg: z.string().optional(),
  out_trade_no: z.string().optional(),
  qr_code: z.string().optional(),
});
const SignedEnvelope = z.object({ sign: z.string().min(1) });

/** Reads a precreate response: verifies its signature and answers the QR URL, or throws with Alipay's message. */
export function readPrecreateResponse(text: string, publicKey: KeyObject, orderNo: string): string {
  const member = extractJsonMember(text, RESPONSE_KEY) ?? extractJsonMember(text, 'error_response');
  if (member === null) throw new PaymentProviderError('alipay: unreadable precreate response');
  const body = PrecreateResponse.parse(JSON.parse(member));
  if (body.code !== '10000') {
    throw new PaymentProviderError(
      `alipay: ${body.code} ${body.sub_code ?? ''} ${body.sub_msg ?? body.msg ?? ''}`.trim(),
    );
  }
  const envelope = SignedEnvelope.safeParse(JSON.parse(text));
  if (!envelope.success || !rsaSha256Verify(member, envelope.data.sign, publicKey)) {
    throw new PaymentProviderError('alipay: precreate response signature does not verify');
  }
  if (!body.qr_code || body.out_trade_no !== orderNo)
    throw new PaymentProviderError('alipay: precreate response without qr_code');
  return body.qr_code;
}

export class AlipayProvider extends SignedProvider<AlipaySettings> implements PaymentProvider {
  readonly name = 'alipay' as const;

  constructor(settings: AlipaySettings, fetchImpl: FetchLike = fetch, clock: () => Date = () => new Date()) {
    super(settings, settings.alipayPublicKey, fetchImpl, clock);
  }

  async precreate(order: PrecreateOrder): Promise<PrecreateResult> {
    const params = buildPrecreateParams(this.settings, order, this.privateKey, this.clock());
    const response = await this.fetchImpl(this.settings.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    });
    const text = await response.text();
    if (response.status !== 200) throw new PaymentProviderError(`alipay: HTTP ${response.status}`);
    return { codeUrl: readPrecreateResponse(text, this.platformKey, order.orderNo) };
  }

  verifyNotify(raw: RawNotify): NotifyEvent {
    return readAlipayNotify(raw, this.platformKey, this.settings.appId);
  }

  ack(ok: boolean): NotifyAck {
    return alipayAck(ok);
  }
}
