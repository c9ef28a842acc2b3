import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApiCode, Msg, loginWaitMessage } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { hashPassword } from '../user/password.js';
import {
  LOGIN_CAPTCHA_AFTER,
  LOGIN_DELAY_AFTER,
  LOGIN_DELAY_MAX_SECONDS,
  LOGIN_MAX_FAILURES,
  loginDelaySeconds,
} from './auth.service.js';
import { KIT_CAPTCHA, accountsKit } from './test-kit.js';

/** Finding 6 of issue #14: password guessing across addresses and login names. */
let t: TestApp;
let kit: ReturnType<typeof accountsKit>;
const PASSWORD = 'right-pass-123';
beforeAll(async () => {
  t = await createTestApp();
  kit = accountsKit(t);
});
afterAll(async () => {
  await t.close();
});

/** An account with a phone, an e-mail and PASSWORD. */
async function account() {
  const email = `guess-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const user = await kit.newUser({ email });
  await t.ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  return { ...user, email };
}

interface Try {
  ip?: string;
  captcha?: boolean | 'wrong';
}
async function login(loginname: string, loginpwd: string, { ip = kit.freshIp(), captcha = false }: Try = {}) {
  const cookies = captcha ? await kit.captchaCookie() : {};
  const params: Record<string, string> = { loginname, loginpwd };
  if (captcha) params.checkCode = captcha === 'wrong' ? 'ZZZZ' : KIT_CAPTCHA;
  const res = await t.call('POST', '/api/gologin', params, { headers: { 'x-forwarded-for': ip }, cookies });
  return res.body;
}

const failures = () => t.ctx.db.withTables<{ login_failures: { created_at: Date; account_key: string } }>();
/** Moves the account's failures `seconds` into the past (instead of waiting). */
async function age(userId: string, seconds: number): Promise<void> {
  await failures()
    .updateTable('login_failures')
    .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
    .where('account_key', '=', `user:${userId}`)
    .execute();
}
async function countFailures(userId: string): Promise<number> {
  const rows = await failures()
    .selectFrom('login_failures')
    .select('account_key')
    .where('account_key', '=', `user:${userId}`)
    .execute();
  return rows.length;
}

describe('sign-in guessing is counted per account, across IPs and login names', () => {
  it('50 wrong tries from 10 IPs: the account then needs the captcha and waits, from any IP and name', async () => {
    const a = await account();
    const ips = Array.from({ length: 10 }, () => kit.freshIp());
    let answered = 0;
    for (let i = 0; i < 50; i += 1) {
      const body = await login(i % 2 ? a.email : (a.phone ?? ''), `guess-${i}`, { ip: ips[i % 10] });
      expect(body.code).toBe(ApiCode.FAIL);
      if (body.message === Msg.loginFailed) answered += 1;
    }
    // only the first LOGIN_CAPTCHA_AFTER guesses got a password check; the rest were refused unchecked
    expect(answered).toBe(LOGIN_CAPTCHA_AFTER);
    expect(await countFailures(a.id)).toBe(LOGIN_CAPTCHA_AFTER);
    // the right password from an 11th IP, by phone or by e-mail, without the captcha: refused
    for (const name of [a.phone, a.email]) {
      const body = await login(name ?? '', PASSWORD);
      expect(body).toEqual({ code: ApiCode.FAIL, message: Msg.checkCodeRequired, needCaptcha: true });
    }
  });

  it('counts failures by phone and by e-mail together', async () => {
    const a = await account();
    const ip = kit.freshIp();
    expect((await login(a.email, 'x1', { ip })).message).toBe(Msg.loginFailed);
    expect((await login(a.phone ?? '', 'x2', { ip })).message).toBe(Msg.loginFailed);
    const third = await login(a.email.toUpperCase(), 'x3', { ip });
    expect(third).toEqual({ code: ApiCode.FAIL, message: Msg.loginFailed, needCaptcha: true });
    expect((await login(a.phone ?? '', PASSWORD, { ip })).message).toBe(Msg.checkCodeRequired);
    // the per-(account, IP) lock also counts both names: two more failures lock this IP
    expect((await login(a.phone ?? '', 'x4', { ip, captcha: true })).message).toBe(Msg.loginFailed);
    await age(a.id, 10); // past the first delay (5 s)
    expect((await login(a.email, 'x5', { ip, captcha: true })).message).toBe(Msg.loginFailed);
    await age(a.id, 120);
    expect((await login(a.phone ?? '', PASSWORD, { ip, captcha: true })).message).toBe(Msg.loginLocked);
    expect(LOGIN_MAX_FAILURES).toBe(5);
  });

  it('needs a right captcha once the account has failures; a wrong captcha checks no password', async () => {
    const a = await account();
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i += 1) await login(a.email, `bad-${i}`);
    expect(await countFailures(a.id)).toBe(LOGIN_CAPTCHA_AFTER);
    const wrong = await login(a.email, PASSWORD, { captcha: 'wrong' });
    expect(wrong).toEqual({ code: ApiCode.FAIL, message: Msg.checkCodeWrong, needCaptcha: true });
    expect(await countFailures(a.id)).toBe(LOGIN_CAPTCHA_AFTER); // not a password failure
    // a used-up captcha does not work twice
    const cookies = await kit.captchaCookie();
    const params = { loginname: a.email, loginpwd: 'bad-x', checkCode: KIT_CAPTCHA };
    const first = await t.call('POST', '/api/gologin', params, { cookies });
    expect(first.body.message).toBe(Msg.loginFailed);
    await age(a.id, 30);
    const again = await t.call('POST', '/api/gologin', { ...params, loginpwd: PASSWORD }, { cookies });
    expect(again.body.message).toBe(Msg.checkCodeWrong);
    await age(a.id, 30);
    const right = await login(a.email, PASSWORD, { captcha: true });
    expect(right.code).toBe(ApiCode.OK);
  });

  it('makes the account wait a growing delay, capped so a real user is never locked out for long', async () => {
    expect([4, 5, 6, 7, 8, 9, 12].map(loginDelaySeconds)).toEqual([0, 5, 10, 20, 40, 60, 60]);
    const a = await account();
    for (let i = 0; i < LOGIN_DELAY_AFTER; i += 1)
      await login(a.email, `bad-${i}`, { captcha: i >= LOGIN_CAPTCHA_AFTER });
    const waits: number[] = [];
    for (let n = LOGIN_DELAY_AFTER; n < LOGIN_DELAY_AFTER + 6; n += 1) {
      const refused = await login(a.email, PASSWORD, { captcha: true });
      expect(refused).toMatchObject({ code: ApiCode.FAIL, needCaptcha: true });
      const wait = Number(refused.retryAfter);
      expect(refused.message).toBe(loginWaitMessage(wait));
      waits.push(wait);
      await age(a.id, wait + 1);
      expect((await login(a.email, `bad-${n}`, { captcha: true })).message).toBe(Msg.loginFailed);
    }
    // each wait is the delay less the moments since the last failure (a second or so on a busy machine)
    [5, 10, 20, 40, 60, 60].forEach((delay, k) => {
      expect(waits[k]).toBeLessThanOrEqual(delay);
      expect(waits[k]).toBeGreaterThan(delay - 3);
    });
    expect(Math.max(...waits)).toBeLessThanOrEqual(LOGIN_DELAY_MAX_SECONDS);
    // the owner, once the (at most 60 s) delay has passed, signs in with the captcha from anywhere
    await age(a.id, LOGIN_DELAY_MAX_SECONDS + 1);
    expect((await login(a.phone ?? '', PASSWORD, { captcha: true })).code).toBe(ApiCode.OK);
  });

  it('lets the owner in from a place they signed in from before, without waiting, while an attacker guesses', async () => {
    const a = await account();
    const home = kit.freshIp();
    expect((await login(a.email, PASSWORD, { ip: home })).code).toBe(ApiCode.OK);
    for (let i = 0; i < 8; i += 1) {
      await login(a.email, `attack-${i}`, { captcha: i >= LOGIN_CAPTCHA_AFTER });
      await age(a.id, 61);
    }
    // one more guess just now: the delay is on
    expect((await login(a.email, 'attack-last', { captcha: true })).message).toBe(Msg.loginFailed);
    const stranger = await login(a.email, PASSWORD, { captcha: true });
    expect(stranger.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    const owner = await login(a.email, PASSWORD, { ip: home, captcha: true });
    expect(owner.code).toBe(ApiCode.OK);
    // after the account window (30 minutes) the captcha is no longer needed
    await age(a.id, 31 * 60);
    expect((await login(a.phone ?? '', PASSWORD)).code).toBe(ApiCode.OK);
  });

  it('treats a name without an account exactly like an account (nothing to enumerate)', async () => {
    const ghost = `ghost-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const answers = [];
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER + 1; i += 1) answers.push(await login(ghost, `x${i}`));
    expect(answers.at(-2)).toEqual({ code: ApiCode.FAIL, message: Msg.loginFailed, needCaptcha: true });
    expect(answers.at(-1)).toEqual({ code: ApiCode.FAIL, message: Msg.checkCodeRequired, needCaptcha: true });
  });

  it('parallel guesses cannot slip past the captcha rule', async () => {
    const a = await account();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(a.email, `par-${i}`)));
    expect(answers.filter((b) => b.message === Msg.loginFailed)).toHaveLength(LOGIN_CAPTCHA_AFTER);
    expect(answers.filter((b) => b.message === Msg.checkCodeRequired)).toHaveLength(12 - LOGIN_CAPTCHA_AFTER);
  });
});
