import { beforeAll, describe, expect, it } from 'vitest';
import { AccountMsg, ApiCode, Msg } from '@xg/shared';
import { useTestApp } from '../../../test/harness.js';
import { AUTH_RATE_LIMITS } from './auth.routes.js';
import { KIT_CAPTCHA, accountsKit } from './test-kit.js';

const t = useTestApp();
let kit: ReturnType<typeof accountsKit>;
beforeAll(() => {
  kit = accountsKit(t);
});

/** A registered account with a known password: registered through the API like a real user. */
async function registeredUser(password = 'first-pass-1') {
  const phone = kit.freshPhone();
  const res = await kit.register(phone, { type: 2 }, password);
  expect(res.body.code).toBe(ApiCode.OK);
  return { phone, token: String(res.body.user_token) };
}

/** The forgot-password form: the phone, its code and the new password twice. */
function resetForm(phone: string, verifyCode: string, password: string) {
  return { phone, checkCode: KIT_CAPTCHA, verifyCode, password, rePassword: password };
}

function forget(params: Record<string, string | number>, ip?: string) {
  return t.call('POST', '/api/forgetpwd', params, { headers: { 'x-forwarded-for': ip ?? kit.freshIp() } });
}

describe('POST /api/forgetpwd', () => {
  it('sets a new password with an SMS code of type 2 and signs the account out everywhere', async () => {
    const { phone, token } = await registeredUser();
    const code = await kit.smsCode(2, phone);
    const res = await forget(resetForm(phone, code, 'new-pass-2'));
    expect(res.body).toEqual({ code: ApiCode.OK, message: AccountMsg.resetPwdOk });

    // the old session ends with code 0 (log out and reload), not 461
    const after = await t.call('GET', '/api/user/userInfo', {}, { token });
    expect(after.body).toEqual({ code: ApiCode.LOGOUT, message: Msg.sessionExpired });
    const oldPass = await t.call('POST', '/api/gologin', { loginname: phone, loginpwd: 'first-pass-1' });
    expect(oldPass.body.message).toBe(Msg.loginFailed);
    expect(await kit.login(phone, 'new-pass-2')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'is_old_password'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.is_old_password).toBe(1);
  });

  it('a code works once; a wrong code counts a try and the fifth wrong try retires it', async () => {
    const { phone } = await registeredUser();
    const code = await kit.smsCode(2, phone);
    const form = { phone, checkCode: KIT_CAPTCHA, verifyCode: code, password: 'new-pass-3', rePassword: 'new-pass-3' };
    expect((await forget(form)).body.code).toBe(ApiCode.OK);
    expect((await forget(form)).body).toEqual({ code: ApiCode.FAIL, message: Msg.verifyCodeWrong });

    await t.ctx.db
      .updateTable('sms_codes')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('phone', '=', phone)
      .execute();
    const fresh = await kit.smsCode(2, phone);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await forget({ ...form, verifyCode: wrong })).body.message).toBe(Msg.verifyCodeWrong);
    }
    // the right code no longer works: the code died after 5 wrong tries
    expect((await forget({ ...form, verifyCode: fresh })).body.message).toBe(Msg.verifyCodeWrong);
  });

  it('refuses a code of another type (a register code is not a forgot code)', async () => {
    const phone = kit.freshPhone();
    const registerCode = await kit.smsCode(1, phone);
    const res = await forget(resetForm(phone, registerCode, 'x-pass-1'));
    expect(res.body).toEqual({ code: ApiCode.FAIL, message: Msg.verifyCodeWrong });
  });

  it('refuses an expired code', async () => {
    const { phone } = await registeredUser();
    const code = await kit.smsCode(2, phone);
    await t.ctx.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone', '=', phone)
      .execute();
    const res = await forget(resetForm(phone, code, 'new-pass-4'));
    expect(res.body.message).toBe(Msg.verifyCodeWrong);
  });

  const valid = {
    phone: '13800000000',
    checkCode: KIT_CAPTCHA,
    verifyCode: '123456',
    password: 'secret-1',
    rePassword: 'secret-1',
  };
  it.each([
    [{ phone: '' }, Msg.phoneRequired],
    [{ phone: '23800000000' }, Msg.phoneInvalid],
    [{ checkCode: ' ' }, Msg.checkCodeRequired],
    [{ verifyCode: '' }, Msg.verifyCodeRequired],
    [{ password: '', rePassword: '' }, Msg.passwordRequired],
    [{ password: '12345', rePassword: '12345' }, Msg.passwordTooShort],
    [{ rePassword: 'secret-2' }, Msg.passwordMismatch],
    [{ rePassword: '' }, Msg.passwordRequired],
  ])('refuses %j with its §5 message', async (override, message) => {
    const res = await forget({ ...valid, ...override });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message });
  });

  it(`answers HTTP 429 past ${AUTH_RATE_LIMITS.forgetpwd} requests a minute from one IP`, async () => {
    const ip = '192.0.2.201';
    for (let i = 0; i < AUTH_RATE_LIMITS.forgetpwd; i += 1) expect((await forget(valid, ip)).status).toBe(200);
    const res = await forget(valid, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: ApiCode.FAIL, message: Msg.tooManyRequests });
  });
});
