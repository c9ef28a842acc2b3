/**
 * Issue #14 (part A): sandbox guards (listen address, production refusals, outboxes, the scan page), security
 * headers, the request id, and the 503 answer while the database is away. The sandbox pay page's link key is
 * tested in payment.routes.test.ts, the database faults in db/fault.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMsg, ApiCode, Msg, signHeaders } from '@xg/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { isLoopbackHost, loadConfig } from '../config.js';
import { refuseDemoAccounts } from '../db/seed/demo-accounts.js';
import { APP_CSP, HSTS, NON_HTML_CSP, SVG_CSP } from './security-headers.js';

const OPERATOR_PHONE = '19900000005'; // demo-premium, the sandbox's operator
const PRO_PHONE = '19900000003';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('sandbox mode: listen address and production refusals (config)', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
      return '';
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  };

  it('listens on loopback by default in sandbox mode, on every address in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', SANDBOX: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test', SANDBOX: 'false' }).seedDemo).toBe(false);
  });

  it('refuses a non-loopback HOST in sandbox mode unless SANDBOX_PUBLIC=true', () => {
    for (const host of ['0.0.0.0', '192.168.1.10', '::']) {
      expect(problems({ HOST: host })).toContain('HOST');
      expect(problems({ HOST: host })).toContain('SANDBOX_PUBLIC=true');
    }
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(problems({ HOST: host })).toBe('');
    const open = loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', SANDBOX_PUBLIC: 'true' });
    expect(open).toMatchObject({ host: '0.0.0.0', sandboxPublic: true });
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });

  it('refuses every sandbox provider and demo data in production (SANDBOX=false)', () => {
    const prod = { SANDBOX: 'false' };
    expect(problems({ ...prod, SMS_PROVIDER: 'sandbox' })).toContain('SMS_PROVIDER');
    expect(problems({ ...prod, WECHAT_PROVIDER: 'sandbox' })).toContain('WECHAT_PROVIDER');
    expect(problems({ ...prod, PAYMENT_MODE: 'sandbox' })).toContain('PAYMENT_MODE');
    expect(problems({ ...prod, SEED_DEMO: 'true' })).toContain('SEED_DEMO');
    expect(problems({ ...prod, SANDBOX_PUBLIC: 'true' })).toContain('SANDBOX_PUBLIC');
    expect(problems({ ...prod, HOST: '0.0.0.0' })).toBe('');
  });

  it('refuses to run production on a database that holds demo accounts', async () => {
    await expect(refuseDemoAccounts(t.ctx.db)).rejects.toThrow(/demo account\(s\)/);
  });
});

describe('sandbox pages without the owner', () => {
  it('answers the SMS and mail outboxes only on this machine (the codes are in the server log too)', async () => {
    const outbox = (options: { remoteAddress?: string; forwardedFor?: string }) =>
      t.app.inject({
        method: 'GET',
        url: `/api/sandbox/smsOutbox?phone=${PRO_PHONE}`,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
      });
    expect((await outbox({})).json()).toMatchObject({ code: ApiCode.OK });
    const remote = await outbox({ remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ code: 404, message: Msg.notFound });
    // behind the (trusted) proxy, a client from elsewhere
    expect((await outbox({ forwardedFor: '198.51.100.4' })).statusCode).toBe(404);
    const mail = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/mailOutbox?email=demo-pro@example.com',
      remoteAddress: '203.0.113.7',
    });
    expect(mail.statusCode).toBe(404);
  });

  it('does not offer or sign in the operator through the scan page', async () => {
    const qr = await t.call('GET', '/api/getQRCode', { flag: 1 });
    const scene = new URL(String(qr.body.sandboxScanUrl)).searchParams.get('scene') ?? '';
    const page = await t.app.inject({ method: 'GET', url: `/api/sandbox/wechat/scan?scene=${scene}` });
    expect(page.body).toContain(PRO_PHONE);
    expect(page.body).not.toContain(OPERATOR_PHONE);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/wechat/scan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ scene, mode: 'existing', phone: OPERATOR_PHONE }).toString(),
    });
    expect(scan.body).toContain(AccountMsg.sandboxScanOperator);
    const status = await t.call('GET', '/api/getQRCodeStatus', { sign: String(qr.body.sign) });
    expect(status.body).not.toHaveProperty('user_token');
    expect(status.body).not.toMatchObject({ status: true });
  });
});

describe('security headers', () => {
  it('sends a restrictive policy, nosniff, DENY and no referrer on API answers', async () => {
    const res = await t.call('GET', '/api/siteConfig');
    expect(res.raw.headers).toMatchObject({
      'content-security-policy': NON_HTML_CSP,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(res.raw.headers['strict-transport-security']).toBeUndefined();
    // errors too
    const missing = await t.call('GET', '/api/no-such-route');
    expect(missing.raw.headers['content-security-policy']).toBe(NON_HTML_CSP);
    expect(missing.raw.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends the app's CSP on HTML, with the referrer policy of spec §2.5 per path", async () => {
    for (const [url, policy] of [
      ['/', 'unsafe-url'],
      ['/index', 'unsafe-url'],
      ['/customPage', 'unsafe-url'],
      ['/search/upSearch', 'no-referrer'],
      ['/member/pay?x=1', 'no-referrer'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toBe(APP_CSP);
      expect(res.headers['referrer-policy']).toBe(policy);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect(APP_CSP).toContain("frame-ancestors 'none'");
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toContain("'unsafe-eval'");
  });

  it('lets an SVG picture style itself and nothing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/assets/avatar/1.svg' });
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(SVG_CSP);
  });

  it('never lets the sandbox pages be framed', async () => {
    const qr = await t.call('GET', '/api/getQRCode', { flag: 1 });
    const scan = await t.app.inject({ method: 'GET', url: new URL(String(qr.body.sandboxScanUrl)).pathname });
    const pay = await t.app.inject({ method: 'GET', url: '/api/sandbox/pay?orderNo=XG1' });
    for (const res of [scan, pay]) {
      expect(res.headers['content-security-policy']).toBe(APP_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('adds HSTS only to answers of HTTPS requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
  });
});

describe('X-Request-Id', () => {
  it("keeps a client's short safe id and replaces a long or unsafe one", async () => {
    const idOf = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } })).headers[
        'x-request-id'
      ];
    expect(await idOf('lb-7f3a.2:ok_1')).toBe('lb-7f3a.2:ok_1');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(await idOf('x'.repeat(2048))).toMatch(uuid);
    expect(await idOf('a b<script>')).toMatch(uuid);
    expect(await idOf('x'.repeat(65))).toMatch(uuid);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']).toMatch(uuid);
  });
});

describe('while the database is away', () => {
  it('answers 503 with the envelope, and health says degraded', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_INDEX: 'false' }),
      databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/nothing',
    };
    const { app } = await buildApp(config);
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({
        code: ApiCode.FAIL,
        message: Msg.serviceUnavailable,
        status: 'degraded',
        db: 'unavailable',
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/gologin',
        headers: { ...signHeaders({ path: '/api/gologin' }), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'loginname=demo-pro%40example.com&loginpwd=whatever1',
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('5');
      expect(login.json()).toMatchObject({ code: ApiCode.FAIL, message: Msg.serviceUnavailable });
      expect(login.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/);
    } finally {
      await app.close();
    }
  });
});
