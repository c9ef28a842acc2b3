import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type UserInfo } from '@xg/shared';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { UserRepository } from './user.repository.js';
import { effectiveTier, maskPhone } from './user.service.js';

const DAY = 24 * 3600 * 1000;

describe('tier rules', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const paid = { userType: 3, versionType: 1, maturityTime: new Date('2026-12-01T00:00:00Z') };

  it('a sub-account uses its parent’s tier', () => {
    expect(effectiveTier({ userType: 0, versionType: 1, maturityTime: null }, paid, now)).toEqual(paid);
  });
  it('an expired paid period counts as 免费版 and no longer as a trial', () => {
    const trial = { userType: 3, versionType: 2, maturityTime: new Date('2026-05-31T23:59:59Z') };
    expect(effectiveTier(trial, null, now)).toEqual({ userType: 0, versionType: 1, maturityTime: trial.maturityTime });
    expect(effectiveTier({ userType: 0, versionType: 1, maturityTime: null }, trial, now).userType).toBe(0);
  });
  it('a paid tier without an end date stays', () => {
    expect(effectiveTier({ userType: 2, versionType: 1, maturityTime: null }, null, now).userType).toBe(2);
  });
  it('masks phones as 138****5678', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('12345')).toBe('1***5');
  });
});

describe('GET /api/user/userInfo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function infoOf(email: string): Promise<UserInfo> {
    const signedIn = await t.call('POST', '/api/gologin', { loginname: email, loginpwd: TEST_DEMO_PASSWORD });
    const res = await t.call('GET', '/api/user/userInfo', {}, { token: String(signedIn.body.user_token) });
    expect(res.body.code).toBe(ApiCode.OK);
    return res.body.userInfoMap as UserInfo;
  }

  const idOf = async (email: string) =>
    Number((await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);

  it('answers the §3 fields of a free account', async () => {
    const info = await infoOf('demo-free@example.com');
    expect(info).toEqual({
      id: await idOf('demo-free@example.com'),
      username: 'demo-free',
      userImage: '',
      userType: 0,
      versionType: 1,
      maturityTime: null,
      parentId: null,
      buyMonthNum: 0,
      isOldPassword: 1,
      thirdAccountInfo: null,
      phone: '199****0001',
      email: 'demo-free@example.com',
    });
  });

  it('answers paid tiers with their expiry, and the trial as versionType 2', async () => {
    const ent = await infoOf('demo-ent@example.com');
    expect(ent.userType).toBe(3);
    const maturity = Date.parse(ent.maturityTime ?? '');
    expect(maturity - Date.now()).toBeGreaterThan(364 * DAY);
    expect(maturity - Date.now()).toBeLessThan(366 * DAY);
    expect((await infoOf('demo-premium@example.com')).userType).toBe(4);
    const trial = await infoOf('demo-trial@example.com');
    expect(trial).toMatchObject({ userType: 3, versionType: 2 });
    expect(Date.parse(trial.maturityTime ?? '') - Date.now()).toBeGreaterThan(14 * DAY);
    expect(Date.parse(trial.maturityTime ?? '') - Date.now()).toBeLessThan(16 * DAY);
  });

  it('a sub-account shows its parent’s tier and expiry, and the parent’s id', async () => {
    const ent = await infoOf('demo-ent@example.com');
    const sub = await infoOf('demo-sub@example.com');
    expect(sub).toMatchObject({
      userType: 3,
      versionType: ent.versionType,
      maturityTime: ent.maturityTime,
      parentId: ent.id,
    });
    const own = await t.ctx.db
      .selectFrom('users')
      .select('user_type')
      .where('email', '=', 'demo-sub@example.com')
      .executeTakeFirstOrThrow();
    expect(own.user_type).toBe(0);
  });

  it('reports an expired paid period as 免费版, for the account and its sub-accounts', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ maturity_time: new Date(Date.now() - DAY) })
      .where('email', 'in', ['demo-pro@example.com', 'demo-ent@example.com'])
      .execute();
    expect(await infoOf('demo-pro@example.com')).toMatchObject({ userType: 0, versionType: 1 });
    expect(await infoOf('demo-sub@example.com')).toMatchObject({ userType: 0 });
  });

  it('the gates’ prepared account lookup reads what the plain one reads, and a tier change at the next call', async () => {
    const plain = new UserRepository(t.ctx.db);
    const prepared = new UserRepository(t.ctx.db, t.ctx.pool);
    const sub = String(await idOf('demo-sub@example.com'));
    await t.ctx.db
      .insertInto('wechat_identities')
      .values({ openid: 'o-user-test', nickname: '小明', provider: 'sandbox', user_id: sub })
      .execute();
    const ids = (await t.ctx.db.selectFrom('users').select('id').execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(3);
    // more than five calls a statement: PostgreSQL may switch to its generic plan after five executions
    for (let round = 0; round < 3; round++)
      for (const id of ids) expect(await prepared.findById(id)).toEqual(await plain.findById(id));
    const read = await prepared.findById(sub);
    expect(read).toMatchObject({ wechatNickname: '小明', parent: { userType: expect.any(Number) } });
    expect(await prepared.findById('999999999')).toBeUndefined();

    await t.ctx.db.updateTable('users').set({ user_type: 2 }).where('id', '=', read!.parentId!).execute();
    expect((await prepared.findById(sub))!.parent!.userType).toBe(2);
  });
});
