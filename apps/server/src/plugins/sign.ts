import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGN_MAX_SKEW_MS, computeSign, Msg } from '@xg/shared';
import { AppError } from '../lib/app-error.js';
import { safeEqual } from '../lib/tokens.js';

/**
 * Verifies the `sign`/`timetemp`/`encrypt` headers of spec §7 on every /api call, except the few that a
 * browser loads without script (an <img> captcha, health probes, sandbox pages, provider callbacks).
 * A stale timestamp or a forged sign gets HTTP 403 with a clear message (shown as the Forbidden notice).
 */
const EXEMPT = [/^\/api\/health$/, /^\/api\/valicode\.jpg$/, /^\/api\/sandbox\//, /^\/api\/notify\//];

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

export function registerSignCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (!urlPath.startsWith('/api/') || isSignExempt(urlPath)) return;
    verifySign(request);
  });
}
