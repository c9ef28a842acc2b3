import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApiCode, Msg, type UserInfo } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { CAPTCHA_COOKIE, createCaptchaService, type CaptchaService } from './captcha.service.js';
import { SMS_MAX_ATTEMPTS } from './sms.service.js';

const CAPTCHA = 'K7MX';
let t: TestApp;
let captchas: CaptchaService;
let phoneSeq = 0;
const freshPhone = () => `1360000${String(1000 + (phoneSeq += 1))}`;

beforeAll(async () => {
  t = await createTestApp();
  captchas = createCaptchaService(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

/** Requests a register code for `phone` the way the web does and reads it from the sandbox outbox. */
async function smsCode(phone: string): Promise<string> {
  const { id } = await captchas.issue({ ip: null, code: CAPTCHA });
  // one client IP per phone, so the per-IP daily cap never interferes
  const headers = { 'x-forwarded-for': `198.51.100.${Number(phone.slice(-3)) % 250}` };
  const sent = await t.call(
    'POST',
    '/api/smsVerifyCode',
    { type: 1, phone, checkCode: CAPTCHA },
    { cookies: { [CAPTCHA_COOKIE]: id }, headers },
  );
  expect(sent.body.code).toBe(ApiCode.OK);
  const outbox = await t.call('GET', '/api/sandbox/smsOutbox', { phone }, { unsigned: true });
  const latest = (outbox.body.list as { code: string }[])[0];
  if (!latest) throw new Error('no code in the outbox');
  return latest.code;
}

function form(phone: string, verifyCode: string, extra: Record<string, string | number> = {}) {
  return { phone, checkCode: CAPTCHA, verifyCode, password: 'secret-123', rePassword: 'secret-123', type: 3, ...extra };
}

/** The phone's SMS code row: how many wrong tries it took and whether it is used up. */
function smsCodeRow(phone: string) {
  return t.ctx.db
    .selectFrom('sms_codes')
    .select(['attempts', 'consumed_at'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
}

function register(params: Record<string, string | number>) {
  return t.call('POST', '/api/goregister', params);
}

describe('POST /api/goregister', () => {
  it('creates a free account, signs it in and answers the token and user info', async () => {
    const phone = freshPhone();
    const inviter = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'invite_code'])
      .where('email', '=', 'demo-pro@example.com')
      .executeTakeFirstOrThrow();
    const res = await register(
      form(phone, await smsCode(phone), {
        inviteCode: inviter.invite_code.toLowerCase(),
        parent: 'agent-7',
        source: 'bilibili.com',
      }),
    );
    expect(res.body).toMatchObject({ code: ApiCode.OK, message: Msg.registerOk });
    const token = res.body.user_token;
    expect(typeof token).toBe('string');
    const info = res.body.userInfoMap as UserInfo;
    expect(info).toMatchObject({
      username: `用户${phone.slice(-4)}`,
      userType: 0,
      versionType: 1,
      maturityTime: null,
      parentId: null,
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      email: null,
      thirdAccountInfo: null,
    });

    const row = await t.ctx.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(Number(row.id)).toBe(info.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('secret-123');
    expect(row.invite_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(row).toMatchObject({
      user_type: 0,
      identity_type: 3,
      invited_by: inviter.id,
      register_parent: 'agent-7',
      source: 'bilibili.com',
      ta_id: null,
      is_old_password: 1,
      is_demo: false,
    });
    const code = await smsCodeRow(phone);
    expect(code.consumed_at).not.toBeNull();

    const me = await t.call('GET', '/api/user/userInfo', {}, { token: String(token) });
    expect(me.body).toMatchObject({ code: ApiCode.OK, userInfoMap: { id: info.id } });
    const login = await t.call('POST', '/api/gologin', { loginname: phone, loginpwd: 'secret-123' });
    expect(login.body.code).toBe(ApiCode.OK);
  });

  it('ignores an invite code that matches nobody and takes the captcha as already checked', async () => {
    const phone = freshPhone();
    const res = await register(form(phone, await smsCode(phone), { inviteCode: 'NOSUCH00' }));
    expect(res.body.code).toBe(ApiCode.OK);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('invited_by')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBeNull();
  });

  it.each([
    ['missing phone', { phone: '' }, Msg.phoneRequired],
    ['bad phone', { phone: '23800000000' }, Msg.phoneInvalid],
    ['missing captcha', { checkCode: '' }, Msg.checkCodeRequired],
    ['missing SMS code', { verifyCode: ' ' }, Msg.verifyCodeRequired],
    ['missing password', { password: '', rePassword: '' }, Msg.passwordRequired],
    ['password too short', { password: '12345', rePassword: '12345' }, Msg.passwordTooShort],
    ['passwords differ', { rePassword: 'secret-124' }, Msg.passwordMismatch],
    ['missing repeat', { rePassword: '' }, Msg.passwordRequired],
    ['missing identity', { type: '' }, Msg.identityRequired],
    ['unknown identity', { type: 7 }, Msg.identityRequired],
  ])('refuses %s with its message and creates nothing', async (_label, override, message) => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const res = await register({ ...form(phone, code), ...override });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message });
    const users = await t.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(0);
    // the SMS code was not touched by a request that failed validation
    const row = await smsCodeRow(phone);
    expect(row).toEqual({ attempts: 0, consumed_at: null });
  });

  it('refuses a wrong SMS code and counts the try', async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await register(form(phone, wrong));
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.verifyCodeWrong });
    const row = await smsCodeRow(phone);
    expect(row).toEqual({ attempts: 1, consumed_at: null });
    expect((await register(form(phone, code))).body.code).toBe(ApiCode.OK);
  });

  it(`retires the code after ${SMS_MAX_ATTEMPTS} wrong tries`, async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i += 1) {
      expect((await register(form(phone, wrong))).body.message).toBe(Msg.verifyCodeWrong);
    }
    const res = await register(form(phone, code));
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.verifyCodeWrong });
    const row = await smsCodeRow(phone);
    expect(row.attempts).toBe(SMS_MAX_ATTEMPTS);
    expect(row.consumed_at).not.toBeNull();
  });

  it('refuses an expired code, a code of another phone, and an older code once a newer one is sent', async () => {
    const phone = freshPhone();
    const first = await smsCode(phone);
    await t.ctx.db
      .updateTable('sms_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('phone', '=', phone)
      .execute();
    expect((await register(form(phone, first))).body.message).toBe(Msg.verifyCodeWrong);

    const other = freshPhone();
    const otherCode = await smsCode(other);
    expect((await register(form(freshPhone(), otherCode))).body.message).toBe(Msg.verifyCodeWrong);

    const phone2 = freshPhone();
    const older = await smsCode(phone2);
    await t.ctx.db
      .updateTable('sms_codes')
      .set({ created_at: sql<Date>`now() - interval '61 seconds'` })
      .where('phone', '=', phone2)
      .execute();
    const newer = await smsCode(phone2);
    if (older !== newer) expect((await register(form(phone2, older))).body.message).toBe(Msg.verifyCodeWrong);
    expect((await register(form(phone2, newer))).body.code).toBe(ApiCode.OK);
  });

  it('refuses a phone registered meanwhile, and the same phone twice', async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    await t.ctx.db
      .insertInto('users')
      .values({ username: 'meanwhile', phone, password_hash: 'x', invite_code: 'MEANWHL1' })
      .execute();
    expect((await register(form(phone, code))).body).toMatchObject({ code: ApiCode.FAIL, message: Msg.phoneTaken });

    const phone2 = freshPhone();
    expect((await register(form(phone2, await smsCode(phone2)))).body.code).toBe(ApiCode.OK);
    const { id } = await captchas.issue({ ip: null, code: CAPTCHA });
    const again = await t.call(
      'POST',
      '/api/smsVerifyCode',
      { type: 1, phone: phone2, checkCode: CAPTCHA },
      { cookies: { [CAPTCHA_COOKIE]: id } },
    );
    expect(again.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.phoneTaken });
  });
});
