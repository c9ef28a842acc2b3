/**
 * Answer envelopes of the two API families: api.bilibili.com `{code, message, ttl, data}` and
 * api.live.bilibili.com `{code, msg, message, data}`, plus the error answers the real hosts give.
 */
import { hexOf, Salt } from '../world/hash.js';

export interface ApiError {
  /** the HTTP status (the real API answers most errors with 200) */
  status: number;
  body: Record<string, unknown>;
}

export function ok<T>(data: T): { code: 0; message: '0'; ttl: 1; data: T } {
  return { code: 0, message: '0', ttl: 1, data };
}

export function liveOk<T>(data: T, msg = 'ok'): { code: 0; msg: string; message: string; data: T } {
  return { code: 0, msg, message: msg, data };
}

export function apiError(code: number, message: string, extra: Record<string, unknown> = {}, status = 200): ApiError {
  return { status, body: { code, message, ttl: 1, ...extra } };
}

export function liveError(code: number, message: string, data: unknown = []): ApiError {
  return { status: 200, body: { code, msg: message, message, data } };
}

export const badRequest = (): ApiError => apiError(-400, '请求错误');
export const notFound = (): ApiError => apiError(-404, '啥都木有');
export const invisible = (): ApiError => apiError(62002, '稿件不可见');
/** −412: the gateway blocked the request; served with HTTP 412 like the real gateway. */
export const blocked = (): ApiError => apiError(-412, '请求被拦截', { data: null }, 412);
export const forbidden = (): ApiError => apiError(-403, '访问权限不足');

/** −352: risk control; the real API adds a captcha voucher. */
export function riskControl(seed: number, n: number): ApiError {
  return apiError(-352, '风控校验失败', {
    data: {
      v_voucher: `voucher_${hexOf(8, seed, Salt.fault, n, 1)}-${hexOf(4, seed, Salt.fault, n, 2)}-${hexOf(4, seed, Salt.fault, n, 3)}-${hexOf(4, seed, Salt.fault, n, 4)}-${hexOf(12, seed, Salt.fault, n, 5)}`,
    },
  });
}
