/**
 * Cookies the client sends: the operator's optional BILIBILI_COOKIE (e.g. SESSDATA for upstat) plus a
 * `buvid3` device id, which search requires and WBI endpoints expect. A buvid3 comes from, in order:
 * the operator's cookie, `x/frontend/finger/spi` (`data.b_3`), the `Set-Cookie` of www.bilibili.com's
 * home page, or — when neither answers — one generated locally in the platform's format
 * (an upper-case UUID, five digits of the current milliseconds, then `infoc`).
 */
import crypto from 'node:crypto';

export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

export function formatCookieHeader(cookies: ReadonlyMap<string, string>): string {
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

export function generateBuvid3(nowMs: number = Date.now()): string {
  const uuid = crypto.randomUUID().toUpperCase();
  const tail = String(nowMs % 100_000).padStart(5, '0');
  return `${uuid}${tail}infoc`;
}

/** The buvid3 value among `Set-Cookie` headers, or null. */
export function buvidFromSetCookie(setCookies: readonly string[]): string | null {
  for (const line of setCookies) {
    const first = line.split(';')[0] ?? '';
    const eq = first.indexOf('=');
    if (eq > 0 && first.slice(0, eq).trim() === 'buvid3') {
      const value = first.slice(eq + 1).trim();
      if (value) return value;
    }
  }
  return null;
}
