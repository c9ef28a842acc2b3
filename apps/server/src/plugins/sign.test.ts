import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMsg, Msg, computeSign, signHeaders } from '@xg/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ReplayCache } from './sign.js';

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

describe('replay protection', () => {
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
