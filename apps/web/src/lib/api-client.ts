import { ApiCode, Msg, signHeaders } from '@xg/shared';
import { DecodeError, decode, type Decoder } from './decode';
import { API_BASE } from './env';
import { feedback } from './feedback';
import { clearSession, getToken, isKickedOut, markKickedOut } from './session';

/**
 * The one HTTP client of the web app. It signs every request (§7), sends GET/DELETE parameters as a query
 * string and POST/PUT parameters as a form body, times out after 60 s and handles the answer envelope of
 * spec §8 once, so pages only see a decoded answer or an ApiError.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Reload delay after a code-0 or 401 logout (§4, §8). */
const FORCED_LOGOUT_RELOAD_MS = 1_500;

export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout' | 'aborted' | 'decode';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** Envelope code, or the HTTP status for kind 'http'. */
    readonly code: number,
    message: string,
    /** The whole answer body of an envelope error (e.g. −1 with `feature` and `upgradeTarget` from a gate). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A user-facing text for any error a query or mutation can end with. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || Msg.serverError;
  return Msg.serverError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequest<T> {
  method?: HttpMethod;
  /** Path under /api, e.g. `/api/gologin`. */
  path: string;
  params?: ApiParams;
  decoder: Decoder<T>;
  signal?: AbortSignal;
  /** Do not toast ordinary failures (other codes, HTTP and network errors); session codes still apply. */
  quiet?: boolean;
  /**
   * A call that may answer a file (an export, §7.6): a successful answer that is not JSON is handed here with
   * its file name; a JSON answer goes through the envelope as usual (−1/−3 show their message, §8).
   */
  file?: (blob: Blob, fileName: string) => T;
}

const NETWORK_ERROR_TEXT = '网络连接失败，请检查网络后重试';
const TIMEOUT_TEXT = '请求超时，请稍后重试';
const BAD_ANSWER_TEXT = '服务返回的数据格式有误，请稍后再试';
const OUTAGE_TEXT = '服务暂时不可用，请稍后再试';

let forcedLogoutScheduled = false;

function scheduleForcedLogout(): void {
  if (forcedLogoutScheduled) return;
  forcedLogoutScheduled = true;
  clearSession();
  window.setTimeout(() => window.location.reload(), FORCED_LOGOUT_RELOAD_MS);
}

function toSearchParams(params: ApiParams | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (!params) return search;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  return search;
}

function buildHeaders(path: string): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const signed = signHeaders({ path, token: getToken() });
  for (const [name, value] of Object.entries(signed)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return headers;
}

function toastError(text: string, quiet: boolean | undefined): void {
  if (!quiet) feedback().message.error({ content: text, key: `api-error-${text}` });
}

interface Envelope {
  code: number;
  message: string;
}

function readEnvelope(body: unknown): Envelope | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const code = typeof body.code === 'number' ? body.code : Number(body.code);
  if (!Number.isFinite(code)) return null;
  const message = 'message' in body && typeof body.message === 'string' ? body.message : '';
  return { code, message };
}

async function readJson(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw; // not JSON: callers treat a string body as a plain message
  }
}

function handleEnvelope<T>(envelope: Envelope, body: unknown, request: ApiRequest<T>): T {
  const { message, modal } = feedback();
  switch (envelope.code) {
    case ApiCode.OK:
      try {
        return decode(request.decoder, body);
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        console.error(`[api] ${request.path}: ${error.message}`);
        toastError(BAD_ANSWER_TEXT, request.quiet);
        throw new ApiError('decode', envelope.code, BAD_ANSWER_TEXT);
      }
    case ApiCode.PENDING:
    case ApiCode.WARN:
      message.warning({ content: envelope.message || Msg.serverError, key: `api-warn-${envelope.message}` });
      throw new ApiError('envelope', envelope.code, envelope.message);
    case ApiCode.KICKED:
      if (markKickedOut()) {
        modal.warning({
          title: '下线通知',
          content: Msg.kickedOut,
          okText: '确定',
          keyboard: false,
          onOk: () => {
            clearSession();
            window.location.assign('/index');
          },
        });
      }
      throw new ApiError('envelope', envelope.code, Msg.kickedOut);
    case ApiCode.LOGOUT:
      if (!isKickedOut() && !forcedLogoutScheduled) {
        message.warning({ content: envelope.message || Msg.sessionExpired, key: 'api-logout' });
        scheduleForcedLogout();
      }
      throw new ApiError('envelope', envelope.code, envelope.message || Msg.sessionExpired);
    default:
      toastError(envelope.message || Msg.serverError, request.quiet);
      throw new ApiError('envelope', envelope.code, envelope.message || Msg.serverError, body);
  }
}

function handleHttpError(response: Response, body: unknown, hadToken: boolean, quiet: boolean | undefined): never {
  const { notification } = feedback();
  const envelope = readEnvelope(body);
  if (response.status === 401) {
    notification.error({ key: 'api-401', title: Msg.unauthorizedTitle, description: Msg.unauthorizedText });
    if (hadToken) scheduleForcedLogout();
    throw new ApiError('http', 401, Msg.unauthorizedText);
  }
  if (response.status === 403) {
    const text = envelope?.message || (typeof body === 'string' ? body.slice(0, 200) : '');
    notification.error({ key: 'api-403', title: Msg.forbiddenTitle, description: text });
    throw new ApiError('http', 403, text || Msg.forbiddenTitle);
  }
  const text = envelope?.message || (response.status >= 502 && response.status <= 504 ? OUTAGE_TEXT : Msg.serverError);
  toastError(text, quiet);
  throw new ApiError('http', response.status, text);
}

export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  const method = request.method ?? 'GET';
  const hadToken = getToken() !== null;
  const headers = buildHeaders(request.path);
  const search = toSearchParams(request.params);
  let url = `${API_BASE}${request.path}`;
  let body: URLSearchParams | undefined;
  if (method === 'GET' || method === 'DELETE') {
    const query = search.toString();
    if (query) url += `${url.includes('?') ? '&' : '?'}${query}`;
  } else {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = search;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const outer = request.signal;
  const handleOuterAbort = (): void => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', handleOuterAbort, { once: true });

  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: controller.signal });
      const type = response.headers.get('content-type') ?? '';
      if (request.file && response.ok && !type.includes('json')) {
        return request.file(await response.blob(), attachmentName(response.headers.get('content-disposition')));
      }
      payload = await readJson(response);
    } catch (error) {
      if (timedOut) {
        toastError(TIMEOUT_TEXT, request.quiet);
        throw new ApiError('timeout', 0, TIMEOUT_TEXT);
      }
      if (outer?.aborted) throw new ApiError('aborted', 0, '请求已取消');
      console.error(`[api] ${request.path}`, error);
      toastError(NETWORK_ERROR_TEXT, request.quiet);
      throw new ApiError('network', 0, NETWORK_ERROR_TEXT);
    }
    if (!response.ok) handleHttpError(response, payload, hadToken, request.quiet);
    const envelope = readEnvelope(payload);
    if (!envelope) {
      toastError(BAD_ANSWER_TEXT, request.quiet);
      throw new ApiError('decode', 0, BAD_ANSWER_TEXT);
    }
    return handleEnvelope(envelope, payload, request);
  } finally {
    window.clearTimeout(timer);
    outer?.removeEventListener('abort', handleOuterAbort);
  }
}

/** The file name of a Content-Disposition header (RFC 6266 filename* first). */
export function attachmentName(header: string | null): string {
  if (!header) return 'download';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? 'download';
}

export function apiGet<T>(
  path: string,
  params: ApiParams | undefined,
  decoder: Decoder<T>,
  options?: { signal?: AbortSignal; quiet?: boolean },
): Promise<T> {
  return apiRequest({ method: 'GET', path, params, decoder, ...options });
}

export function apiPost<T>(
  path: string,
  params: ApiParams | undefined,
  decoder: Decoder<T>,
  options?: { signal?: AbortSignal; quiet?: boolean },
): Promise<T> {
  return apiRequest({ method: 'POST', path, params, decoder, ...options });
}
