import crypto from 'node:crypto';
import type { AppContext } from '../../context.js';
import { CAPTCHA_COOKIE, createCaptchaService } from './captcha.service.js';

/**
 * Test support for the accounts tests (no test-framework import, so it builds with the server): captchas
 * with a known answer, codes read from the sandbox outboxes, sign-ins. Works on any `createTestApp()`.
 */
export interface KitApp {
  ctx: AppContext;
  call(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    path: string,
    params?: Record<string, string | number>,
    options?: {
      token?: string | null;
      headers?: Record<string, string>;
      cookies?: Record<string, string>;
      unsigned?: boolean;
    },
  ): Promise<{ status: number; body: Record<string, unknown> & { code: number; message: string } }>;
}

export const KIT_CAPTCHA = 'K7MX';

export function accountsKit(t: KitApp) {
  const captchas = createCaptchaService(t.ctx.db);
  let seq = 0;

  /** A client IP no other call of this kit uses (fresh per-IP limits and caps). */
  const freshIp = () => {
    seq += 1;
    return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
  };

  async function captchaCookie(code = KIT_CAPTCHA): Promise<Record<string, string>> {
    const { id } = await captchas.issue({ ip: null, code });
    return { [CAPTCHA_COOKIE]: id };
  }

  function expectOk(res: { body: { code: number; message: string } }, what: string): void {
    if (res.body.code !== 200) throw new Error(`${what}: ${res.body.code} ${res.body.message}`);
  }

  /** The newest code in the sandbox SMS outbox of a phone. */
  async function latestSmsCode(phone: string): Promise<string> {
    const res = await t.call('GET', '/api/sandbox/smsOutbox', { phone }, { unsigned: true });
    const list = res.body.list;
    const first: unknown = Array.isArray(list) ? list[0] : undefined;
    if (typeof first !== 'object' || first === null || !('code' in first) || typeof first.code !== 'string')
      throw new Error(`no SMS code for ${phone}`);
    return first.code;
  }

  /** Sends an SMS code of `type` the way the web does (captcha first) and answers it. */
  async function smsCode(type: number, phone: string): Promise<string> {
    const res = await t.call(
      'POST',
      '/api/smsVerifyCode',
      { type, phone, checkCode: KIT_CAPTCHA },
      { cookies: await captchaCookie(), headers: { 'x-forwarded-for': freshIp() } },
    );
    expectOk(res, `smsVerifyCode ${type} ${phone}`);
    return latestSmsCode(phone);
  }

  /** Sends the bind panel's e-mail code and reads it back from the sandbox mail outbox. */
  async function emailCode(email: string): Promise<string> {
    const res = await t.call(
      'POST',
      '/api/emailVerifyCode',
      { type: 8, email, checkCode: KIT_CAPTCHA },
      { cookies: await captchaCookie(), headers: { 'x-forwarded-for': freshIp() } },
    );
    expectOk(res, `emailVerifyCode ${email}`);
    const outbox = await t.call('GET', '/api/sandbox/mailOutbox', { email }, { unsigned: true });
    const list = outbox.body.list;
    const first: unknown = Array.isArray(list) ? list[0] : undefined;
    const text = typeof first === 'object' && first !== null && 'text' in first ? String(first.text) : '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no mail code for ${email}`);
    return code;
  }

  /**
   * Registers `phone` through POST /api/goregister as the web does (its SMS code first), with `password` for both
   * fields; `extra`: the type (2 phone, 3 invited, 5 with a WeChat taId …) and what that type brings.
   */
  async function register(phone: string, extra: Record<string, string | number>, password = 'secret-123') {
    const verifyCode = await smsCode(1, phone);
    return t.call('POST', '/api/goregister', {
      phone,
      checkCode: KIT_CAPTCHA,
      verifyCode,
      password,
      rePassword: password,
      ...extra,
    });
  }

  async function login(loginname: string, loginpwd: string): Promise<string> {
    const res = await t.call(
      'POST',
      '/api/gologin',
      { loginname, loginpwd },
      { headers: { 'x-forwarded-for': freshIp() } },
    );
    expectOk(res, `gologin ${loginname}`);
    return String(res.body.user_token);
  }

  /** A new account made in the database with a live session: its id, token and phone. */
  async function newUser(
    fields: { phone?: string | null; email?: string | null; userType?: number; isOldPassword?: number } = {},
  ) {
    const n = crypto.randomInt(10_000_000, 99_999_999);
    const phone = fields.phone === undefined ? `137${n}` : fields.phone;
    const row = await t.ctx.db
      .insertInto('users')
      .values({
        username: `测试${n}`,
        phone,
        email: fields.email ?? null,
        password_hash: 'x',
        invite_code: `K${n}`,
        user_type: fields.userType ?? 0,
        is_old_password: fields.isOldPassword ?? 1,
        maturity_time: fields.userType ? new Date(Date.now() + 30 * 24 * 3600 * 1000) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await t.ctx.sessions.open(row.id, { ip: null, userAgent: null });
    return { id: row.id, token, phone };
  }

  let phoneSeq = crypto.randomInt(1000, 9000);
  /** A mainland phone no other test uses. */
  const freshPhone = () =>
    `135${String(crypto.randomInt(1000, 9999))}${String((phoneSeq += 1) % 10_000).padStart(4, '0')}`;

  return { captchaCookie, latestSmsCode, smsCode, emailCode, register, login, newUser, freshIp, freshPhone };
}
