import { z } from 'zod';
import type { WechatSettings } from '../../config.js';
import type { CreateQrInput, WechatProvider, WechatQr } from './wechat-provider.js';

/**
 * The real provider: a WeChat official account (服务号) through its server API.
 * - access_token: GET /cgi-bin/token (client_credential), cached in memory until 5 minutes before it
 *   expires, one request at a time (concurrent callers share it); refreshed once when an API call reports an
 *   invalid or expired token. Several API nodes each keep their own token; WeChat keeps the previous token
 *   valid for 5 minutes after a refresh, so nodes refreshing in turn do not break each other (a central
 *   token holder is the next step if the daily token quota becomes tight).
 * - temporary QR: POST /cgi-bin/qrcode/create with action QR_STR_SCENE and the scene string; the image is
 *   https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=<url-encoded ticket>.
 * Scans arrive as event pushes (event.ts).
 */

export const SHOW_QRCODE_URL = 'https://mp.weixin.qq.com/cgi-bin/showqrcode';
/** errcodes that mean "get a new access_token": invalid credential, invalid token, token expired */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
const REFRESH_BEFORE_MS = 5 * 60 * 1000;
const TIMEOUT_MS = 10_000;

export type HttpFetch = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

const ErrorFields = { errcode: z.number().optional(), errmsg: z.string().optional() };
const TokenAnswer = z.object({
  access_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  ...ErrorFields,
});
const QrAnswer = z.object({
  ticket: z.string().min(1).optional(),
  expire_seconds: z.number().optional(),
  ...ErrorFields,
});

export class WechatApiError extends Error {
  constructor(
    readonly api: string,
    readonly errcode: number | undefined,
    errmsg: string | undefined,
  ) {
    super(`wechat ${api}: ${errcode ?? '?'} ${errmsg ?? ''}`);
    this.name = 'WechatApiError';
  }
}

export class OfficialAccountProvider implements WechatProvider {
  readonly name = 'official';
  private cached: { token: string; refreshAt: number } | null = null;
  private inflight: Promise<string> | null = null;
  private readonly base: string;

  constructor(
    private readonly settings: Pick<WechatSettings, 'appId' | 'appSecret' | 'apiBaseUrl'>,
    private readonly http: HttpFetch = (url, init) => fetch(url, init),
    private readonly now: () => number = Date.now,
  ) {
    this.base = settings.apiBaseUrl.replace(/\/+$/, '');
  }

  /** The cached access_token, or a new one (one request at a time). */
  async accessToken(): Promise<string> {
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached.token;
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  async createQr({ scene, expireSeconds }: CreateQrInput): Promise<WechatQr> {
    const body = JSON.stringify({
      expire_seconds: expireSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: scene } },
    });
    const answer = await this.withToken('qrcode/create', (token) =>
      this.request('POST', `/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, QrAnswer, body),
    );
    if (!answer.ticket) throw new WechatApiError('qrcode/create', answer.errcode, answer.errmsg);
    return { imgUrl: `${SHOW_QRCODE_URL}?ticket=${encodeURIComponent(answer.ticket)}` };
  }

  private async withToken<T extends { errcode?: number | undefined }>(
    api: string,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    const first = await call(await this.accessToken());
    if (first.errcode === undefined || !TOKEN_ERRORS.has(first.errcode)) return first;
    this.cached = null; // revoked or expired early: fetch a new token once and retry
    const second = await call(await this.accessToken());
    if (second.errcode !== undefined && TOKEN_ERRORS.has(second.errcode))
      throw new WechatApiError(api, second.errcode, 'access_token rejected twice');
    return second;
  }

  private async fetchToken(): Promise<string> {
    const { appId, appSecret } = this.settings;
    if (!appId || !appSecret) throw new Error('WECHAT_APP_ID / WECHAT_APP_SECRET are not set');
    const answer = await this.request(
      'GET',
      `/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(appSecret)}`,
      TokenAnswer,
    );
    if (!answer.access_token) throw new WechatApiError('token', answer.errcode, answer.errmsg);
    const lifetimeMs = (answer.expires_in ?? 7200) * 1000;
    this.cached = {
      token: answer.access_token,
      refreshAt: this.now() + Math.max(60_000, lifetimeMs - REFRESH_BEFORE_MS),
    };
    return answer.access_token;
  }

  private async request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    schema: S,
    body?: string,
  ): Promise<z.infer<S>> {
    const res = await this.http(`${this.base}${pathAndQuery}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`wechat ${pathAndQuery.split('?')[0] ?? ''}: HTTP ${res.status}, not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`wechat ${pathAndQuery.split('?')[0] ?? ''}: unexpected answer`);
    return parsed.data;
  }
}
