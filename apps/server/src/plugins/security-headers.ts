import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { referrerPolicyFor } from '@xg/shared';

/**
 * Security headers on every answer (issue #14; docs/decisions.md "Security headers"). Kept apart from the
 * static-file delivery (compression, cache headers) so both can change independently.
 *
 * - Content-Security-Policy. HTML (the app and the server's own sandbox / return pages): scripts only from
 *   this origin (Vite emits no inline script); styles from this origin plus inline ones, which antd's CSS-in-JS
 *   (<style> elements it inserts) and ECharts / antd style attributes need; images from this origin, data:
 *   and blob: (chart exports, QR codes) and https: (avatars and covers from the platform's CDNs); requests to
 *   this origin only; forms post here only; no plugins; no <base> elsewhere; never framed (no page of ours is
 *   meant to be framed: the sandbox pay and scan pages open in their own tab). Other answers (JSON, files):
 *   `default-src 'none'; frame-ancestors 'none'`, so a JSON answer opened as a document runs nothing.
 * - X-Frame-Options DENY (browsers without frame-ancestors), X-Content-Type-Options nosniff everywhere.
 * - Referrer-Policy per spec §2.5: "always" (unsafe-url) on the HTML of /, /index, /index2 and /customPage,
 *   "never" (no-referrer) on every other page and every API answer.
 * - Strict-Transport-Security only on answers to HTTPS requests (directly, or through a trusted proxy that
 *   says so); HSTS belongs at the TLS terminator — README, "Security headers".
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

/** SVG pictures (preset avatars, the logo) may style themselves; nothing else. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** 180 days; sent only over HTTPS. */
export const HSTS = 'max-age=15552000';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const type = String(reply.getHeader('content-type') ?? '');
  const html = type.startsWith('text/html');
  const path = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  const svg = type.startsWith('image/svg+xml');
  void reply.header('content-security-policy', html ? APP_CSP : svg ? SVG_CSP : NON_HTML_CSP);
  void reply.header('x-frame-options', 'DENY');
  void reply.header('x-content-type-options', 'nosniff');
  const always = html && !path.startsWith('/api/') && referrerPolicyFor(path) === 'always';
  void reply.header('referrer-policy', always ? 'unsafe-url' : 'no-referrer');
  void reply.header('permissions-policy', PERMISSIONS_POLICY);
  if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  void reply.header('x-request-id', request.id);
}

/** A client's X-Request-Id is kept only when short and of safe characters (it goes into every log line). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the client's X-Request-Id when it is at most 64 characters of letters, digits and
 * `. _ : -` (a proxy's or a load balancer's id), otherwise a fresh UUID.
 */
export function requestIdOf(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
