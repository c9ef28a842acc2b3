import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, computeSign, signHeaders } from '@xg/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';

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
    const forged = await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers: { ...headers, sign: 'f'.repeat(32) } });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(Msg.signInvalid);
    const other = signHeaders({ path: '/api/getMenu' });
    const wrongPath = await t.call('GET', '/api/siteConfig', {}, { unsigned: true, headers: { ...other } });
    expect(wrongPath.status).toBe(403);
  });

  it('binds the sign to the token: swapping the token breaks it', async () => {
    const timetemp = String(Date.now());
    const sign = computeSign(timetemp, '/api/siteConfig', 'token-a');
    const res = await t.call('GET', '/api/siteConfig', {}, {
      unsigned: true,
      headers: { timetemp, sign, encrypt: 'x', 'USER-TOKEN': 'token-b' },
    });
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
