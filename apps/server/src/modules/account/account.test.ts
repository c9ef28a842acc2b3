import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  AccountMsg,
  ApiCode,
  Msg,
  PHONE_TICKET_TTL_SECONDS,
  presetAvatarUrl,
  presetCoverUrl,
  type UserInfo,
} from '@xg/shared';
import { useTestApp } from '../../../test/harness.js';
import { hashToken } from '../../lib/tokens.js';
import { KIT_CAPTCHA, accountsKit } from '../auth/test-kit.js';
import { hashPassword } from '../user/password.js';
import { PASSWORD_CHANGE_MAX_FAILURES } from './account.service.js';

const t = useTestApp();
let kit: ReturnType<typeof accountsKit>;
beforeAll(() => {
  kit = accountsKit(t);
});

/** A new account with a real password, signed in. */
async function userWithPassword(password = 'old-pass-1', fields: Parameters<typeof kit.newUser>[0] = {}) {
  const user = await kit.newUser(fields);
  await t.ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

const row = (id: string) => t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The newest SMS code sent to a phone (the sandbox outbox). */
const lastCode = (phone: string) => kit.latestSmsCode(phone);

describe('every account-centre call needs a session', () => {
  it.each([
    ['GET', '/api/user/accountInfo'],
    ['POST', '/api/user/updateProfile'],
    ['POST', '/api/user/setCoverImage'],
    ['POST', '/api/user/updatepwd'],
    ['POST', '/api/user/sendOldPhoneCode'],
    ['POST', '/api/user/verifyOldPhone'],
    ['POST', '/api/user/sendNewPhoneCode'],
    ['POST', '/api/user/updatePhone'],
    ['GET', '/api/user/getUserInviteCode'],
  ] as const)('%s %s without a token is HTTP 401, with a dead token code 0', async (method, path) => {
    const res = await t.call(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, message: Msg.notSignedIn });
    expect((await t.call(method, path, {}, { token: 'x'.repeat(43) })).body.code).toBe(ApiCode.LOGOUT);
  });
});

describe('GET /api/user/accountInfo', () => {
  it('answers the profile with the preset pictures', async () => {
    const { token, phone } = await kit.newUser({ email: 'info@example.com' });
    const res = await t.call('GET', '/api/user/accountInfo', {}, { token });
    expect(res.body).toMatchObject({
      code: ApiCode.OK,
      accountInfo: {
        userImage: '',
        coverImage: '',
        phone: `${phone?.slice(0, 3)}****${phone?.slice(7)}`,
        email: 'info@example.com',
        isOldPassword: 1,
        thirdAccountInfo: null,
        isSubAccount: false,
      },
      presetAvatars: Array.from({ length: 8 }, (_, i) => presetAvatarUrl(i + 1)),
      presetCovers: Array.from({ length: 4 }, (_, i) => presetCoverUrl(i + 1)),
    });
  });
});

describe('profile and pictures', () => {
  it('updates the username and a preset or https avatar, answering the new user info', async () => {
    const { token, id } = await kit.newUser();
    const res = await t.call(
      'POST',
      '/api/user/updateProfile',
      { username: '  新昵称  ', userImage: presetAvatarUrl(3) },
      { token },
    );
    expect(res.body).toMatchObject({
      code: ApiCode.OK,
      message: AccountMsg.updateOk,
      userInfoMap: { username: '新昵称', userImage: presetAvatarUrl(3) },
    });
    const url = 'https://img.example.com/a/b.png?x=1';
    expect((await t.call('POST', '/api/user/updateProfile', { userImage: url }, { token })).body.code).toBe(ApiCode.OK);
    expect(await row(id)).toMatchObject({ username: '新昵称', user_image: url });
  });

  it.each([
    [{}, AccountMsg.profileEmpty],
    [{ username: '  ' }, AccountMsg.usernameRequired],
    [{ username: '一'.repeat(21) }, AccountMsg.usernameTooLong],
    [{ userImage: 'javascript:alert(1)' }, AccountMsg.avatarInvalid],
    [{ userImage: 'http://img.example.com/a.png' }, AccountMsg.avatarInvalid],
    [{ userImage: 'https://user:pw@img.example.com/a.png' }, AccountMsg.avatarInvalid],
    [{ userImage: 'https://img.example.com/a".png' }, AccountMsg.avatarInvalid],
    [{ userImage: presetAvatarUrl(9) }, AccountMsg.avatarInvalid],
    [{ userImage: presetCoverUrl(1) }, AccountMsg.avatarInvalid],
  ])('refuses %j with its message and changes nothing', async (params, message) => {
    const { token, id } = await kit.newUser();
    const before = await row(id);
    expect((await t.call('POST', '/api/user/updateProfile', params, { token })).body).toMatchObject({
      code: ApiCode.FAIL,
      message,
    });
    expect(await row(id)).toMatchObject({ username: before.username, user_image: before.user_image });
  });

  it('sets a cover image (preset or https) and refuses others', async () => {
    const { token, id } = await kit.newUser();
    const res = await t.call('POST', '/api/user/setCoverImage', { coverImage: presetCoverUrl(2) }, { token });
    expect(res.body).toEqual({ code: ApiCode.OK, message: AccountMsg.updateOk, coverImage: presetCoverUrl(2) });
    expect((await row(id)).cover_image).toBe(presetCoverUrl(2));
    expect((await t.call('POST', '/api/user/setCoverImage', {}, { token })).body.message).toBe(
      AccountMsg.coverRequired,
    );
    expect(
      (await t.call('POST', '/api/user/setCoverImage', { coverImage: presetCoverUrl(5) }, { token })).body.message,
    ).toBe(AccountMsg.coverInvalid);
    expect(
      (await t.call('POST', '/api/user/setCoverImage', { coverImage: 'data:image/svg+xml,<svg/>' }, { token })).body
        .message,
    ).toBe(AccountMsg.coverInvalid);
    expect((await row(id)).cover_image).toBe(presetCoverUrl(2));
  });

  it('serves the preset pictures as SVG without a sign, and 404 for others', async () => {
    const avatar = await t.app.inject({ method: 'GET', url: presetAvatarUrl(1) });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    expect(avatar.body).not.toMatch(/script|on\w+=/i);
    expect((await t.app.inject({ method: 'GET', url: presetCoverUrl(4) })).statusCode).toBe(200);
    for (const url of [
      '/api/assets/avatar/9.svg',
      '/api/assets/avatar/0.svg',
      '/api/assets/cover/1.png',
      '/api/assets/other/1.svg',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('POST /api/user/updatepwd', () => {
  it('an account with a password must give the old one; the new one then signs in', async () => {
    const user = await userWithPassword('old-pass-1');
    const missing = await t.call(
      'POST',
      '/api/user/updatepwd',
      { password: 'new-pass-1', rePassword: 'new-pass-1' },
      { token: user.token },
    );
    expect(missing.body).toMatchObject({ code: ApiCode.FAIL, message: AccountMsg.oldPasswordRequired });
    const res = await t.call(
      'POST',
      '/api/user/updatepwd',
      { oldPassword: 'old-pass-1', password: 'new-pass-1', rePassword: 'new-pass-1' },
      { token: user.token },
    );
    expect(res.body).toMatchObject({
      code: ApiCode.OK,
      message: AccountMsg.updateOk,
      userInfoMap: { isOldPassword: 1 },
    });
    expect(await kit.login(String(user.phone), 'new-pass-1')).toBeTruthy();
    // the session that changed it stays... until that sign-in replaced it (one session per account)
    expect((await t.call('GET', '/api/user/userInfo', {}, { token: user.token })).body.code).toBe(ApiCode.KICKED);
  });

  it('an account made by QR bind (isOldPassword 0) sets its first password without an old one', async () => {
    const user = await kit.newUser({ isOldPassword: 0 });
    const info = await t.call('GET', '/api/user/userInfo', {}, { token: user.token });
    expect((info.body.userInfoMap as UserInfo).isOldPassword).toBe(0);
    const res = await t.call(
      'POST',
      '/api/user/updatepwd',
      { password: 'first-pass', rePassword: 'first-pass' },
      { token: user.token },
    );
    expect(res.body).toMatchObject({ code: ApiCode.OK, userInfoMap: { isOldPassword: 1 } });
    expect((await row(user.id)).password_hash).toMatch(/^\$argon2id\$/);
    // from now on the old password is needed
    const again = await t.call(
      'POST',
      '/api/user/updatepwd',
      { password: 'second-pass', rePassword: 'second-pass' },
      { token: user.token },
    );
    expect(again.body.message).toBe(AccountMsg.oldPasswordRequired);
  });

  it(`locks the change after ${PASSWORD_CHANGE_MAX_FAILURES} wrong old passwords in 10 minutes`, async () => {
    const user = await userWithPassword('right-pass');
    const form = (old: string) => ({ oldPassword: old, password: 'new-pass-9', rePassword: 'new-pass-9' });
    for (let i = 0; i < PASSWORD_CHANGE_MAX_FAILURES; i += 1) {
      const res = await t.call('POST', '/api/user/updatepwd', form(`wrong-${i}`), { token: user.token });
      expect(res.body.message).toBe(AccountMsg.oldPasswordWrong);
    }
    const locked = await t.call('POST', '/api/user/updatepwd', form('right-pass'), { token: user.token });
    expect(locked.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.passwordChangeLocked });
    await t.ctx.db
      .withTables<{ login_failures: { login_key: string; created_at: Date } }>()
      .updateTable('login_failures')
      .set({ created_at: sql<Date>`now() - interval '11 minutes'` })
      .where('login_key', '=', `pwd:${user.id}`)
      .execute();
    expect((await t.call('POST', '/api/user/updatepwd', form('right-pass'), { token: user.token })).body.code).toBe(
      ApiCode.OK,
    );
  });

  it.each([
    [{ password: '', rePassword: '' }, Msg.passwordRequired],
    [{ password: '12345', rePassword: '12345' }, Msg.passwordTooShort],
    [{ password: 'abcdef', rePassword: 'abcdeg' }, Msg.passwordMismatch],
  ])('refuses %j with its §5 message', async (params, message) => {
    const { token } = await kit.newUser({ isOldPassword: 0 });
    expect((await t.call('POST', '/api/user/updatepwd', params, { token })).body).toMatchObject({
      code: ApiCode.FAIL,
      message,
    });
  });
});

describe('phone change: sendOldPhoneCode → verifyOldPhone → sendNewPhoneCode → updatePhone', () => {
  async function sendNew(token: string, params: Record<string, string>) {
    return t.call(
      'POST',
      '/api/user/sendNewPhoneCode',
      { checkCode: KIT_CAPTCHA, ...params },
      {
        token,
        cookies: await kit.captchaCookie(),
        headers: { 'x-forwarded-for': kit.freshIp() },
      },
    );
  }

  it('moves the account to a new phone, proven on both phones', async () => {
    const user = await userWithPassword('pass-123');
    const oldPhone = String(user.phone);
    expect((await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: user.token })).body).toEqual({
      code: ApiCode.OK,
      message: Msg.smsSent,
    });
    const oldCode = await lastCode(oldPhone);
    const wrong = await t.call(
      'POST',
      '/api/user/verifyOldPhone',
      { verifyCode: oldCode === '000000' ? '111111' : '000000' },
      { token: user.token },
    );
    expect(wrong.body).toEqual({ code: ApiCode.FAIL, message: Msg.verifyCodeWrong });
    const verified = await t.call('POST', '/api/user/verifyOldPhone', { verifyCode: oldCode }, { token: user.token });
    expect(verified.body).toMatchObject({
      code: ApiCode.OK,
      message: AccountMsg.oldPhoneVerified,
      expireSeconds: PHONE_TICKET_TTL_SECONDS,
    });
    const ticket = String(verified.body.ticket);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const newPhone = kit.freshPhone();
    expect((await sendNew(user.token, { phone: newPhone, ticket })).body).toEqual({
      code: ApiCode.OK,
      message: Msg.smsSent,
    });
    const sms = await t.ctx.db
      .selectFrom('sms_codes')
      .select(['type', 'code'])
      .where('phone', '=', newPhone)
      .executeTakeFirstOrThrow();
    expect(sms.type).toBe(4);
    const res = await t.call(
      'POST',
      '/api/user/updatePhone',
      { phone: newPhone, verifyCode: sms.code, ticket },
      { token: user.token },
    );
    expect(res.body).toMatchObject({
      code: ApiCode.OK,
      message: AccountMsg.updateOk,
      userInfoMap: { phone: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}` },
    });
    expect((await row(user.id)).phone).toBe(newPhone);
    expect(await kit.login(newPhone, 'pass-123')).toBeTruthy();
    expect((await t.call('POST', '/api/gologin', { loginname: oldPhone, loginpwd: 'pass-123' })).body.message).toBe(
      Msg.loginFailed,
    );
  });

  it('needs a live ticket of this account, once', async () => {
    const user = await kit.newUser();
    const other = await kit.newUser();
    const newPhone = kit.freshPhone();
    expect((await sendNew(user.token, { phone: newPhone })).body).toEqual({
      code: ApiCode.FAIL,
      message: AccountMsg.phoneTicketInvalid,
    });

    // another account's ticket is no good here
    await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: other.token });
    const othersTicket = await t.call(
      'POST',
      '/api/user/verifyOldPhone',
      { verifyCode: await lastCode(String(other.phone)) },
      { token: other.token },
    );
    expect(
      (await sendNew(user.token, { phone: newPhone, ticket: String(othersTicket.body.ticket) })).body.message,
    ).toBe(AccountMsg.phoneTicketInvalid);

    await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: user.token });
    const verified = await t.call(
      'POST',
      '/api/user/verifyOldPhone',
      { verifyCode: await lastCode(String(user.phone)) },
      { token: user.token },
    );
    const ticket = String(verified.body.ticket);
    expect((await sendNew(user.token, { phone: newPhone, ticket })).body.code).toBe(ApiCode.OK);
    const code = await lastCode(newPhone);
    expect(
      (
        await t.call(
          'POST',
          '/api/user/updatePhone',
          { phone: newPhone, verifyCode: code, ticket },
          { token: user.token },
        )
      ).body.code,
    ).toBe(ApiCode.OK);

    // used up: a second change needs a new verification of the (now new) old phone
    const third = kit.freshPhone();
    expect((await sendNew(user.token, { phone: third, ticket })).body.message).toBe(AccountMsg.phoneTicketInvalid);

    // an expired ticket is refused too
    await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: other.token });
    await t.ctx.db
      .updateTable('sms_codes')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('phone', '=', String(other.phone))
      .execute();
    await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: other.token });
    const late = await t.call(
      'POST',
      '/api/user/verifyOldPhone',
      { verifyCode: await lastCode(String(other.phone)) },
      { token: other.token },
    );
    await t.ctx.db
      .updateTable('account_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('ticket_hash', '=', hashToken(String(late.body.ticket)))
      .execute();
    expect((await sendNew(other.token, { phone: third, ticket: String(late.body.ticket) })).body.message).toBe(
      AccountMsg.phoneTicketInvalid,
    );
  });

  it('refuses the same phone, a taken phone and a wrong captcha', async () => {
    const user = await kit.newUser();
    await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: user.token });
    const ticket = String(
      (
        await t.call(
          'POST',
          '/api/user/verifyOldPhone',
          { verifyCode: await lastCode(String(user.phone)) },
          { token: user.token },
        )
      ).body.ticket,
    );
    expect((await sendNew(user.token, { phone: String(user.phone), ticket })).body.message).toBe(
      AccountMsg.phoneSameAsOld,
    );
    expect((await sendNew(user.token, { phone: '19900000001', ticket })).body.message).toBe(Msg.phoneTaken);
    const badCaptcha = await sendNew(user.token, { phone: kit.freshPhone(), ticket, checkCode: 'QQQQ' });
    expect(badCaptcha.body.message).toBe(Msg.checkCodeWrong);
    expect((await sendNew(user.token, { phone: '12345', ticket })).body.message).toBe(Msg.phoneInvalid);
    expect(
      (
        await t.call(
          'POST',
          '/api/user/updatePhone',
          { phone: kit.freshPhone(), verifyCode: '', ticket },
          { token: user.token },
        )
      ).body.message,
    ).toBe(Msg.verifyCodeRequired);
  });

  it('an account without a phone sets one without a ticket; the old-phone steps say it has none', async () => {
    const user = await kit.newUser({ phone: null, email: `nophone-${Date.now()}@example.com` });
    expect((await t.call('POST', '/api/user/sendOldPhoneCode', {}, { token: user.token })).body.message).toBe(
      AccountMsg.phoneMissing,
    );
    expect(
      (await t.call('POST', '/api/user/verifyOldPhone', { verifyCode: '123456' }, { token: user.token })).body.message,
    ).toBe(AccountMsg.phoneMissing);
    const phone = kit.freshPhone();
    expect((await sendNew(user.token, { phone })).body.code).toBe(ApiCode.OK);
    const res = await t.call(
      'POST',
      '/api/user/updatePhone',
      { phone, verifyCode: await lastCode(phone) },
      { token: user.token },
    );
    expect(res.body.code).toBe(ApiCode.OK);
    expect((await row(user.id)).phone).toBe(phone);
  });
});

describe('GET /api/user/getUserInviteCode', () => {
  it('answers the code, the register link and how many accounts registered with it', async () => {
    const inviter = await kit.newUser();
    const first = await t.call('GET', '/api/user/getUserInviteCode', {}, { token: inviter.token });
    const inviteCode = String(first.body.inviteCode);
    expect(first.body).toEqual({
      code: ApiCode.OK,
      message: Msg.ok,
      inviteCode,
      inviteUrl: `http://localhost:80/login?status=register&inviteCode=${inviteCode}`,
      invitedCount: 0,
    });
    for (let i = 0; i < 2; i += 1) {
      const res = await kit.register(kit.freshPhone(), { type: 3, inviteCode: inviteCode.toLowerCase() });
      expect(res.body.code).toBe(ApiCode.OK);
    }
    expect((await t.call('GET', '/api/user/getUserInviteCode', {}, { token: inviter.token })).body.invitedCount).toBe(
      2,
    );
  });
});
