import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { ApiCode, Msg, type UserInfo } from '@xg/shared';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { REDACT_PATHS } from '../../app.js';
import { DEMO_SPECS } from '../../db/seed/demo-accounts.js';
import { LOGIN_CAPTCHA_AFTER, LOGIN_MAX_FAILURES } from './auth.service.js';
import { KIT_CAPTCHA, accountsKit } from './test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A sign-in from `ip`; with `captcha` it answers a fresh image captcha (needed after LOGIN_CAPTCHA_AFTER failures). */
async function login(loginname: string, loginpwd: string, ip = '198.51.100.10', captcha = false) {
  const cookies = captcha ? await accountsKit(t).captchaCookie() : {};
  const params: Record<string, string> = { loginname, loginpwd };
  if (captcha) params.checkCode = KIT_CAPTCHA;
  return t.call('POST', '/api/gologin', params, { headers: { 'x-forwarded-for': ip }, cookies });
}

async function tokenOf(loginname: string, ip?: string): Promise<string> {
  const res = await login(loginname, TEST_DEMO_PASSWORD, ip);
  expect(res.body.code).toBe(ApiCode.OK);
  return String(res.body.user_token);
}

describe('POST /api/gologin', () => {
  it.each(DEMO_SPECS.map((d) => [d.email, d.phone] as const))(
    'signs in demo account %s by e-mail and by phone %s',
    async (email, phone) => {
      const byEmail = await login(email, TEST_DEMO_PASSWORD);
      expect(byEmail.body).toMatchObject({ code: ApiCode.OK, message: Msg.loginOk, userInfoMap: { email } });
      expect(String(byEmail.body.user_token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const byPhone = await login(phone, TEST_DEMO_PASSWORD);
      expect(byPhone.body).toMatchObject({
        code: ApiCode.OK,
        userInfoMap: { id: (byEmail.body.userInfoMap as UserInfo).id },
      });
    },
  );

  it('trims the login name and compares e-mails without case', async () => {
    const res = await login('  Demo-Free@Example.COM ', TEST_DEMO_PASSWORD);
    expect(res.body).toMatchObject({ code: ApiCode.OK, userInfoMap: { email: 'demo-free@example.com' } });
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await login('demo-basic@example.com', 'not-the-password');
    const unknownEmail = await login('nobody@example.com', 'not-the-password');
    const unknownPhone = await login('13312345678', 'not-the-password');
    for (const res of [wrong, unknownEmail, unknownPhone]) {
      expect(res.body).toEqual({ code: ApiCode.FAIL, message: Msg.loginFailed });
    }
  });

  it.each([
    [{ loginpwd: 'x' }, Msg.loginnameRequired],
    [{ loginname: '  ', loginpwd: 'x' }, Msg.loginnameRequired],
    [{ loginname: 'demo-free@example.com' }, Msg.loginpwdRequired],
    [{ loginname: 'demo-free', loginpwd: 'x' }, Msg.contactInvalid],
  ])('refuses %j with its message', async (params, message) => {
    const res = await t.call('POST', '/api/gologin', params);
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message });
  });

  it(`locks an account for an IP after ${LOGIN_MAX_FAILURES} failures in 10 minutes`, async () => {
    const ip = '203.0.113.5';
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      const res = await login('demo-pro@example.com', `wrong-${i}`, ip, i >= LOGIN_CAPTCHA_AFTER);
      expect(res.body.message).toBe(Msg.loginFailed);
    }
    const locked = await login('demo-pro@example.com', TEST_DEMO_PASSWORD, ip, true);
    expect(locked.body).toEqual({ code: ApiCode.FAIL, message: Msg.loginLocked });
    // another account from this IP is not locked
    expect((await login('demo-basic@example.com', TEST_DEMO_PASSWORD, ip)).body.code).toBe(ApiCode.OK);
    // the same account from another IP is not locked either, once the account's growing delay has passed
    const failures = t.ctx.db.withTables<{ login_failures: { created_at: Date; ip: string } }>();
    await failures
      .updateTable('login_failures')
      .set({ created_at: sql<Date>`created_at - interval '2 minutes'` })
      .where('ip', '=', ip)
      .execute();
    expect((await login('demo-pro@example.com', TEST_DEMO_PASSWORD, '203.0.113.6', true)).body.code).toBe(ApiCode.OK);
    // once the failures are older than 10 minutes the pair's lock is gone, and a success clears its count
    await failures
      .updateTable('login_failures')
      .set({ created_at: sql<Date>`now() - interval '11 minutes'` })
      .where('ip', '=', ip)
      .execute();
    expect((await login('demo-pro@example.com', TEST_DEMO_PASSWORD, ip, true)).body.code).toBe(ApiCode.OK);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM login_failures WHERE ip = ${ip}`.execute(t.ctx.db);
    expect(left.rows[0]?.n).toBe('0');
  });

  it('locks unknown accounts too, so the lock does not tell which accounts exist', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) await login('ghost@example.com', 'x', ip, i >= LOGIN_CAPTCHA_AFTER);
    expect((await login('ghost@example.com', 'x', ip, true)).body.message).toBe(Msg.loginLocked);
  });
});

describe('sessions: one live session, logout, 401', () => {
  it('a second sign-in kicks the first token out with code 461', async () => {
    const first = await tokenOf('demo-ent@example.com');
    expect((await t.call('GET', '/api/user/userInfo', {}, { token: first })).body.code).toBe(ApiCode.OK);
    const second = await tokenOf('19900000004');
    const kicked = await t.call('GET', '/api/user/userInfo', {}, { token: first });
    expect(kicked.body).toEqual({ code: ApiCode.KICKED, message: Msg.kickedOut });
    expect((await t.call('GET', '/api/user/userInfo', {}, { token: second })).body.code).toBe(ApiCode.OK);
  });

  it('GET /api/logout ends the session: the token then gets code 0', async () => {
    const token = await tokenOf('demo-premium@example.com');
    const out = await t.call('GET', '/api/logout', {}, { token });
    expect(out.body).toEqual({ code: ApiCode.OK, message: Msg.logoutOk });
    const after = await t.call('GET', '/api/user/userInfo', {}, { token });
    expect(after.body).toEqual({ code: ApiCode.LOGOUT, message: Msg.sessionExpired });
    expect((await t.call('GET', '/api/logout', {}, { token })).body.code).toBe(ApiCode.LOGOUT);
    const row = await t.ctx.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('logout');
  });

  it.each(['/api/user/userInfo', '/api/getMenu', '/api/logout', '/api/getMenuPrivilege'])(
    '%s without a token is HTTP 401',
    async (p) => {
      const res = await t.call('GET', p, p.endsWith('Privilege') ? { menuId: 101 } : {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: Msg.notSignedIn });
    },
  );

  it('an unknown token gets code 0', async () => {
    const res = await t.call('GET', '/api/user/userInfo', {}, { token: 'x'.repeat(43) });
    expect(res.body.code).toBe(ApiCode.LOGOUT);
  });
});

describe('logs', () => {
  it('the redact paths hide tokens, passwords and cookies', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    logger.info({
      req: { headers: { 'user-token': 'TOKEN-1', cookie: 'xg_captcha=CAPTCHA-1', sign: 'SIGN-1' } },
      res: { headers: { 'set-cookie': 'xg_captcha=CAPTCHA-2' } },
      body: { loginpwd: 'PW-1', password: 'PW-2', rePassword: 'PW-3' },
      answer: { user_token: 'TOKEN-2', token: 'TOKEN-3' },
    });
    const text = lines.join('');
    for (const secret of [
      'TOKEN-1',
      'TOKEN-2',
      'TOKEN-3',
      'CAPTCHA-1',
      'CAPTCHA-2',
      'SIGN-1',
      'PW-1',
      'PW-2',
      'PW-3',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('a real server at trace level never writes a token or a password', async () => {
    // A separate process, because the app's logger writes straight to file descriptor 1.
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', PROBE],
      {
        cwd: serverDir,
        env: { ...process.env, PROBE_DB: t.databaseUrl, PROBE_PASSWORD: TEST_DEMO_PASSWORD },
        timeout: 60_000,
      },
    );
    const secrets = JSON.parse(stderr.trim().split('\n').pop() ?? '{}') as { tokens?: string[]; passwords?: string[] };
    expect(secrets.tokens).toHaveLength(2);
    expect(stdout).toContain('incoming request');
    expect(stdout).toContain('[sms-sandbox]');
    for (const secret of [...(secrets.tokens ?? []), ...(secrets.passwords ?? [])])
      expect(stdout).not.toContain(secret);
  });
});

/** Runs in the child: signs in, registers, reads user info, fails a sign-in, logs out; prints the secrets used. */
const PROBE = `
import { signHeaders } from '@xg/shared';
import { buildApp } from './src/app.ts';
import { loadConfig } from './src/config.ts';
import { createCaptchaService } from './src/modules/auth/captcha.service.ts';
const password = process.env.PROBE_PASSWORD;
const newPassword = 'probe-secret-' + Math.random().toString(36).slice(2);
const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', LOG_FORMAT: 'json' }), databaseUrl: process.env.PROBE_DB };
const { app, ctx } = await buildApp(config);
await app.ready();
const call = async (method, url, params = {}, token = null, cookies = {}) => {
  const headers = { ...signHeaders({ path: url, token }) };
  const req = { method, url, headers, cookies };
  if (method === 'GET') req.query = params;
  else { req.payload = new URLSearchParams(params).toString(); headers['content-type'] = 'application/x-www-form-urlencoded'; }
  return (await app.inject(req)).json();
};
const signedIn = await call('POST', '/api/gologin', { loginname: 'demo-trial@example.com', loginpwd: password });
await call('GET', '/api/user/userInfo', {}, signedIn.user_token);
await call('POST', '/api/gologin', { loginname: 'demo-trial@example.com', loginpwd: newPassword });
const phone = '13512340000';
const { id } = await createCaptchaService(ctx.db).issue({ ip: null, code: 'ABCD' });
await call('POST', '/api/smsVerifyCode', { type: 1, phone, checkCode: 'ABCD' }, null, { xg_captcha: id });
const outbox = await call('GET', '/api/sandbox/smsOutbox', { phone });
const registered = await call('POST', '/api/goregister', { phone, checkCode: 'ABCD', verifyCode: outbox.list[0].code, password: newPassword, rePassword: newPassword, type: 2 });
await call('GET', '/api/logout', {}, registered.user_token);
await app.close();
process.stderr.write('\\n' + JSON.stringify({ tokens: [signedIn.user_token, registered.user_token].filter(Boolean), passwords: [password, newPassword] }) + '\\n');
`;
