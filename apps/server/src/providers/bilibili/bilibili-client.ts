/**
 * The Bilibili web API client. One instance per process: every call shares one polite token-bucket budget
 * (default 2 requests/s, three priority queues), retries risk-control and transient answers with
 * exponential backoff and full jitter, and reports every attempt (`onAttempt`, `counters`).
 *
 * The same code talks to the real platform or to the simulator: hosts are configuration (hosts.ts).
 * Headers as the platform's web client sends them: a browser User-Agent (UAs containing "python" get −412),
 * `Referer: https://www.bilibili.com/`, and cookies (operator cookie + buvid3, see cookies.ts).
 *
 * Results: methods about one object answer `Lookup<T>` — `{found: true, value}` or a typed `Gone`
 * (deleted video, unknown user, closed comments…); list methods answer the list. Anything else throws a
 * `BilibiliError` once retries are used up or when retrying cannot help.
 */
import { DEFAULT_BACKOFF, backoffDelay, parseRetryAfter, type BackoffOptions } from './backoff.js';
import { systemClock, type Clock } from './clock.js';
import { formatCookieHeader, generateBuvid3, parseCookieHeader } from './cookies.js';
import { ENDPOINTS, endpointName, type Endpoint, type EndpointKey, type EndpointValue } from './endpoints.js';
import {
  BilibiliError,
  GONE_CODES,
  RETRY_CODES,
  WBI_REFRESH_CODES,
  found,
  type FailureKind,
  type Gone,
  type Lookup,
} from './errors.js';
import type { BilibiliHosts } from './hosts.js';
import type { DanmuInfo } from './live-stream/connection.js';
import { Envelope, envelopeMessage } from './parsers/common.js';
import type { CommentCursorPage, CommentPage, ReplyRepliesPage } from './parsers/comment.js';
import { parsePopular, type PopularPage, type RankingPage, type WeeklyPage } from './parsers/ranking.js';
import type { SearchPage } from './parsers/search.js';
import type { CreatorVideoPage, VideoView, VideoViewDetail } from './parsers/video.js';
import { RateLimiter, type Priority } from './rate-limiter.js';
import type {
  ActivityRecord,
  CreatorRecord,
  DanmakuRecord,
  LiveRoomInit,
  LiveRoomRecord,
  NavNum,
  PageRecord,
  RelationStat,
  SearchUserRecord,
  UpStat,
  VideoRecord,
} from './records.js';
import { WbiKeyStore, signWbi, type WbiKeys } from './wbi.js';

export const DEFAULT_REFERER = 'https://www.bilibili.com/';

export interface AttemptEvent {
  /** the API path without host, e.g. `x/web-interface/card` */
  endpoint: string;
  /** 1-based */
  attempt: number;
  priority: Priority;
  /** ok: data; gone: a typed not-found; retry: failed, another attempt follows after `delayMs`; fail: thrown */
  outcome: 'ok' | 'gone' | 'retry' | 'fail';
  kind?: FailureKind;
  /** HTTP status, when a response arrived */
  status?: number;
  /** the platform's code, when an envelope arrived */
  code?: number;
  /** time from sending to the end of the body (excludes the wait for a rate-limit token) */
  durationMs: number;
  /** backoff before the next attempt (outcome retry) */
  delayMs?: number;
}

export interface ClientCounters {
  attempts: number;
  ok: number;
  gone: number;
  retries: number;
  failures: number;
  byKind: Partial<Record<FailureKind, number>>;
}

export interface BilibiliClientOptions {
  hosts: BilibiliHosts;
  userAgent: string;
  /** raw Cookie header from the operator (optional) */
  cookie?: string;
  /** requests per second for the client's own limiter (default 2); ignored when `limiter` is given */
  rps?: number;
  /** share one budget between clients */
  limiter?: RateLimiter;
  /** attempts per call including the first (default 5) */
  maxAttempts?: number;
  /** per-attempt timeout (default 10 s) */
  timeoutMs?: number;
  backoff?: BackoffOptions;
  clock?: Clock;
  /** jitter source in [0, 1) (default Math.random) */
  random?: () => number;
  onAttempt?: (event: AttemptEvent) => void;
  fetch?: typeof fetch;
  referer?: string;
}

export interface CallOptions {
  /** default 'normal'; monitors use 'high', backfills 'low' */
  priority?: Priority;
  signal?: AbortSignal;
}

export type VideoRef = { aid: number } | { bvid: string };

type ParamValue = string | number | boolean;
type Params = Record<string, ParamValue | readonly ParamValue[] | undefined>;

/** One call of an endpoint: the endpoint (endpoints.ts) with its reported name, filled path and query. */
interface RequestSpec<T> extends Endpoint<T> {
  endpoint: string;
  params?: Params;
}

type AttemptResult<T> =
  | { type: 'ok'; value: T; status: number; code?: number }
  | { type: 'gone'; gone: Gone; status: number }
  | { type: 'error'; error: BilibiliError; retryable: boolean; retryAfterMs?: number };

function isList(v: ParamValue | readonly ParamValue[]): v is readonly ParamValue[] {
  return Array.isArray(v);
}

function videoParams(ref: VideoRef): Params {
  return 'aid' in ref ? { aid: ref.aid } : { bvid: ref.bvid };
}

export class BilibiliClient {
  readonly limiter: RateLimiter;
  readonly wbi: WbiKeyStore;
  readonly counters: ClientCounters = { attempts: 0, ok: 0, gone: 0, retries: 0, failures: 0, byKind: {} };
  private readonly hosts: BilibiliHosts;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly backoff: BackoffOptions;
  private readonly fetchImpl: typeof fetch;
  private readonly userAgent: string;
  private readonly referer: string;
  private readonly cookies: Map<string, string>;
  private readonly onAttempt: ((event: AttemptEvent) => void) | undefined;
  private buvidPromise: Promise<string> | null = null;

  constructor(options: BilibiliClientOptions) {
    this.hosts = options.hosts;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.limiter = options.limiter ?? new RateLimiter({ rps: options.rps ?? 2, clock: this.clock });
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.fetchImpl = options.fetch ?? fetch;
    this.userAgent = options.userAgent;
    this.referer = options.referer ?? DEFAULT_REFERER;
    this.cookies = parseCookieHeader(options.cookie);
    this.onAttempt = options.onAttempt;
    this.wbi = new WbiKeyStore(
      () => this.fetchWbiKeys(),
      () => this.clock.now(),
    );
  }

  // ---- creators (each method names its endpoint of ENDPOINTS and its parameters; `call` does the rest) ---------

  /** `x/web-interface/card`: profile + fans, following, likes, video count. */
  userCard(mid: number, opts: CallOptions = {}): Promise<Lookup<CreatorRecord>> {
    return this.call('userCard', { mid, photo: 'false' }, opts);
  }

  /** `x/relation/stat`: fans and following. */
  relationStat(mid: number, opts: CallOptions = {}): Promise<Lookup<RelationStat>> {
    return this.call('relationStat', { vmid: mid }, opts);
  }

  /** `x/space/wbi/acc/info` (WBI): profile, live room id and live flag. */
  spaceInfo(mid: number, opts: CallOptions = {}): Promise<Lookup<CreatorRecord>> {
    return this.call('spaceInfo', { mid }, opts);
  }

  /** `x/space/upstat`: total plays and likes (all null without a logged-in BILIBILI_COOKIE). */
  upStat(mid: number, opts: CallOptions = {}): Promise<Lookup<UpStat>> {
    return this.call('upStat', { mid }, opts);
  }

  /** `x/space/navnum`: counts of videos, articles, albums. */
  navNum(mid: number, opts: CallOptions = {}): Promise<Lookup<NavNum>> {
    return this.call('navNum', { mid }, opts);
  }

  /** `x/space/wbi/arc/search` (WBI): one page of a creator's videos. */
  creatorVideos(
    mid: number,
    page: { pn?: number; ps?: number; order?: 'pubdate' | 'click' | 'stow' } = {},
    opts: CallOptions = {},
  ): Promise<Lookup<CreatorVideoPage>> {
    return this.call(
      'creatorVideos',
      { mid, pn: page.pn ?? 1, ps: page.ps ?? 30, order: page.order ?? 'pubdate' },
      opts,
    );
  }

  // ---- videos -----------------------------------------------------------------------------------

  /** `x/web-interface/view`: the video with its stats and pages. */
  videoView(ref: VideoRef, opts: CallOptions = {}): Promise<Lookup<VideoView>> {
    return this.call('videoView', videoParams(ref), opts);
  }

  /** `x/web-interface/view/detail`: the view plus the owner's card and tags. */
  videoViewDetail(ref: VideoRef, opts: CallOptions = {}): Promise<Lookup<VideoViewDetail>> {
    return this.call('videoViewDetail', videoParams(ref), opts);
  }

  /**
   * `x/activity/subject/info?sid=`: an activity (投稿活动) page — the name and dates behind a video's
   * `mission_id`. A sid the platform does not know answers `{found: false}`.
   */
  activityInfo(sid: number, opts: CallOptions = {}): Promise<Lookup<ActivityRecord>> {
    return this.call('activityInfo', { sid }, opts);
  }

  /** `x/player/pagelist`: the video's pages (cid for danmaku). */
  pageList(ref: VideoRef, opts: CallOptions = {}): Promise<Lookup<PageRecord[]>> {
    return this.call('pageList', videoParams(ref), opts);
  }

  // ---- comments and danmaku ---------------------------------------------------------------------

  /** `x/v2/reply`: one page of comments (sort 0 time, 1 likes, 2 replies; ps ≤ 20). */
  comments(
    oid: number,
    page: { pn?: number; ps?: number; sort?: 0 | 1 | 2; type?: number } = {},
    opts: CallOptions = {},
  ): Promise<Lookup<CommentPage>> {
    const params = { type: page.type ?? 1, oid, sort: page.sort ?? 0, nohot: 1, ps: page.ps ?? 20, pn: page.pn ?? 1 };
    return this.call('comments', params, opts);
  }

  /**
   * `x/v2/reply/wbi/main` (WBI): cursor paging (mode 3 hot, 2 time). Pass the previous page's
   * `nextOffset` as `offset`; '' for the first page.
   */
  commentsCursor(
    oid: number,
    page: { mode?: 2 | 3; offset?: string; type?: number } = {},
    opts: CallOptions = {},
  ): Promise<Lookup<CommentCursorPage>> {
    const pagination = JSON.stringify({ offset: page.offset ?? '' });
    const params = { type: page.type ?? 1, oid, mode: page.mode ?? 3, pagination_str: pagination, plat: 1 };
    return this.call('commentsCursor', { ...params, web_location: 1315875 }, opts);
  }

  /** `x/v2/reply/reply`: the replies under one comment. */
  commentReplies(
    oid: number,
    root: number,
    page: { pn?: number; ps?: number; type?: number } = {},
    opts: CallOptions = {},
  ): Promise<Lookup<ReplyRepliesPage>> {
    return this.call('commentReplies', { type: page.type ?? 1, oid, root, ps: page.ps ?? 20, pn: page.pn ?? 1 }, opts);
  }

  /** `x/v2/reply/count` */
  replyCount(oid: number, type = 1, opts: CallOptions = {}): Promise<Lookup<number>> {
    return this.call('replyCount', { type, oid }, opts);
  }

  /** The danmaku XML of one page: `comment.bilibili.com/<cid>.xml` (default) or `x/v1/dm/list.so?oid=<cid>`. */
  danmaku(cid: number, via: 'comment' | 'api' = 'comment', opts: CallOptions = {}): Promise<Lookup<DanmakuRecord[]>> {
    return via === 'api' ? this.call('danmakuApi', { oid: cid }, opts) : this.call('danmakuXml', { cid }, opts);
  }

  // ---- lists ------------------------------------------------------------------------------------

  /** `x/web-interface/popular`: one page; positions continue across pages. */
  popular(page: { pn?: number; ps?: number } = {}, opts: CallOptions = {}): Promise<PopularPage> {
    const pn = page.pn ?? 1;
    const ps = page.ps ?? 20;
    return this.callMust('popular', { pn, ps }, opts, (d) => parsePopular(d, (pn - 1) * ps));
  }

  /** `x/web-interface/popular/series/one`: one issue of 每周必看. */
  popularWeekly(number: number, opts: CallOptions = {}): Promise<Lookup<WeeklyPage>> {
    return this.call('popularWeekly', { number }, opts);
  }

  /** `x/web-interface/ranking/v2`: rid 0 = all (main partitions only), type all | rookie | origin. */
  ranking(
    list: { rid?: number; type?: 'all' | 'rookie' | 'origin' } = {},
    opts: CallOptions = {},
  ): Promise<RankingPage> {
    return this.callMust('ranking', { rid: list.rid ?? 0, type: list.type ?? 'all', web_location: '333.934' }, opts);
  }

  // ---- live -------------------------------------------------------------------------------------

  /** `room/v1/Room/get_info` (short room ids accepted). */
  liveRoomInfo(roomId: number, opts: CallOptions = {}): Promise<Lookup<LiveRoomRecord>> {
    return this.call('liveRoomInfo', { room_id: roomId }, opts);
  }

  /** `room/v1/Room/room_init`: short → long room id. */
  liveRoomInit(roomId: number, opts: CallOptions = {}): Promise<Lookup<LiveRoomInit>> {
    return this.call('liveRoomInit', { id: roomId }, opts);
  }

  /** `room/v1/Room/get_status_info_by_uids`: live status of many creators in one call (uids without a room are absent). */
  async liveStatusByUids(uids: readonly number[], opts: CallOptions = {}): Promise<LiveRoomRecord[]> {
    if (uids.length === 0) return [];
    return this.callMust('liveStatusByUids', { 'uids[]': uids }, opts);
  }

  /** `xlive/web-room/v1/index/getDanmuInfo`: token and hosts of the room's message stream (live-stream/). */
  liveDanmuInfo(roomId: number, opts: CallOptions = {}): Promise<Lookup<DanmuInfo>> {
    return this.call('liveDanmuInfo', { id: roomId, type: 0 }, opts);
  }

  /** The live host's base URL (the stream connection picks ws or wss from it). */
  get liveBaseUrl(): string {
    return this.hosts.live;
  }

  // ---- search (WBI + buvid3) --------------------------------------------------------------------

  /** `x/web-interface/wbi/search/type?search_type=video` */
  searchVideos(
    keyword: string,
    query: {
      page?: number;
      order?: 'totalrank' | 'click' | 'pubdate' | 'dm' | 'stow';
      tids?: number;
      duration?: 0 | 1 | 2 | 3 | 4;
    } = {},
    opts: CallOptions = {},
  ): Promise<SearchPage<VideoRecord>> {
    const { order, tids, duration } = query;
    const params = { search_type: 'video', keyword, page: query.page ?? 1, order, tids, duration };
    return this.callMust('searchVideos', params, opts);
  }

  /** `x/web-interface/wbi/search/type?search_type=bili_user` (order 0 default | fans | level; orderSort 0 desc, 1 asc). */
  searchUsers(
    keyword: string,
    query: { page?: number; order?: '0' | 'fans' | 'level'; orderSort?: 0 | 1; userType?: 0 | 1 | 2 | 3 } = {},
    opts: CallOptions = {},
  ): Promise<SearchPage<SearchUserRecord>> {
    const { order, orderSort: order_sort, userType: user_type } = query;
    const params = { search_type: 'bili_user', keyword, page: query.page ?? 1, order, order_sort, user_type };
    return this.callMust('searchUsers', params, opts);
  }

  // ---- cookies and keys -------------------------------------------------------------------------

  /** The buvid3 in use (fetched once per client; see cookies.ts for the order of sources). */
  buvid3(opts: CallOptions = {}): Promise<string> {
    const known = this.cookies.get('buvid3');
    if (known) return Promise.resolve(known);
    this.buvidPromise ??= this.obtainBuvid(opts).then((value) => {
      this.cookies.set('buvid3', value);
      return value;
    });
    return this.buvidPromise;
  }

  private async obtainBuvid(opts: CallOptions): Promise<string> {
    for (const source of ['spi', 'home'] as const) {
      const r = await this.call(source, {}, opts).catch(() => null);
      if (r?.found && r.value) return r.value;
    }
    return generateBuvid3(this.clock.now());
  }

  private async fetchWbiKeys(): Promise<WbiKeys> {
    const nav = await this.call('nav', {}, { priority: 'high' });
    if (!nav.found || !nav.value) {
      throw new BilibiliError(
        'risk',
        'nav answered without wbi_img keys (risk control voucher?)',
        'x/web-interface/nav',
        {
          retryable: true,
        },
      );
    }
    return nav.value;
  }

  // ---- the one request path ---------------------------------------------------------------------

  /**
   * Every endpoint's call: the endpoint of ENDPOINTS with these parameters (`<name>` parts of its path filled from
   * them), through the request loop (rate limit, signing, retries, reporting). `parse` replaces the endpoint's parser
   * for this call (the popular list's positions continue across pages).
   */
  call<K extends EndpointKey, T = EndpointValue<K>>(
    key: K,
    params: Params,
    opts: CallOptions,
    parse?: (data: unknown, headers: Headers) => T,
  ): Promise<Lookup<T>> {
    const e: Endpoint<unknown> = ENDPOINTS[key];
    const query: Params = { ...params };
    const path = e.path.replace(/<(\w+)>/g, (_, name: string) => {
      const v = query[name];
      delete query[name];
      return String(v);
    });
    const spec: RequestSpec<T> = {
      ...e,
      endpoint: endpointName(e),
      path,
      params: query,
      parse: parse ?? (e.parse as (data: unknown, headers: Headers) => T),
    };
    return this.request(spec, opts);
  }

  /** `call` for the lists, whose "gone" answer is an error. */
  private async callMust<K extends EndpointKey, T = EndpointValue<K>>(
    key: K,
    params: Params,
    opts: CallOptions,
    parse?: (data: unknown, headers: Headers) => T,
  ): Promise<T> {
    return this.must(await this.call(key, params, opts, parse), endpointName(ENDPOINTS[key]));
  }

  // ---- the request loop -------------------------------------------------------------------------

  private must<T>(result: Lookup<T>, endpoint: string): T {
    if (result.found) return result.value;
    throw new BilibiliError('api', `unexpected "gone" answer ${result.code} ${result.message}`, endpoint, {
      code: result.code,
    });
  }

  private count(outcome: AttemptEvent['outcome'], kind?: FailureKind): void {
    this.counters.attempts += 1;
    if (outcome === 'ok') this.counters.ok += 1;
    else if (outcome === 'gone') this.counters.gone += 1;
    else if (outcome === 'retry') this.counters.retries += 1;
    else this.counters.failures += 1;
    if (kind) this.counters.byKind[kind] = (this.counters.byKind[kind] ?? 0) + 1;
  }

  private emit(event: AttemptEvent): void {
    this.count(event.outcome, event.kind);
    this.onAttempt?.(event);
  }

  private async request<T>(spec: RequestSpec<T>, opts: CallOptions): Promise<Lookup<T>> {
    const priority = opts.priority ?? 'normal';
    const max = spec.maxAttempts ?? this.maxAttempts;
    for (let attempt = 1; ; attempt += 1) {
      const r = await this.attempt(spec, priority, opts.signal);
      const base = { endpoint: spec.endpoint, attempt, priority, durationMs: r.durationMs };
      const res = r.result;
      if (res.type === 'ok') {
        this.emit({ ...base, outcome: 'ok', status: res.status, code: res.code });
        return found(res.value);
      }
      if (res.type === 'gone') {
        this.emit({ ...base, outcome: 'gone', status: res.status, code: res.gone.code });
        return res.gone;
      }
      const err = res.error;
      const detail = { kind: err.kind, status: err.status, code: err.code };
      if (!res.retryable || attempt >= max || opts.signal?.aborted) {
        this.emit({ ...base, ...detail, outcome: 'fail' });
        err.details.attempts = attempt;
        err.details.retryable = res.retryable;
        throw err;
      }
      const delayMs = backoffDelay(attempt, this.random, this.backoff, res.retryAfterMs);
      this.emit({ ...base, ...detail, outcome: 'retry', delayMs });
      try {
        await this.clock.sleep(delayMs, opts.signal);
      } catch {
        throw new BilibiliError('aborted', 'aborted by the caller during backoff', spec.endpoint, {
          attempts: attempt,
        });
      }
    }
  }

  private buildUrl(spec: RequestSpec<unknown>, mixin: string | null): string {
    const origin = this.hosts[spec.host];
    const entries: [string, ParamValue | readonly ParamValue[]][] = [];
    for (const [k, v] of Object.entries(spec.params ?? {})) if (v !== undefined) entries.push([k, v]);
    if (mixin !== null) {
      const flat: Record<string, ParamValue> = {};
      for (const [k, v] of entries) flat[k] = isList(v) ? v.join(',') : v;
      const { query } = signWbi(flat, mixin, Math.floor(this.clock.now() / 1000));
      return `${origin}${spec.path}?${query}`;
    }
    const qs = new URLSearchParams();
    for (const [k, v] of entries) {
      if (isList(v)) for (const item of v) qs.append(k, String(item));
      else qs.append(k, String(v));
    }
    const query = qs.toString();
    return query ? `${origin}${spec.path}?${query}` : `${origin}${spec.path}`;
  }

  private async attempt<T>(
    spec: RequestSpec<T>,
    priority: Priority,
    signal: AbortSignal | undefined,
  ): Promise<{ result: AttemptResult<T>; durationMs: number }> {
    const fail = (
      kind: FailureKind,
      message: string,
      retryable: boolean,
      extra: { status?: number; code?: number; retryAfterMs?: number } = {},
    ) => ({
      result: {
        type: 'error' as const,
        error: new BilibiliError(kind, message, spec.endpoint, { status: extra.status, code: extra.code }),
        retryable,
        retryAfterMs: extra.retryAfterMs,
      },
      durationMs: 0,
    });

    // Keys and cookies first: their own requests take their own tokens.
    let mixin: string | null = null;
    if (spec.wbi) {
      try {
        mixin = await this.wbi.mixin();
      } catch (e) {
        if (!(e instanceof BilibiliError)) throw e;
        // A nav answer without keys (risk-control voucher) is worth another try after a backoff; a nav call
        // that already used up its own retries (attempts set) is not retried again from here.
        const retryable = e.details.attempts === undefined;
        return fail(
          e.kind === 'aborted' ? 'aborted' : 'risk',
          `no WBI keys: ${e.message}`,
          retryable && e.kind !== 'aborted',
          {
            code: e.code,
            status: e.status,
          },
        );
      }
    }
    if (spec.buvid) await this.buvid3({ priority, signal });

    try {
      await this.limiter.acquire(priority, signal);
    } catch {
      return fail('aborted', 'aborted by the caller while waiting for the rate limit', false);
    }
    const url = this.buildUrl(spec, mixin);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const started = this.clock.now();
    const headers: Record<string, string> = {
      'User-Agent': this.userAgent,
      Referer: this.referer,
      Accept: spec.format === 'text' ? '*/*' : 'application/json, text/plain, */*',
    };
    if (this.cookies.size > 0) headers.Cookie = formatCookieHeader(this.cookies);

    let status = 0;
    let body: string;
    let responseHeaders: Headers;
    try {
      const res = await this.fetchImpl(url, { headers, signal: combined, redirect: 'follow' });
      status = res.status;
      responseHeaders = res.headers;
      body = await res.text();
    } catch (e) {
      clearTimeout(timer);
      const took = this.clock.now() - started;
      if (signal?.aborted) {
        return { ...fail('aborted', 'aborted by the caller', false), durationMs: took };
      }
      if (controller.signal.aborted) {
        return {
          ...fail('timeout', `no complete answer within ${this.timeoutMs} ms`, true, { status: status || undefined }),
          durationMs: took,
        };
      }
      const message = e instanceof Error ? e.message : String(e);
      // A body that breaks off or fails to decompress is a malformed answer; no answer at all is a network failure.
      return {
        ...fail(status ? 'malformed' : 'network', message, true, { status: status || undefined }),
        durationMs: took,
      };
    }
    clearTimeout(timer);
    const durationMs = this.clock.now() - started;
    const done = (result: AttemptResult<T>) => ({ result, durationMs });

    if (status === 412 || status === 429 || status >= 500) {
      const retryAfterMs = parseRetryAfter(responseHeaders.get('retry-after'), Date.now());
      return { ...fail('http_retry', `HTTP ${status}`, true, { status, retryAfterMs }), durationMs };
    }
    if (status === 404 && spec.http404IsGone) {
      return done({
        type: 'gone',
        gone: { found: false, reason: 'not_found', code: -404, message: 'HTTP 404' },
        status,
      });
    }

    const looksJson = /^\s*[{[]/.test(body);
    if (spec.format === 'text' && !looksJson && status < 400) {
      try {
        return done({ type: 'ok', value: spec.parse(body, responseHeaders), status });
      } catch (e) {
        return { ...fail('malformed', e instanceof Error ? e.message : String(e), true, { status }), durationMs };
      }
    }

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      if (status >= 400) return { ...fail('http', `HTTP ${status}`, false, { status }), durationMs };
      return { ...fail('malformed', `body is not JSON (${body.length} bytes)`, true, { status }), durationMs };
    }
    const env = Envelope.safeParse(json);
    if (!env.success) {
      if (status >= 400) return { ...fail('http', `HTTP ${status}`, false, { status }), durationMs };
      return { ...fail('malformed', 'no {code, data} envelope', true, { status }), durationMs };
    }
    const code = env.data.code;
    const message = envelopeMessage(env.data);
    if (code === 0 || spec.acceptCodes?.includes(code)) {
      if (status >= 400) return { ...fail('http', `HTTP ${status}`, false, { status, code }), durationMs };
      try {
        return done({ type: 'ok', value: spec.parse(env.data.data, responseHeaders), status, code });
      } catch (e) {
        return { ...fail('schema', e instanceof Error ? e.message : String(e), false, { status, code }), durationMs };
      }
    }
    if (spec.wbi && WBI_REFRESH_CODES.has(code)) {
      this.wbi.invalidate();
      return { ...fail('risk', `code ${code} ${message} (WBI keys refreshed)`, true, { status, code }), durationMs };
    }
    if (RETRY_CODES.has(code))
      return { ...fail('risk', `code ${code} ${message}`, true, { status, code }), durationMs };
    const reason = (spec.goneCodes ?? GONE_CODES).get(code) ?? GONE_CODES.get(code);
    if (reason) return done({ type: 'gone', gone: { found: false, reason, code, message }, status });
    if (status >= 400)
      return { ...fail('http', `HTTP ${status} code ${code} ${message}`, false, { status, code }), durationMs };
    return { ...fail('api', `code ${code} ${message}`, false, { status, code }), durationMs };
  }
}
