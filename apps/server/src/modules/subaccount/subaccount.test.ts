import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountMsg, ApiCode, Msg, SUB_ACCOUNT_LIMITS, type SubAccountItem, type UserInfo } from '@xg/shared';
import { useTestApp, TEST_DEMO_PASSWORD } from '../../../test/harness.js';
import { accountsKit } from '../auth/test-kit.js';

const t = useTestApp();
let kit: ReturnType<typeof accountsKit>;
beforeAll(() => {
  kit = accountsKit(t);
});

const email = () => `sub-${crypto.randomBytes(4).toString('hex')}@example.com`;

function add(token: string, params: Record<string, string | number>) {
  return t.call('POST', '/api/user/subAccount/add', { password: 'init-pass-1', name: '子账号', ...params }, { token });
}
const list = (token: string) => t.call('GET', '/api/user/subAccount/list', {}, { token });
const info = async (token: string) =>
  (await t.call('GET', '/api/user/userInfo', {}, { token })).body.userInfoMap as UserInfo;

describe('sub-accounts', () => {
  it('企业版 holds 3: demo-ent (with demo-sub) adds two more by phone and e-mail, then hits the limit', async () => {
    expect(SUB_ACCOUNT_LIMITS).toEqual({ 3: 3, 4: 10 });
    const ent = await kit.login('demo-ent@example.com', TEST_DEMO_PASSWORD);
    const before = await list(ent);
    expect(before.body).toMatchObject({ code: ApiCode.OK, count: 1, limit: 3 });
    expect((before.body.list as SubAccountItem[])[0]).toMatchObject({
      username: 'demo-sub',
      email: 'demo-sub@example.com',
    });

    const phone = kit.freshPhone();
    const byPhone = await add(ent, { account: phone, name: '运营小王' });
    expect(byPhone.body).toMatchObject({
      code: ApiCode.OK,
      message: AccountMsg.addOk,
      subAccount: { username: '运营小王', phone, email: null, lastLoginAt: null },
    });
    const mail = email();
    const byMail = await add(ent, { account: mail.toUpperCase() });
    expect(byMail.body).toMatchObject({ code: ApiCode.OK, subAccount: { email: mail, phone: null } });
    const full = await add(ent, { account: email() });
    expect(full.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.subAccountLimit });
    expect((await list(ent)).body).toMatchObject({ count: 3, limit: 3 });

    // the new sub-account signs in with its initial password and shares the parent's tier
    const subToken = await kit.login(phone, 'init-pass-1');
    const parent = await info(ent);
    expect(await info(subToken)).toMatchObject({
      userType: 3,
      parentId: parent.id,
      maturityTime: parent.maturityTime,
      isOldPassword: 1,
    });
    expect((await list(ent)).body.list).toContainEqual(
      expect.objectContaining({ phone, lastLoginAt: expect.any(String) }),
    );
  });

  it('高级企业版 holds 10', async () => {
    const premium = await kit.login('demo-premium@example.com', TEST_DEMO_PASSWORD);
    for (let i = 0; i < 10; i += 1) expect((await add(premium, { account: email() })).body.code).toBe(ApiCode.OK);
    expect((await add(premium, { account: email() })).body.message).toBe(AccountMsg.subAccountLimit);
    expect((await list(premium)).body).toMatchObject({ count: 10, limit: 10 });
  });

  it('tiers below 企业版, an expired 企业版 and sub-accounts cannot add', async () => {
    for (const who of ['demo-free', 'demo-basic', 'demo-pro']) {
      const token = await kit.login(`${who}@example.com`, TEST_DEMO_PASSWORD);
      expect((await add(token, { account: email() })).body).toEqual({
        code: ApiCode.FAIL,
        message: AccountMsg.subAccountTierRequired,
      });
      expect((await list(token)).body).toMatchObject({ code: ApiCode.OK, count: 0, limit: 0 });
    }
    const expired = await kit.newUser({ userType: 3 });
    await t.ctx.db
      .updateTable('users')
      .set({ maturity_time: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    expect((await add(expired.token, { account: email() })).body.message).toBe(AccountMsg.subAccountTierRequired);

    const sub = await kit.login('demo-sub@example.com', TEST_DEMO_PASSWORD);
    expect((await add(sub, { account: email() })).body).toEqual({
      code: ApiCode.FAIL,
      message: AccountMsg.subAccountOfSub,
    });
    expect((await list(sub)).body.message).toBe(AccountMsg.subAccountOfSub);
  });

  it('refuses a phone or e-mail already registered', async () => {
    const owner = await kit.newUser({ userType: 4 });
    expect((await add(owner.token, { account: '19900000001' })).body).toEqual({
      code: ApiCode.FAIL,
      message: AccountMsg.accountTaken,
    });
    expect((await add(owner.token, { account: 'Demo-Free@example.com' })).body.message).toBe(AccountMsg.accountTaken);
    expect((await list(owner.token)).body.count).toBe(0);
  });

  it.each([
    [{ account: '' }, Msg.contactRequired],
    [{ account: 'abc' }, Msg.contactInvalid],
    [{ account: '12800000000' }, Msg.contactInvalid],
    [{ password: '' }, Msg.passwordRequired],
    [{ password: '12345' }, Msg.passwordTooShort],
    [{ name: ' ' }, AccountMsg.subAccountNameRequired],
    [{ name: '名'.repeat(21) }, AccountMsg.usernameTooLong],
  ])('refuses %j with its message', async (override, message) => {
    const owner = await kit.newUser({ userType: 3 });
    expect((await add(owner.token, { account: email(), ...override })).body).toMatchObject({
      code: ApiCode.FAIL,
      message,
    });
    expect((await list(owner.token)).body.count).toBe(0);
  });

  it("unbinds only the caller's own sub-accounts; the unbound account becomes an independent 免费版 account", async () => {
    const owner = await kit.newUser({ userType: 3 });
    const stranger = await kit.newUser({ userType: 4 });
    const mail = email();
    const created = await add(owner.token, { account: mail });
    const subId = (created.body.subAccount as SubAccountItem).id;
    const subToken = await kit.login(mail, 'init-pass-1');
    expect((await info(subToken)).userType).toBe(3);

    // another account's token: not found, nothing changes
    const foreign = await t.call('POST', '/api/user/subAccount/unbind', { id: subId }, { token: stranger.token });
    expect(foreign.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.subAccountNotFound });
    const asSub = await t.call('POST', '/api/user/subAccount/unbind', { id: subId }, { token: subToken });
    expect(asSub.body.message).toBe(AccountMsg.subAccountOfSub);
    expect((await info(subToken)).parentId).toBe(Number(owner.id));

    const res = await t.call('POST', '/api/user/subAccount/unbind', { id: subId }, { token: owner.token });
    expect(res.body).toEqual({ code: ApiCode.OK, message: AccountMsg.subAccountUnbound });
    expect(await info(subToken)).toMatchObject({ parentId: null, userType: 0, maturityTime: null });
    expect((await list(owner.token)).body.count).toBe(0);
    // twice: it is no longer the owner's
    expect(
      (await t.call('POST', '/api/user/subAccount/unbind', { id: subId }, { token: owner.token })).body.message,
    ).toBe(AccountMsg.subAccountNotFound);
    expect(
      (await t.call('POST', '/api/user/subAccount/unbind', { id: 'x' }, { token: owner.token })).body.message,
    ).toBe(AccountMsg.subAccountNotFound);
  });

  it('a sub-account leaves by itself; an independent account cannot leave', async () => {
    const owner = await kit.newUser({ userType: 3 });
    const mail = email();
    await add(owner.token, { account: mail });
    const subToken = await kit.login(mail, 'init-pass-1');
    const res = await t.call('POST', '/api/user/subAccount/leave', {}, { token: subToken });
    expect(res.body).toEqual({ code: ApiCode.OK, message: AccountMsg.subAccountUnbound });
    expect(await info(subToken)).toMatchObject({ parentId: null, userType: 0 });
    expect((await t.call('POST', '/api/user/subAccount/leave', {}, { token: subToken })).body).toEqual({
      code: ApiCode.FAIL,
      message: AccountMsg.notSubAccount,
    });
  });

  it.each([
    ['POST', '/api/user/subAccount/add'],
    ['GET', '/api/user/subAccount/list'],
    ['POST', '/api/user/subAccount/unbind'],
    ['POST', '/api/user/subAccount/leave'],
  ] as const)('%s %s without a token is HTTP 401', async (method, path) => {
    const res = await t.call(method, path);
    expect(res.status).toBe(401);
  });
});
