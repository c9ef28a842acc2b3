import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMsg, Msg, computeSign, signHeaders } from '@xg/shared';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { ReplayCache, targetPath } from './sign.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('request signing', () => {
  it('accepts a correctly signed request', async () => {
    const res = await t.call('GET', '/api/siteConfig');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect((res.body.site as { productName: string }).productName).toBeTruthy();
  });

  it('rejects a request without sign headers with 403', async () => {
    const res = await t.call('GET', '/api/siteConfig', {}, { unsigned: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Msg.signInvalid);
  });

  it('rejects a stale timestamp', async () => {
    const headers = signHeaders({ path: '/api/siteConfig', now: Date.now() - 10 * 60 * 1000 });
    const res = await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers: { ...headers } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Msg.signStale);
  });

  it('rejects a forged sign and a sign made for another path', async () => {
    const headers = signHeaders({ path: '/api/siteConfig' });
    const forged = await t.call(
      'GET',
      '/api/siteConfig',
      {},
      { unsigned: true, headers: { ...headers, sign: 'f'.repeat(32) } },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(Msg.signInvalid);
    const other = signHeaders({ path: '/api/getMenu' });
    const wrongPath = await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers: { ...other } });
    expect(wrongPath.status).toBe(403);
  });

  it('binds the sign to the token: swapping the token breaks it', async () => {
    const timetemp = String(Date.now());
    const sign = computeSign(timetemp, '/api/siteConfig', 'token-a');
    const res = await t.call(
      'GET',
      '/api/siteConfig',
      {},
      {
        unsigned: true,
        headers: { timetemp, sign, encrypt: 'x', 'USER-TOKEN': 'token-b' },
      },
    );
    expect(res.status).toBe(403);
  });

  it('serves health without a sign and answers unknown api paths with a 404 envelope', async () => {
    const health = await t.call('GET', '/api/health', {}, { unsigned: true });
    expect(health.body).toMatchObject({ code: 200, status: 'ok', db: 'ok' });
    const missing = await t.call('GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });
});

/** A raw HTTP request with the request target exactly as given (light-my-request would normalise it). */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the sign check runs on the routed path, whatever the request target looks like', () => {
  let port = 0;
  let token = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const res = await t.call('POST', '/api/gologin', {
      loginname: 'demo-free@example.com',
      loginpwd: TEST_DEMO_PASSWORD,
    });
    token = String(res.body.user_token);
  });

  const spellings = [
    'http://x/api/user/userInfo',
    'HTTP://x:1/api/user/userInfo',
    'http://x/api/user/userInfo?a=1',
    '/api/user/userInfo/',
    '/api/user/%75serInfo',
    '/api/user/userInfo?x=/api/health',
  ];

  it.each(spellings)('refuses %s without sign headers (with a token) with 403', async (target) => {
    const res = await rawRequest(port, 'GET', target, { 'user-token': token });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ code: 403, message: Msg.signInvalid });
  });

  it.each(['http://x/api/searchKol?keyword=a', 'http://x/api/siteConfig', 'http://x/api/getMenu'])(
    'refuses the absolute-form target %s without a sign',
    async (target) => {
      expect((await rawRequest(port, 'GET', target)).status).toBe(403);
    },
  );

  it('refuses an unsigned absolute-form sign-in before it reaches the route', async () => {
    const res = await rawRequest(port, 'POST', 'http://x/api/gologin', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(403);
  });

  it('checks HEAD like GET, and an OPTIONS or unknown method on an /api path too', async () => {
    expect((await rawRequest(port, 'HEAD', 'http://x/api/user/userInfo', { 'user-token': token })).status).toBe(403);
    expect((await rawRequest(port, 'HEAD', '/api/user/userInfo', { 'user-token': token })).status).toBe(403);
    expect((await rawRequest(port, 'OPTIONS', 'http://x/api/user/userInfo')).status).toBe(403);
  });

  it('accepts a correct sign on an absolute-form target (the sign covers the routed path)', async () => {
    const headers = { ...signHeaders({ path: '/api/user/userInfo', token }) };
    const res = await rawRequest(port, 'GET', 'http://x/api/user/userInfo', headers);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ code: 200, userInfoMap: { email: 'demo-free@example.com' } });
  });

  it('does not treat a double-slash or exempt-looking spelling as exempt', async () => {
    for (const target of ['//api/user/userInfo', '/api//user/userInfo', 'http://x//api/user/userInfo']) {
      const res = await rawRequest(port, 'GET', target, { 'user-token': token });
      expect(res.status, target).not.toBe(200);
    }
    // a path that only names an exempt route in its query is still checked
    expect((await rawRequest(port, 'GET', '/api/getMenu?/api/health', { 'user-token': token })).status).toBe(403);
  });

  it('still serves the exempt routes without a sign, in any spelling', async () => {
    expect((await rawRequest(port, 'GET', 'http://x/api/health')).status).toBe(200);
    expect((await rawRequest(port, 'GET', '/api/health/')).status).toBe(200);
  });

  it('reads a request target the way the router does', () => {
    expect(targetPath('http://x/api/a/b?c=d')).toBe('/api/a/b');
    expect(targetPath('https://x:8080')).toBe('/');
    expect(targetPath('//api//a/')).toBe('/api/a');
    expect(targetPath('/api/%61%2Fb#x')).toBe('/api/a/b');
    expect(targetPath('/api/%zz')).toBe('/api/%zz');
  });
});

describe('replay protection', () => {
  it('refuses a replay whose encrypt header was changed (encrypt is not covered by the sign)', async () => {
    const headers = { ...signHeaders({ path: '/api/siteConfig' }) };
    expect((await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers })).status).toBe(200);
    const replay = await t.call(
      'GET',
      '/api/siteConfig',
      {},
      { unsigned: true, headers: { ...headers, encrypt: 'e'.repeat(32) } },
    );
    expect(replay.status).toBe(403);
    expect(replay.body.message).toBe(AccountMsg.signReplayed);
  });

  it('refuses a replay with another query or body (neither is covered by the sign)', async () => {
    const headers = { ...signHeaders({ path: '/api/getMenuPrivilege' }) };
    const first = await t.call('GET', '/api/getMenuPrivilege', { menuId: 1 }, { unsigned: true, headers });
    expect(first.status).not.toBe(403);
    const other = await t.call('GET', '/api/getMenuPrivilege', { menuId: 2 }, { unsigned: true, headers });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(AccountMsg.signReplayed);
    const login = { ...signHeaders({ path: '/api/gologin' }) };
    await t.call(
      'POST',
      '/api/gologin',
      { loginname: 'replay-probe@example.com', loginpwd: 'x1' },
      { unsigned: true, headers: login },
    );
    const again = await t.call(
      'POST',
      '/api/gologin',
      { loginname: 'replay-probe@example.com', loginpwd: 'x2' },
      { unsigned: true, headers: { ...login, encrypt: '0'.repeat(32) } },
    );
    expect(again.status).toBe(403);
  });

  it('lets many calls to one path in the same millisecond through (the client never repeats a timetemp)', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => t.call('GET', '/api/siteConfig')));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
  });

  it('refuses the same (timetemp, encrypt, sign) a second time with 403', async () => {
    const headers = { ...signHeaders({ path: '/api/siteConfig' }) };
    const first = await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers });
    expect(first.status).toBe(200);
    const replay = await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers });
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual({ code: 403, message: AccountMsg.signReplayed });
    // a fresh signature for the same call passes
    expect((await t.call('GET', '/api/siteConfig')).status).toBe(200);
  });

  it('replays a signed sign-in: the replay is refused before it reaches the route', async () => {
    const headers = { ...signHeaders({ path: '/api/gologin' }) };
    const body = { loginname: 'demo-free@example.com', loginpwd: 'wrong-password' };
    const first = await t.call('POST', '/api/gologin', body, { unsigned: true, headers });
    expect(first.body.message).toBe(Msg.loginFailed);
    const replay = await t.call('POST', '/api/gologin', body, { unsigned: true, headers });
    expect(replay.status).toBe(403);
    const failures = await t.ctx.db
      .withTables<{ login_failures: { login_key: string } }>()
      .selectFrom('login_failures')
      .select('login_key')
      .where('login_key', '=', 'email:demo-free@example.com')
      .execute();
    expect(failures).toHaveLength(1);
  });

  it('does not let a forged request fill the cache (only verified triples are remembered)', async () => {
    const headers = { ...signHeaders({ path: '/api/siteConfig' }) };
    const forged = await t.call(
      'GET',
      '/api/siteConfig',
      {},
      { unsigned: true, headers: { ...headers, sign: 'f'.repeat(32) } },
    );
    expect(forged.body.message).toBe(Msg.signInvalid);
    expect((await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers })).status).toBe(200);
  });
});

describe('ReplayCache', () => {
  it('remembers a key for its time to live', () => {
    let now = 0;
    const cache = new ReplayCache(1000, 100, () => now);
    expect(cache.remember('a')).toBe(true);
    expect(cache.remember('a')).toBe(false);
    now = 999;
    expect(cache.remember('a')).toBe(false);
    now = 1000;
    expect(cache.remember('a')).toBe(true);
  });

  it('stays bounded: expired keys go first, then the oldest', () => {
    let now = 0;
    const cache = new ReplayCache(1000, 3, () => now);
    cache.remember('old-1');
    cache.remember('old-2');
    now = 1500; // old-1 and old-2 expired
    cache.remember('new-1'); // 3 keys: the limit
    cache.remember('new-2'); // full: the expired ones leave first
    expect(cache.size).toBe(2);
    cache.remember('new-3');
    expect(cache.size).toBe(3);
    expect(cache.remember('new-1')).toBe(false);
    cache.remember('new-4'); // full of live keys: the oldest (new-1) leaves
    expect(cache.size).toBe(3);
    expect(cache.remember('new-3')).toBe(false);
    expect(cache.remember('new-1')).toBe(true);
  });
});
