import crypto from 'node:crypto';
import { SCENE_PATTERN } from './wechat-provider.js';

/**
 * The official account's event push (消息推送, plaintext mode): every request carries `signature`,
 * `timestamp` and `nonce` in its query, where signature = sha1 of the three strings token, timestamp, nonce
 * sorted and concatenated. The body (POST) is a small flat XML document; the QR sign-in needs two events:
 *   subscribe (a new follower scanned a parametric QR): EventKey = "qrscene_" + scene
 *   SCAN (an existing follower scanned it):            EventKey = scene
 */

/** A push whose timestamp is further than this from our clock is refused (a stale or replayed push). */
export const WECHAT_PUSH_MAX_SKEW_SECONDS = 5 * 60;

export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export interface PushQuery {
  signature?: unknown;
  timestamp?: unknown;
  nonce?: unknown;
}

/**
 * True when the push is signed with our token and is recent. Without a configured token nothing is ever
 * accepted. The comparison is constant-time.
 */
export function checkWechatSignature(token: string | undefined, query: PushQuery, nowMs: number = Date.now()): boolean {
  const { signature, timestamp, nonce } = query;
  if (!token || typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string')
    return false;
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length === 0 || nonce.length > 64 || !/^[0-9a-f]{40}$/i.test(signature))
    return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WECHAT_PUSH_MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Parses the flat `<xml><Name>value</Name>…</xml>` of a push into its fields (CDATA or escaped text).
 * Nested elements are flattened (their leaves become fields); a DOCTYPE or anything that is not an <xml>
 * document gives null. No entity other than the five predefined ones and character references is expanded.
 */
export function parseWechatXml(xml: string): Record<string, string> | null {
  const doc = xml.trim();
  if (/<!DOCTYPE|<!ENTITY/i.test(doc)) return null;
  const root = /^(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>$/.exec(doc);
  if (!root) return null;
  const fields: Record<string, string> = {};
  const field = /<([A-Za-z_][A-Za-z0-9_]*)>\s*(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))\s*<\/\1>/g;
  for (const m of (root[1] ?? '').matchAll(field)) {
    const name = m[1] ?? '';
    if (!(name in fields)) fields[name] = m[2] ?? decodeEntities((m[3] ?? '').trim());
  }
  return fields;
}

export interface ScanEvent {
  event: 'subscribe' | 'SCAN';
  openid: string;
  scene: string;
  /** our official account's id (ToUserName), for a passive reply */
  account: string;
}

/** The QR scan in a push, or null for any other message or event (which are acknowledged and ignored). */
export function toScanEvent(fields: Readonly<Record<string, string>>): ScanEvent | null {
  if (fields.MsgType !== 'event') return null;
  const openid = fields.FromUserName ?? '';
  const account = fields.ToUserName ?? '';
  const key = fields.EventKey ?? '';
  const event = fields.Event;
  let scene: string;
  if (event === 'subscribe') {
    if (!key.startsWith('qrscene_')) return null; // followed without a parametric QR
    scene = key.slice('qrscene_'.length);
  } else if (event === 'SCAN') {
    scene = key;
  } else {
    return null;
  }
  if (!openid || openid.length > 128 || !SCENE_PATTERN.test(scene)) return null;
  return { event, openid, scene, account };
}

function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** A passive text reply (被动回复) to the WeChat user who sent the push. */
export function textReply(input: { toUser: string; fromAccount: string; content: string; nowMs?: number }): string {
  const created = Math.floor((input.nowMs ?? Date.now()) / 1000);
  return (
    `<xml><ToUserName>${cdata(input.toUser)}</ToUserName><FromUserName>${cdata(input.fromAccount)}</FromUserName>` +
    `<CreateTime>${created}</CreateTime><MsgType>${cdata('text')}</MsgType><Content>${cdata(input.content)}</Content></xml>`
  );
}
