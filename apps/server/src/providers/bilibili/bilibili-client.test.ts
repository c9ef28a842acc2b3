/**
 * The client against a tiny local HTTP server on 127.0.0.1 that answers what each test scripts: risk-control
 * codes, HTTP 412/429/5xx, malformed JSON, timeouts, "gone" answers, WBI checks. A virtual clock makes the
 * backoff delays observable without waiting; no request leaves the machine.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BilibiliClient, type AttemptEvent, type BilibiliClientOptions } from './bilibili-client.js';
import { BilibiliError } from './errors.js';
import { ENDPOINTS, endpointName, type EndpointKey } from './endpoints.js';
import { resolveHosts } from './hosts.js';
import { VirtualClock } from './test-clock.js';
import { md5Hex, mixinKey } from './wbi.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/bilibili');
const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

const IMG_KEY = '7cd084941338484aae1ad9425b84077c';
const SUB_KEY = '4932caff0ff746eab6f01bf08b70ac45';
const UA = 'Mozilla/5.0 (test) Chrome/131.0.0.0';

interface Seen {
  path: string;
  query: URLSearchParams;
  rawQuery: string;
  headers: http.IncomingHttpHeaders;
}

type Answer =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; body: string | Buffer; headers?: Record<string, string> }
  | { hang: true };

/** Scripted answers per path; the last answer of a path repeats. */
let script = new Map<string, Answer[]>();
let seen: Seen[] = [];
let baseUrl = '';
const hanging = new Set<http.ServerResponse>();

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  seen.push({ path: url.pathname, query: url.searchParams, rawQuery: url.search.slice(1), headers: req.headers });
  const queue = script.get(url.pathname);
  const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
  if (!answer) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no script');
    return;
  }
  if ('hang' in answer) {
    hanging.add(res);
    return;
  }
  const headers = { ...(answer.headers ?? {}) };
  if ('json' in answer) {
    res
      .writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(answer.json));
  } else {
    res.writeHead(answer.status ?? 200, headers).end(answer.body);
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterEach(() => {
  for (const res of hanging) res.destroy();
  hanging.clear();
  script = new Map();
  seen = [];
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function on(pathname: string, ...answers: Answer[]): void {
  script.set(pathname, answers);
}

const ok = (data: unknown) => ({ json: { code: 0, message: '0', ttl: 1, data } });
const code = (c: number, message = 'x') => ({ json: { code: c, message, ttl: 1 } });
const cardData = () => (JSON.parse(fixture('user_card.json')) as { data: unknown }).data;

function makeClient(extra: Partial<BilibiliClientOptions> = {}) {
  const clock = new VirtualClock();
  const events: AttemptEvent[] = [];
  const hosts = resolveHosts({
    source: 'sim',
    baseUrl,
    apiBaseUrl: undefined,
    liveBaseUrl: undefined,
    commentBaseUrl: undefined,
    wwwBaseUrl: undefined,
  });
  if (!hosts) throw new Error('no hosts');
  const client = new BilibiliClient({
    hosts,
    userAgent: UA,
    rps: 1000,
    clock,
    random: () => 0.5,
    timeoutMs: 2000,
    onAttempt: (e) => events.push(e),
    ...extra,
  });
  return { client, clock, events };
}

describe('retries and backoff', () => {
  it('−412 then 200: two attempts, one full-jitter backoff in between', async () => {
    on('/x/web-interface/card', code(-412, '请求被拦截'), ok(cardData()));
    const { client, clock, events } = makeClient();
    const result = await client.userCard(2);
    expect(result.found && result.value.name).toBe('碧诗');
    expect(events.map((e) => [e.attempt, e.outcome, e.code])).toEqual([
      [1, 'retry', -412],
      [2, 'ok', 0],
    ]);
    expect(events[0]?.delayMs).toBe(500); // random 0.5 × window 1000 ms
    expect(clock.sleeps).toContain(500);
    expect(client.counters).toMatchObject({ attempts: 2, ok: 1, retries: 1, failures: 0, byKind: { risk: 1 } });
    // headers the platform expects
    const req = seen.find((s) => s.path === '/x/web-interface/card');
    expect(req?.headers['user-agent']).toBe(UA);
    expect(req?.headers.referer).toBe('https://www.bilibili.com/');
    expect(req?.query.get('mid')).toBe('2');
  });

  it('the backoff window doubles per retry; gives up after maxAttempts with the last error', async () => {
    on('/x/web-interface/card', code(-799, '请求过于频繁'));
    const { client, events } = makeClient({ maxAttempts: 4, random: () => 0.999 });
    const err = await client.userCard(2).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BilibiliError);
    expect(err).toMatchObject({ kind: 'risk', details: { code: -799, attempts: 4 } });
    expect(events.map((e) => e.outcome)).toEqual(['retry', 'retry', 'retry', 'fail']);
    expect(events.slice(0, 3).map((e) => e.delayMs)).toEqual([999, 1998, 3996]);
  });

  it('retries −352, HTTP 412, HTTP 5xx and malformed JSON', async () => {
    on(
      '/x/relation/stat',
      code(-352, '风控校验失败'),
      { status: 412, body: 'blocked' },
      { status: 502, body: '<html>bad gateway</html>' },
      { body: '{"code":0,"data":{"mid":1,' },
      ok({ mid: 332704117, following: 32, follower: 919515 }),
    );
    const { client, events } = makeClient();
    const r = await client.relationStat(332704117);
    expect(r).toEqual({ found: true, value: { mid: 332704117, fans: 919515, following: 32 } });
    expect(events.map((e) => [e.outcome, e.kind, e.status])).toEqual([
      ['retry', 'risk', 200],
      ['retry', 'http_retry', 412],
      ['retry', 'http_retry', 502],
      ['retry', 'malformed', 200],
      ['ok', undefined, 200],
    ]);
    expect(seen.filter((s) => s.path === '/x/relation/stat')).toHaveLength(5);
  });

  it('HTTP 429 honours Retry-After as the least delay', async () => {
    on(
      '/x/space/upstat',
      { status: 429, body: 'slow down', headers: { 'retry-after': '7' } },
      ok({ archive: { view: 5 }, likes: 6 }),
    );
    const { client, events } = makeClient();
    const r = await client.upStat(1);
    expect(r).toEqual({ found: true, value: { plays: 5, articleViews: null, likes: 6 } });
    expect(events[0]).toMatchObject({ outcome: 'retry', kind: 'http_retry', status: 429, delayMs: 7000 });
  });

  it('a timeout is retried', async () => {
    on('/x/v2/reply/count', { hang: true }, ok({ count: 65521 }));
    const { client, events } = makeClient({ timeoutMs: 150 });
    const r = await client.replyCount(2);
    expect(r).toEqual({ found: true, value: 65521 });
    expect(events.map((e) => [e.outcome, e.kind])).toEqual([
      ['retry', 'timeout'],
      ['ok', undefined],
    ]);
  });

  it('a caller abort stops at once, without retries', async () => {
    on('/x/v2/reply/count', { hang: true });
    const { client, events } = makeClient({ timeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await client.replyCount(2, 1, { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(events.map((e) => e.outcome)).toEqual(['fail']);
  });
});

describe('gone answers are typed results, never retried', () => {
  it('a deleted video (62002) and a missing one (−404)', async () => {
    on('/x/web-interface/view', code(62002, '稿件不可见'));
    const { client, events } = makeClient();
    expect(await client.videoView({ bvid: 'BV117411r7R1' })).toEqual({
      found: false,
      reason: 'invisible',
      code: 62002,
      message: '稿件不可见',
    });
    on('/x/web-interface/view', code(-404, '啥都木有'));
    expect(await client.videoView({ aid: 1 })).toMatchObject({ found: false, reason: 'not_found', code: -404 });
    expect(events.map((e) => e.outcome)).toEqual(['gone', 'gone']);
    expect(seen.map((s) => s.query.get('bvid') ?? s.query.get('aid'))).toEqual(['BV117411r7R1', '1']);
  });

  it('an unknown user, an unknown live room, a danmaku file that is not there', async () => {
    on('/x/web-interface/card', code(-404, '啥都木有'));
    on('/room/v1/Room/get_info', { json: { code: 1, msg: '未找到该房间', message: '未找到该房间', data: [] } });
    const { client } = makeClient();
    expect(await client.userCard(999)).toMatchObject({ found: false, reason: 'not_found' });
    expect(await client.liveRoomInfo(999)).toMatchObject({ found: false, reason: 'not_found', code: 1 });
    expect(await client.danmaku(12345)).toMatchObject({ found: false, reason: 'not_found', code: -404 });
  });

  it('−400 (bad request) fails at once', async () => {
    on('/x/web-interface/card', code(-400, '请求错误'));
    const { client, events } = makeClient();
    await expect(client.userCard(0)).rejects.toMatchObject({ kind: 'api', details: { code: -400, attempts: 1 } });
    expect(events).toHaveLength(1);
  });
});

describe('WBI-signed calls', () => {
  const nav = () =>
    ({
      json: {
        code: -101,
        message: '账号未登录',
        ttl: 1,
        data: {
          isLogin: false,
          wbi_img: {
            img_url: `https://i0.hdslb.com/bfs/wbi/${IMG_KEY}.png`,
            sub_url: `https://i0.hdslb.com/bfs/wbi/${SUB_KEY}.png`,
          },
        },
      },
    }) satisfies Answer;

  /** The server side of the check: recompute w_rid from the received query. */
  function verify(s: Seen): boolean {
    const parts = s.rawQuery.split('&');
    const wRid = parts.find((p) => p.startsWith('w_rid='))?.slice(6);
    const rest = parts.filter((p) => !p.startsWith('w_rid=')).join('&');
    return wRid === md5Hex(rest + mixinKey(IMG_KEY, SUB_KEY));
  }

  it('signs with keys from nav (code −101 logged out), sends buvid3 from spi', async () => {
    on('/x/web-interface/nav', nav());
    on('/x/frontend/finger/spi', ok({ b_3: 'SPI-BUVID3-infoc', b_4: 'x' }));
    on('/x/space/wbi/acc/info', {
      body: fixture('user_space_acc_info.json'),
      headers: { 'content-type': 'application/json' },
    });
    const { client, clock } = makeClient();
    const r = await client.spaceInfo(2);
    expect(r.found && r.value.liveRoomId).toBe(1024);
    const req = seen.find((s) => s.path === '/x/space/wbi/acc/info');
    if (!req) throw new Error('no request');
    expect(verify(req)).toBe(true);
    expect(req.query.get('wts')).toBe(String(Math.floor(clock.now() / 1000)));
    expect(req.headers.cookie).toContain('buvid3=SPI-BUVID3-infoc');
  });

  it('−352 on a signed call refreshes the keys and retries', async () => {
    on('/x/web-interface/nav', nav());
    on('/x/frontend/finger/spi', ok({ b_3: 'B3' }));
    on('/x/space/wbi/arc/search', code(-352, '风控校验失败'), { body: fixture('user_arc_search.json') });
    const { client, events } = makeClient();
    const r = await client.creatorVideos(946974, { pn: 1, ps: 30 });
    expect(r.found && r.value.videos).toHaveLength(2);
    expect(client.wbi.fetches).toBe(2);
    expect(seen.filter((s) => s.path === '/x/web-interface/nav')).toHaveLength(2);
    expect(events.filter((e) => e.endpoint === 'x/space/wbi/arc/search').map((e) => e.outcome)).toEqual([
      'retry',
      'ok',
    ]);
    for (const s of seen.filter((x) => x.path === '/x/space/wbi/arc/search')) expect(verify(s)).toBe(true);
  });

  it('−403 on reply/wbi/main refreshes the keys; the cursor is signed like every value', async () => {
    on('/x/web-interface/nav', nav());
    on('/x/frontend/finger/spi', ok({ b_3: 'B3' }));
    on('/x/v2/reply/wbi/main', code(-403, '访问权限不足'), { body: fixture('reply_wbi_main.json') });
    const { client } = makeClient();
    const r = await client.commentsCursor(2, { mode: 2, offset: '{"type":3,"direction":1,"Data":{"cursor":71880}}' });
    expect(r.found && r.value.nextOffset).toContain('71859');
    const last = seen.filter((s) => s.path === '/x/v2/reply/wbi/main').at(-1);
    if (!last) throw new Error('no request');
    expect(verify(last)).toBe(true);
    expect(JSON.parse(last.query.get('pagination_str') ?? '')).toEqual({
      offset: '{"type":3,"direction":1,"Data":{"cursor":71880}}',
    });
  });

  it('search: WBI + buvid3 (generated when spi and the home page give none) + Referer', async () => {
    on('/x/web-interface/nav', nav());
    on('/x/frontend/finger/spi', { status: 500, body: 'down' });
    on('/', { body: '<html></html>', headers: { 'content-type': 'text/html' } });
    on('/x/web-interface/wbi/search/type', { body: fixture('search_type.json') });
    const { client } = makeClient();
    const page = await client.searchVideos('少年');
    expect(page.items[0]?.title).toBe('梦然-《少年》官方版');
    const req = seen.find((s) => s.path === '/x/web-interface/wbi/search/type');
    if (!req) throw new Error('no request');
    expect(verify(req)).toBe(true);
    expect(req.query.get('keyword')).toBe('少年');
    expect(req.query.get('search_type')).toBe('video');
    expect(req.headers.cookie).toMatch(/buvid3=[0-9A-F-]{36}\d{5}infoc/);
    expect(req.headers.referer).toBe('https://www.bilibili.com/');
    // one buvid per client
    const all = JSON.parse(fixture('search_all_v2.json')) as {
      data: { result: { result_type: string; data: unknown[] }[] };
    };
    const user = all.data.result.find((r) => r.result_type === 'bili_user')?.data[0];
    on('/x/web-interface/wbi/search/type', ok({ page: 1, pagesize: 20, numResults: 1, numPages: 1, result: [user] }));
    const users = await client.searchUsers('洛天依', { order: 'fans', orderSort: 0 });
    expect(users.items[0]).toMatchObject({ mid: 36081646, fans: 1982688 });
    expect(seen.at(-1)?.query.get('search_type')).toBe('bili_user');
    expect(seen.filter((s) => s.path === '/x/frontend/finger/spi')).toHaveLength(1);
  });

  it('takes buvid3 from the home page Set-Cookie, or from the operator cookie', async () => {
    on('/x/web-interface/nav', nav());
    on('/x/frontend/finger/spi', { status: 404, body: 'no' });
    on('/', { body: '<html></html>', headers: { 'set-cookie': 'buvid3=HOME-B3; path=/; domain=.bilibili.com' } });
    on('/x/web-interface/wbi/search/type', { body: fixture('search_type.json') });
    const a = makeClient();
    await a.client.searchVideos('x');
    expect(seen.at(-1)?.headers.cookie).toBe('buvid3=HOME-B3');
    seen = [];
    const b = makeClient({ cookie: 'SESSDATA=s; buvid3=OPERATOR' });
    await b.client.searchVideos('x');
    expect(seen.map((s) => s.path)).toEqual(['/x/web-interface/nav', '/x/web-interface/wbi/search/type']);
    expect(seen.at(-1)?.headers.cookie).toBe('SESSDATA=s; buvid3=OPERATOR');
  });

  it('a nav answer without keys (voucher) is a risk failure', async () => {
    on('/x/web-interface/nav', { body: fixture('wbi_nav_keys.json') });
    on('/x/frontend/finger/spi', ok({ b_3: 'B3' }));
    const { client } = makeClient({ maxAttempts: 2 });
    await expect(client.spaceInfo(2)).rejects.toMatchObject({ kind: 'risk' });
  });
});

describe('every other method against the samples', () => {
  it('parses each endpoint and sends its documented parameters', async () => {
    on('/x/web-interface/popular', { body: fixture('popular.json') });
    on('/x/web-interface/ranking/v2', { body: fixture('ranking_v2.json') });
    on('/x/web-interface/popular/series/one', { body: fixture('popular_series_one.json') });
    on('/x/web-interface/view/detail', { body: fixture('video_view_detail.json') });
    on('/x/player/pagelist', { body: fixture('video_pagelist.json') });
    on('/x/v2/reply', { body: fixture('reply_list.json') });
    on('/x/v2/reply/reply', { body: fixture('reply_reply.json') });
    on('/x/space/navnum', { body: fixture('user_navnum.json') });
    on('/room/v1/Room/get_info', { body: fixture('live_room_get_info.json') });
    on('/room/v1/Room/room_init', { body: fixture('live_room_init.json') });
    on('/room/v1/Room/get_status_info_by_uids', { body: fixture('live_status_info_by_uids.json') });
    on('/144541892.xml', {
      body: zlib.deflateRawSync(Buffer.from(fixture('danmaku_xml_list.xml'))),
      headers: { 'content-type': 'text/xml', 'content-encoding': 'deflate' },
    });
    on('/x/v1/dm/list.so', { body: fixture('danmaku_xml_list.xml'), headers: { 'content-type': 'text/xml' } });
    const { client } = makeClient();

    const popular = await client.popular({ pn: 2, ps: 2 });
    expect(popular.items.map((i) => i.position)).toEqual([3, 4]);
    expect((await client.ranking({ rid: 0, type: 'all' })).items).toHaveLength(14);
    const weekly = await client.popularWeekly(3);
    expect(weekly.found && weekly.value.items).toHaveLength(13);
    const detail = await client.videoViewDetail({ aid: 170001 });
    expect(detail.found && detail.value.owner?.fans).toBe(64052);
    const pages = await client.pageList({ bvid: 'BV1xx' });
    expect(pages.found && pages.value).toHaveLength(4);
    const replies = await client.comments(2, { pn: 1, ps: 5, sort: 0 });
    expect(replies.found && replies.value.comments).toHaveLength(5);
    const sub = await client.commentReplies(201022189, 3030790837);
    expect(sub.found && sub.value.comments).toHaveLength(5);
    const nav = await client.navNum(2);
    expect(nav.found && nav.value.videos).toBe(34);
    const room = await client.liveRoomInfo(1);
    expect(room.found && room.value.roomId).toBe(5440);
    const init = await client.liveRoomInit(76);
    expect(init.found && init.value.roomId).toBe(14073662);
    const live = await client.liveStatusByUids([672328094, 1]);
    expect(live.map((l) => l.uid)).toEqual([672328094]);
    const dm = await client.danmaku(144541892);
    expect(dm.found && dm.value).toHaveLength(15);
    const dmApi = await client.danmaku(144541892, 'api');
    expect(dmApi.found && dmApi.value).toHaveLength(15);

    const q = (p: string) => seen.find((s) => s.path === p)?.query;
    expect(q('/x/web-interface/popular')?.toString()).toBe('pn=2&ps=2');
    expect(q('/x/web-interface/ranking/v2')?.get('web_location')).toBe('333.934');
    expect(q('/x/v2/reply')?.get('type')).toBe('1');
    expect(q('/room/v1/Room/get_status_info_by_uids')?.getAll('uids[]')).toEqual(['672328094', '1']);
    expect(q('/x/v1/dm/list.so')?.get('oid')).toBe('144541892');
  });

  it('a truncated danmaku XML is malformed and retried', async () => {
    on('/7.xml', { body: '<?xml version="1.0"?><i><d p="1,1,25,1,2,0,ab,99">x</d>' }, { body: '<i></i>' });
    const { client, events } = makeClient();
    expect(await client.danmaku(7)).toEqual({ found: true, value: [] });
    expect(events.map((e) => [e.outcome, e.kind])).toEqual([
      ['retry', 'malformed'],
      ['ok', undefined],
    ]);
  });

  it('all calls share one budget: 2 requests/s by default', async () => {
    on('/x/v2/reply/count', ok({ count: 1 }));
    const { client, clock } = makeClient({ rps: 2 });
    const start = clock.now();
    await Promise.all([1, 2, 3, 4, 5].map((oid) => client.replyCount(oid)));
    expect(clock.now() - start).toBe(2000);
    expect(client.limiter.granted.normal).toBe(5);
  });
});

describe('one table of endpoints, one request path (issue #23, item 19)', () => {
  it('every public call goes through `call` with its endpoint of ENDPOINTS, and every endpoint is called', async () => {
    // every path answers an empty envelope (the parsers may refuse it: only the path taken matters here); nav has keys
    for (const e of Object.values(ENDPOINTS)) if (!e.path.includes('<')) on(e.path, ok({}));
    on('/x/web-interface/nav', {
      json: {
        code: 0,
        data: {
          wbi_img: {
            img_url: `https://i0.hdslb.com/bfs/wbi/${IMG_KEY}.png`,
            sub_url: `https://i0.hdslb.com/bfs/wbi/${SUB_KEY}.png`,
          },
        },
      },
    });
    on('/7.xml', { body: '<i></i>' });
    const { client, events } = makeClient({ maxAttempts: 1 });
    const called: string[] = [];
    const real = client.call.bind(client);
    client.call = ((key: EndpointKey, ...rest: Parameters<typeof real> extends [unknown, ...infer R] ? R : never) => {
      called.push(key);
      return real(key, ...rest);
    }) as typeof client.call;
    const calls: (() => Promise<unknown>)[] = [
      () => client.userCard(1),
      () => client.relationStat(1),
      () => client.spaceInfo(1),
      () => client.upStat(1),
      () => client.navNum(1),
      () => client.creatorVideos(1),
      () => client.videoView({ aid: 1 }),
      () => client.videoViewDetail({ bvid: 'BV1' }),
      () => client.activityInfo(1),
      () => client.pageList({ aid: 1 }),
      () => client.comments(1),
      () => client.commentsCursor(1),
      () => client.commentReplies(1, 2),
      () => client.replyCount(1),
      () => client.danmaku(7),
      () => client.danmaku(7, 'api'),
      () => client.popular(),
      () => client.popularWeekly(1),
      () => client.ranking(),
      () => client.liveRoomInfo(1),
      () => client.liveRoomInit(1),
      () => client.liveStatusByUids([1]),
      () => client.liveDanmuInfo(1),
      () => client.searchVideos('a'),
      () => client.searchUsers('a'),
    ];
    for (const c of calls) await c().catch(() => undefined);
    // the cookie sources: spi, then the home page (the buvid3 above came from the first that answered)
    await (client as unknown as { obtainBuvid(o: object): Promise<string> }).obtainBuvid({});
    await (client as unknown as { call: typeof client.call }).call('home', {}, {}).catch(() => undefined);
    expect([...new Set(called)].sort()).toEqual(Object.keys(ENDPOINTS).sort());
    // each went to its host and path, reported by its name
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      const path = e.path.replace('<cid>', '7');
      expect(
        seen.some((s) => s.path === path),
        `${key} → ${path}`,
      ).toBe(true);
      expect(
        events.some((ev) => ev.endpoint === endpointName(e)),
        key,
      ).toBe(true);
    }
  });
});
