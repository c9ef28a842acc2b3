import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AccountMsg, ApiCode, Msg } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { SandboxSmsProvider } from '../../providers/sms/sandbox-sms.js';
import type { SmsProvider } from '../../providers/sms/sms-provider.js';
import { UserRepository } from '../user/user.repository.js';
import { CAPTCHA_COOKIE, createCaptchaService, type CaptchaService } from './captcha.service.js';
import { AUTH_RATE_LIMITS } from './auth.routes.js';
import { SMS_DAILY_PER_IP, SMS_DAILY_PER_PHONE, SmsService } from './sms.service.js';
import { accountsKit } from './test-kit.js';

const CODE = 'K7MX';
const DEMO_FREE_PHONE = '19900000001';

let t: TestApp;
let captchas: CaptchaService;
let phoneSeq = 0;
/** A phone no other test in this file uses (fresh cooldown and daily count). */
const freshPhone = () => `1380000${String(1000 + (phoneSeq += 1))}`;

beforeAll(async () => {
  t = await createTestApp();
  captchas = createCaptchaService(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

/** The cookie of a captcha whose answer is `code`, as if this browser had loaded /api/valicode.jpg. */
async function captchaCookie(code = CODE): Promise<Record<string, string>> {
  const { id } = await captchas.issue({ ip: null, code });
  return { [CAPTCHA_COOKIE]: id };
}

async function send(params: Record<string, string | number>, cookies?: Record<string, string>, ip = '198.51.100.1') {
  return t.call('POST', '/api/smsVerifyCode', params, {
    cookies: cookies ?? (await captchaCookie()),
    headers: { 'x-forwarded-for': ip },
  });
}

/** Moves a phone's codes 61 seconds into the past: the next code of the phone is past the 60-second cooldown. */
async function pastCooldown(phone: string): Promise<void> {
  await t.ctx.db
    .updateTable('sms_codes')
    .set({ created_at: sql<Date>`now() - interval '61 seconds'` })
    .where('phone', '=', phone)
    .execute();
}

describe('POST /api/smsVerifyCode', () => {
  it('sends a 6-digit code through the sandbox provider and keeps it 5 minutes', async () => {
    const phone = freshPhone();
    const res = await send({ type: 1, phone, checkCode: CODE });
    expect(res.body).toEqual({ code: ApiCode.OK, message: Msg.smsSent });
    const row = await t.ctx.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 1, provider: 'sandbox', ip: '198.51.100.1', consumed_at: null, attempts: 0 });
    expect(row.code).toMatch(/^\d{6}$/);
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(ttl).toBeGreaterThan(299_000);
    expect(ttl).toBeLessThan(301_000);
  });

  it.each([
    [{ type: 1, checkCode: CODE }, Msg.phoneRequired],
    [{ type: 1, phone: '  ', checkCode: CODE }, Msg.phoneRequired],
    [{ type: 1, phone: '12800000000', checkCode: CODE }, Msg.phoneInvalid],
    [{ type: 1, phone: '1380000000', checkCode: CODE }, Msg.phoneInvalid],
    [{ type: 1, phone: '13800000000' }, Msg.checkCodeRequired],
    [{ type: 1, phone: '13800000000', checkCode: ' ' }, Msg.checkCodeRequired],
    [{ type: 3, phone: '13800000000', checkCode: CODE }, Msg.smsTypeInvalid],
    [{ phone: '13800000000', checkCode: CODE }, Msg.smsTypeInvalid],
  ])('refuses bad input %j with its message and sends nothing', async (params, message) => {
    const res = await send(params);
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message });
    const count = await t.ctx.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('phone', '=', '13800000000')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a wrong captcha answer, and the captcha is then used up', async () => {
    const cookies = await captchaCookie();
    const wrong = await send({ type: 1, phone: freshPhone(), checkCode: 'AAAA' }, cookies);
    expect(wrong.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.checkCodeWrong });
    const retry = await send({ type: 1, phone: freshPhone(), checkCode: CODE }, cookies);
    expect(retry.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.checkCodeWrong });
  });

  it('refuses a captcha used once already', async () => {
    const cookies = await captchaCookie();
    expect((await send({ type: 1, phone: freshPhone(), checkCode: CODE }, cookies)).body.code).toBe(ApiCode.OK);
    const reused = await send({ type: 1, phone: freshPhone(), checkCode: CODE }, cookies);
    expect(reused.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.checkCodeWrong });
  });

  it('refuses the answer of a captcha loaded by another browser, and a request without the cookie', async () => {
    await captchaCookie('WXYZ'); // another browser's captcha, answer WXYZ
    const mine = await captchaCookie('ABCD');
    const res = await send({ type: 1, phone: freshPhone(), checkCode: 'WXYZ' }, mine);
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.checkCodeWrong });
    const noCookie = await send({ type: 1, phone: freshPhone(), checkCode: CODE }, {});
    expect(noCookie.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.checkCodeWrong });
  });

  it('keeps 60 seconds between two codes of one phone and type', async () => {
    const phone = freshPhone();
    expect((await send({ type: 1, phone, checkCode: CODE })).body.code).toBe(ApiCode.OK);
    const again = await send({ type: 1, phone, checkCode: CODE });
    expect(again.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.smsTooFrequent });
    await pastCooldown(phone);
    expect((await send({ type: 1, phone, checkCode: CODE })).body.code).toBe(ApiCode.OK);
  });

  it('type 1 refuses a registered phone; type 2 refuses an unregistered one', async () => {
    const taken = await send({ type: 1, phone: DEMO_FREE_PHONE, checkCode: CODE });
    expect(taken.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.phoneTaken });
    const unknown = await send({ type: 2, phone: freshPhone(), checkCode: CODE });
    expect(unknown.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.phoneNotRegistered });
    const forgot = await send({ type: 2, phone: DEMO_FREE_PHONE, checkCode: CODE });
    expect(forgot.body).toEqual({ code: ApiCode.OK, message: Msg.smsSent });
  });

  it(`caps a phone at ${SMS_DAILY_PER_PHONE} codes a day`, async () => {
    const phone = freshPhone();
    const earlier = Array.from({ length: SMS_DAILY_PER_PHONE }, () => ({
      phone,
      type: 2,
      code: '000000',
      provider: 'sandbox',
      ip: '192.0.2.50',
      created_at: sql<Date>`greatest(now() - interval '2 minutes', date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`,
      expires_at: new Date(),
    }));
    await t.ctx.db.insertInto('sms_codes').values(earlier).execute();
    const res = await send({ type: 1, phone, checkCode: CODE });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.smsDailyLimit });
  });

  it(`caps an IP at ${SMS_DAILY_PER_IP} codes a day`, async () => {
    const ip = '192.0.2.99';
    const earlier = Array.from({ length: SMS_DAILY_PER_IP }, (_, i) => ({
      phone: `1370000${String(1000 + i)}`,
      type: 1,
      code: '000000',
      provider: 'sandbox',
      ip,
      created_at: sql<Date>`greatest(now() - interval '2 minutes', date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`,
      expires_at: new Date(),
    }));
    await t.ctx.db.insertInto('sms_codes').values(earlier).execute();
    const res = await send({ type: 1, phone: freshPhone(), checkCode: CODE }, undefined, ip);
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.smsDailyLimit });
    const otherIp = await send({ type: 1, phone: freshPhone(), checkCode: CODE }, undefined, '192.0.2.100');
    expect(otherIp.body.code).toBe(ApiCode.OK);
  });

  it('answers Msg.smsSendFailed and keeps no code when the provider fails', async () => {
    const failing: SmsProvider = { name: 'failing', sendCode: () => Promise.reject(new Error('gateway down')) };
    const service = new SmsService(t.ctx.db, failing, captchas, new UserRepository(t.ctx.db), t.app.log);
    const phone = freshPhone();
    const { id } = await captchas.issue({ ip: null, code: CODE });
    await expect(service.send({ type: 1, phone, checkCode: CODE, captchaId: id, ip: null })).rejects.toMatchObject({
      message: Msg.smsSendFailed,
    });
    const rows = await t.ctx.db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('sandbox SMS provider and outbox', () => {
  it('writes the code to the log', async () => {
    const lines: string[] = [];
    await new SandboxSmsProvider((l) => lines.push(l)).sendCode({ phone: '13912345678', code: '123456', type: 1 });
    expect(lines).toEqual(['[sms-sandbox] phone=13912345678 code=123456 type=1']);
  });

  it('GET /api/sandbox/smsOutbox lists the latest codes of a phone, newest first', async () => {
    const phone = freshPhone();
    expect((await send({ type: 1, phone, checkCode: CODE })).body.code).toBe(ApiCode.OK);
    await pastCooldown(phone);
    expect((await send({ type: 1, phone, checkCode: CODE })).body.code).toBe(ApiCode.OK);

    const res = await t.call('GET', '/api/sandbox/smsOutbox', { phone }, { unsigned: true });
    expect(res.body.code).toBe(ApiCode.OK);
    const list = res.body.list as { phone: string; code: string; type: number; createdAt: string }[];
    expect(list).toHaveLength(2);
    const rows = await t.ctx.db
      .selectFrom('sms_codes')
      .select(['code', 'created_at'])
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .execute();
    expect(list.map((e) => e.code)).toEqual(rows.map((r) => r.code));
    expect(list[0]).toEqual({ phone, code: rows[0]?.code, type: 1, createdAt: rows[0]?.created_at.toISOString() });

    const bad = await t.call('GET', '/api/sandbox/smsOutbox', { phone: '123' }, { unsigned: true });
    expect(bad.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.phoneInvalid });
  });

  it('keeps only the latest 10', async () => {
    const phone = freshPhone();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      phone,
      type: 1,
      code: String(100000 + i),
      provider: 'sandbox',
      ip: null,
      created_at: new Date(Date.now() - (12 - i) * 60_000),
      expires_at: new Date(),
    }));
    await t.ctx.db.insertInto('sms_codes').values(rows).execute();
    const res = await t.call('GET', '/api/sandbox/smsOutbox', { phone }, { unsigned: true });
    const list = res.body.list as { code: string }[];
    expect(list.map((e) => e.code)).toEqual(Array.from({ length: 10 }, (_, i) => String(100011 - i)));
  });

  it('does not exist outside sandbox mode', async () => {
    const live = await createTestApp({ sandbox: false });
    try {
      const res = await live.call('GET', '/api/sandbox/smsOutbox', { phone: '13912345678' }, { unsigned: true });
      expect(res.status).toBe(404);
      // and without a configured provider a send fails cleanly instead of pretending
      const { id } = await createCaptchaService(live.ctx.db).issue({ ip: null, code: CODE });
      const sendRes = await live.call(
        'POST',
        '/api/smsVerifyCode',
        { type: 1, phone: '13912345678', checkCode: CODE },
        { cookies: { [CAPTCHA_COOKIE]: id } },
      );
      expect(sendRes.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.smsSendFailed });
    } finally {
      await live.close();
    }
  });
});

describe('SMS flooding', () => {
  it('the public call refuses the phone-change types 3 and 4 (they need a signed-in account)', async () => {
    for (const type of [3, 4]) {
      const res = await send({ type, phone: freshPhone(), checkCode: CODE });
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.smsTypeInvalid });
    }
  });

  it(`answers HTTP 429 past ${AUTH_RATE_LIMITS.smsVerifyCode} requests a minute from one IP, before any captcha is spent`, async () => {
    const ip = '192.0.2.150';
    for (let i = 0; i < AUTH_RATE_LIMITS.smsVerifyCode; i += 1) {
      const res = await send({ type: 1, phone: '12345' }, {}, ip);
      expect(res.status).toBe(200);
    }
    const cookies = await captchaCookie();
    const flooded = await send({ type: 1, phone: freshPhone(), checkCode: CODE }, cookies, ip);
    expect(flooded.status).toBe(429);
    expect(flooded.body).toEqual({ code: ApiCode.FAIL, message: Msg.tooManyRequests });
    // the captcha of the refused request is still good elsewhere
    expect((await send({ type: 1, phone: freshPhone(), checkCode: CODE }, cookies, '192.0.2.151')).body.code).toBe(
      ApiCode.OK,
    );
  });

  it('takes the daily caps from configuration (SMS_DAILY_PER_PHONE / SMS_DAILY_PER_IP)', async () => {
    const base = loadConfig({ NODE_ENV: 'test', SMS_DAILY_PER_PHONE: '2', SMS_DAILY_PER_IP: '3' });
    expect(base.accounts.sms).toMatchObject({ dailyPerPhone: 2, dailyPerIp: 3 });
    const capped = await createTestApp({ accounts: base.accounts });
    try {
      const kit = accountsKit(capped);
      const phone = freshPhone();
      const sendVia = async (p: string, ip: string) =>
        capped.call(
          'POST',
          '/api/smsVerifyCode',
          { type: 1, phone: p, checkCode: CODE },
          { cookies: await kit.captchaCookie(CODE), headers: { 'x-forwarded-for': ip } },
        );
      expect((await sendVia(phone, '192.0.2.160')).body.code).toBe(ApiCode.OK);
      await capped.ctx.db
        .updateTable('sms_codes')
        .set({ created_at: sql<Date>`now() - interval '61 seconds'` })
        .where('phone', '=', phone)
        .execute();
      expect((await sendVia(phone, '192.0.2.161')).body.code).toBe(ApiCode.OK);
      await capped.ctx.db
        .updateTable('sms_codes')
        .set({ created_at: sql<Date>`now() - interval '61 seconds'` })
        .where('phone', '=', phone)
        .execute();
      expect((await sendVia(phone, '192.0.2.162')).body).toMatchObject({
        code: ApiCode.FAIL,
        message: Msg.smsDailyLimit,
      });
      const ip = '192.0.2.170';
      for (let i = 0; i < 3; i += 1) expect((await sendVia(freshPhone(), ip)).body.code).toBe(ApiCode.OK);
      expect((await sendVia(freshPhone(), ip)).body).toMatchObject({ code: ApiCode.FAIL, message: Msg.smsDailyLimit });
    } finally {
      await capped.close();
    }
  });
});

describe('POST /api/emailVerifyCode (the bind panel, otype 2)', () => {
  const email = () => `mail-${(phoneSeq += 1)}@example.com`;
  const sendMail = async (
    params: Record<string, string | number>,
    cookies?: Record<string, string>,
    ip = '198.51.100.77',
  ) =>
    t.call('POST', '/api/emailVerifyCode', params, {
      cookies: cookies ?? (await captchaCookie()),
      headers: { 'x-forwarded-for': ip },
    });

  it('mails a 6-digit code of type 8 through the sandbox outbox, behind the captcha, with the same cooldown', async () => {
    const to = email();
    const res = await sendMail({ email: to.toUpperCase(), checkCode: CODE });
    expect(res.body).toEqual({ code: ApiCode.OK, message: AccountMsg.mailSent });
    const row = await t.ctx.db.selectFrom('sms_codes').selectAll().where('phone', '=', to).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'mail', type: 8, provider: 'sandbox', consumed_at: null });
    const outbox = await t.call('GET', '/api/sandbox/mailOutbox', { email: to }, { unsigned: true });
    const [mail] = outbox.body.list as { to: string; subject: string; text: string }[];
    expect(mail?.to).toBe(to);
    expect(mail?.subject).toContain('邮箱验证码');
    expect(mail?.text).toContain(row.code);
    // an e-mail code is not in the SMS outbox
    expect(
      (
        (await t.call('GET', '/api/sandbox/smsOutbox', { phone: '13800000000' }, { unsigned: true })).body
          .list as unknown[]
      ).length,
    ).toBe(0);

    expect((await sendMail({ email: to, checkCode: CODE })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: Msg.smsTooFrequent,
    });
  });

  it.each([
    [{ checkCode: CODE }, Msg.emailRequired],
    [{ email: 'nope', checkCode: CODE }, Msg.emailInvalid],
    [{ email: 'a@example.com' }, Msg.checkCodeRequired],
    [{ email: 'a@example.com', checkCode: CODE, type: 1 }, Msg.smsTypeInvalid],
  ])('refuses %j with its message', async (params, message) => {
    expect((await sendMail(params)).body).toMatchObject({ code: ApiCode.FAIL, message });
  });

  it('refuses a wrong or reused captcha', async () => {
    const cookies = await captchaCookie();
    expect((await sendMail({ email: email(), checkCode: 'ZZZZ' }, cookies)).body.message).toBe(Msg.checkCodeWrong);
    expect((await sendMail({ email: email(), checkCode: CODE }, cookies)).body.message).toBe(Msg.checkCodeWrong);
  });

  it('answers AccountMsg.mailSendFailed outside sandbox mode (no real mail provider yet) and keeps no code', async () => {
    const live = await createTestApp({ sandbox: false });
    try {
      const kit = accountsKit(live);
      const to = email();
      const res = await live.call(
        'POST',
        '/api/emailVerifyCode',
        { email: to, checkCode: CODE },
        { cookies: await kit.captchaCookie(CODE) },
      );
      expect(res.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.mailSendFailed });
      expect(
        await live.ctx.db.selectFrom('sms_codes').select('id').where('phone', '=', to).executeTakeFirst(),
      ).toBeUndefined();
      expect((await live.call('GET', '/api/sandbox/mailOutbox', { email: to }, { unsigned: true })).status).toBe(404);
    } finally {
      await live.close();
    }
  });
});
