import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountMsg, SIGN_MAX_SKEW_MS, computeSign, Msg } from '@xg/shared';
import { AppError } from '../lib/app-error.js';
import { safeEqual } from '../lib/tokens.js';

/**
 * Verifies the `sign`/`timetemp`/`encrypt` headers of spec §7 on every /api call, except the few that a
 * browser loads without script (an <img> captcha or preset picture, health probes, sandbox pages, provider
 * callbacks: payment notifies and the WeChat event push, which carry their own signatures; an export's
 * download link, which carries its own token).
 * A stale timestamp or a forged sign gets HTTP 403 with a clear message (shown as the Forbidden notice), and
 * so does a replay: the same (timetemp, encrypt, sign) seen again within the skew window.
 */
const EXEMPT = [
  /^\/api\/health$/,
  /^\/api\/valicode\.jpg$/,
  /^\/api\/sandbox\//,
  /^\/api\/notify\//,
  /^\/api\/wechat\/event$/,
  /^\/api\/assets\//,
  /^\/api\/export\/file$/,
];

export function isSignExempt(urlPath: string): boolean {
  return EXEMPT.some((re) => re.test(urlPath));
}

export function verifySign(request: FastifyRequest, now = Date.now()): void {
  const urlPath = request.url.split('?')[0] ?? '';
  const timetemp = header(request, 'timetemp');
  const sign = header(request, 'sign');
  const encrypt = header(request, 'encrypt');
  const token = header(request, 'user-token');
  if (!timetemp || !sign || !encrypt || !/^\d{10,16}$/.test(timetemp)) throw AppError.forbidden(Msg.signInvalid);
  if (Math.abs(now - Number(timetemp)) > SIGN_MAX_SKEW_MS) throw AppError.forbidden(Msg.signStale);
  if (!safeEqual(sign, computeSign(timetemp, urlPath, token))) throw AppError.forbidden(Msg.signInvalid);
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Remembers keys for a time-to-live, in process memory, bounded: past `maxEntries` the expired keys are
 * dropped, then the oldest ones. A key seen again while remembered is a replay.
 *
 * Process memory is enough for one API node. A multi-node deployment moves this to PostgreSQL (an UNLOGGED
 * table with a unique key and a periodic purge) or Redis (SET key NX PX ttl), so a request replayed to
 * another node is caught too.
 */
export class ReplayCache {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records `key`; false when it was already recorded and has not expired (a replay). */
  remember(key: string): boolean {
    const now = this.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    if (until !== undefined) this.seen.delete(key); // re-inserted below, at the young end
    if (this.seen.size >= this.maxEntries) this.evict(now);
    this.seen.set(key, now + this.ttlMs);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  private evict(now: number): void {
    // Map iteration is insertion order and every entry has the same ttl: the expired ones come first.
    for (const [key, until] of this.seen) {
      if (until > now && this.seen.size < this.maxEntries) break;
      this.seen.delete(key);
    }
  }
}

export function registerSignCheck(app: FastifyInstance): void {
  // A timetemp is accepted ±SIGN_MAX_SKEW_MS around now, so a triple must be remembered twice that long.
  const replays = new ReplayCache(2 * SIGN_MAX_SKEW_MS);
  app.addHook('onRequest', (request, _reply, done) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (!urlPath.startsWith('/api/') || isSignExempt(urlPath)) return done();
    try {
      verifySign(request);
      // Only verified requests are recorded, so forged ones cannot fill the cache.
      const key = `${header(request, 'timetemp')}:${header(request, 'encrypt')}:${header(request, 'sign')}`;
      if (!replays.remember(key)) throw AppError.forbidden(AccountMsg.signReplayed);
    } catch (err) {
      return done(err instanceof Error ? err : new Error(String(err)));
    }
    done();
  });
}
