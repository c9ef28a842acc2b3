import crypto from 'node:crypto';
import { z } from 'zod';
import type { AliyunSmsSettings } from '../../config.js';
import type { SmsCodeMessage, SmsProvider } from './sms-provider.js';

/**
 * Aliyun 短信服务 (Dysmsapi, API version 2017-05-25): the SendSms RPC call, signed with HMAC-SHA1 per Aliyun's
 * RPC signature v1:
 *   canonical = the parameters (all but Signature) sorted by name, each `enc(name)=enc(value)`, joined by &
 *   stringToSign = METHOD & enc("/") & enc(canonical)
 *   Signature = base64(HMAC-SHA1(key = AccessKeySecret + "&", stringToSign))
 * where enc is RFC 3986 percent-encoding (unreserved A–Z a–z 0–9 - _ . ~ stay; space is %20, * is %2A).
 * One template with a ${code} variable serves every code type.
 */

export const DYSMS_API_VERSION = '2017-05-25';
const TIMEOUT_MS = 10_000;

/** The subset of fetch this provider uses (tests pass their own; no network in tests). */
export type HttpPost = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/** RFC 3986 percent-encoding as Aliyun's POP signature wants it. */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Sorted by parameter name (byte order: every name is ASCII) and percent-encoded. */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k] ?? '')}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string {
  return `${method}&${popEncode('/')}&${popEncode(canonicalQuery(params))}`;
}

export function rpcSignature(method: 'GET' | 'POST', params: Readonly<Record<string, string>>, secret: string): string {
  return crypto.createHmac('sha1', `${secret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** 2026-01-02T03:04:05Z: ISO 8601 in UTC without milliseconds, as the RPC Timestamp wants it. */
export function rpcTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export interface SendSmsInput {
  phone: string;
  code: string;
  timestamp: Date;
  nonce: string;
}

/** Every parameter of one SendSms call except Signature. */
export function sendSmsParams(settings: AliyunSmsSettings, input: SendSmsInput): Record<string, string> {
  return {
    AccessKeyId: settings.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: input.phone,
    RegionId: settings.regionId,
    SignName: settings.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: input.nonce,
    SignatureVersion: '1.0',
    TemplateCode: settings.templateCode,
    TemplateParam: JSON.stringify({ code: input.code }),
    Timestamp: rpcTimestamp(input.timestamp),
    Version: DYSMS_API_VERSION,
  };
}

/** The form body of a signed SendSms POST. */
export function signedSendSmsBody(settings: AliyunSmsSettings, input: SendSmsInput): string {
  const params = sendSmsParams(settings, input);
  return `${canonicalQuery(params)}&Signature=${popEncode(rpcSignature('POST', params, settings.accessKeySecret))}`;
}

const SendSmsAnswer = z.object({
  Code: z.string(),
  Message: z.string().optional(),
  RequestId: z.string().optional(),
});

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private readonly settings: AliyunSmsSettings,
    private readonly post: HttpPost = (url, init) => fetch(url, init),
    private readonly now: () => Date = () => new Date(),
  ) {}

  async sendCode({ phone, code }: SmsCodeMessage): Promise<void> {
    const body = signedSendSmsBody(this.settings, {
      phone,
      code,
      timestamp: this.now(),
      nonce: crypto.randomUUID(),
    });
    const res = await this.post(`${this.settings.endpoint.replace(/\/+$/, '')}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = SendSmsAnswer.safeParse(parseJson(await res.text()));
    if (!answer.success) throw new Error(`aliyun SendSms: HTTP ${res.status}, unexpected answer`);
    const { Code, Message, RequestId } = answer.data;
    if (Code !== 'OK')
      throw new Error(`aliyun SendSms: HTTP ${res.status} ${Code} ${Message ?? ''} (request ${RequestId ?? '?'})`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // reported as an unexpected answer
  }
}
