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
 * so does a replay: the same sign for the same (timetemp, token, path) seen again within the skew window.
 *
 * What the sign is: a tamper and staleness check, not access control. Its secret ships in the web bundle,
 * and it covers neither the method, the query, nor the body (spec §7), so anyone who reads the bundle can
 * sign any call. Every permission, owner, tier and quota check is made by the route itself from the
 * session token (docs/api/accounts.md, "What the request sign protects").
 *
 * The path checked is the one the router dispatched on (`routedPath`), never the raw request target, so
 * an absolute-form target (`GET http://host/api/…`), a trailing slash or a percent-encoded spelling of a
 * route is checked like its plain form.
 */
const EXEMPT = [
  /^\/api\/health$/,
  /^\/api\/valicode\.jpg$/,
  /^\/api\/sandbox\//,
  /^\/api\/notify\//,
  /^\/api\/wechat\/event$/,
  /^\/api\/assets\//,
  /^\/api\/export\/file$/,
  // the API description page and its files (a browser navigation carries no sign); the document itself is
  // guarded by the session token (operators) or sandbox-local (modules/api-docs)
  /^\/api\/docs(\/|$)/,
];

export function isSignExempt(urlPath: string): boolean {
  return EXEMPT.some((re) => re.test(urlPath));
}

/**
 * The path of the request as the router saw it. A matched route gives its pattern with the parameters the
 * router extracted put back (so `/api/user/userInfo/`, `http://x/api/user/userInfo` and
 * `/api/user/%75serInfo` all give `/api/user/userInfo`); an unmatched request gives its target's path
 * part, reduced the same way (absolute form dropped, percent-decoded, repeated and trailing slashes folded).
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) {
    const params = (request.params ?? {}) as Record<string, unknown>;
    return pattern
      .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => text(params[name]))
      .replace(/\*$/, () => text(params['*']));
  }
  return targetPath(request.raw.url ?? request.url);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The path part of a request target, in the router's reading (see routedPath). */
export function targetPath(target: string): string {
  let rest = target;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length) || '/';
  rest = rest.split(/[?#]/)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    decoded = rest;
  }
  decoded = decoded.replace(/\/{2,}/g, '/');
  if (!decoded.startsWith('/')) decoded = `/${decoded}`;
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

/** Checks the sign headers of a request whose routed path is `urlPath`. */
export function verifySign(request: FastifyRequest, urlPath: string, now = Date.now()): void {
  const timetemp = header(request, 'timetemp');
  const sign = header(request, 'sign');
  const encrypt = header(request, 'encrypt');
  const token = header(request, 'user-token');
  if (!timetemp || !sign || !encrypt || !/^\d{10,16}$/.test(timetemp)) throw AppError.forbidden(Msg.signInvalid);
  if (Math.abs(now - Number(timetemp)) > SIGN_MAX_SKEW_MS) throw AppError.forbidden(Msg.signStale);
  if (!safeEqual(sign, computeSign(timetemp, urlPath, token))) throw AppError.forbidden(Msg.signInvalid);
}

/**
 * The replay key: exactly what the sign covers (timetemp, path, token) and the sign itself. `encrypt`,
 * the query and the body are not in it — the sign does not cover them, so changing them does not make a
 * new request (spec §7). The web client never sends two calls with the same timetemp (signHeaders keeps
 * its timestamps strictly increasing), so two honest calls never share a key.
 */
export function replayKey(request: FastifyRequest, urlPath: string): string {
  return JSON.stringify([header(request, 'timetemp'), urlPath, header(request, 'user-token'), header(request, 'sign')]);
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
  // A timetemp is accepted ±SIGN_MAX_SKEW_MS around now, so a key must be remembered twice that long.
  const replays = new ReplayCache(2 * SIGN_MAX_SKEW_MS);
  app.addHook('onRequest', (request, _reply, done) => {
    const urlPath = routedPath(request);
    if (!(urlPath.startsWith('/api/') || urlPath === '/api') || isSignExempt(urlPath)) return done();
    try {
      verifySign(request, urlPath);
      // Only verified requests are recorded, so forged ones cannot fill the cache.
      if (!replays.remember(replayKey(request, urlPath))) throw AppError.forbidden(AccountMsg.signReplayed);
    } catch (err) {
      return done(err instanceof Error ? err : new Error(String(err)));
    }
    done();
  });
}
