import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@xg/shared';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { DEMO_SPECS, seedDemoAccounts } from './demo-accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const demoRows = () =>
  t.ctx.db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'phone',
      'password_hash',
      'user_type',
      'version_type',
      'maturity_time',
      'parent_id',
      'is_demo',
    ])
    .where('is_demo', '=', true)
    .orderBy('id')
    .execute();

describe('seedDemoAccounts', () => {
  it('lists one account per tier, the trial and the sub-account, in Chinese', async () => {
    const accounts = await seedDemoAccounts(t.ctx.db, TEST_DEMO_PASSWORD);
    expect(accounts.map((a) => a.login)).toEqual(DEMO_SPECS.map((d) => d.email));
    expect(accounts.map((a) => a.description.split(' · 手机')[0])).toEqual([
      '免费版',
      '初级版',
      '专业版',
      '企业版',
      '高级企业版',
      '企业版 · 试用（15天）',
      '企业版 · 子账号（主账号 demo-ent）',
    ]);
    expect(accounts[0]?.description).toBe('免费版 · 手机 19900000001');
  });

  it('writes tiers, expiries and the parent', async () => {
    const rows = await demoRows();
    expect(rows).toHaveLength(7);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const year = 365 * 24 * 3600 * 1000;
    for (const email of [
      'demo-basic@example.com',
      'demo-pro@example.com',
      'demo-ent@example.com',
      'demo-premium@example.com',
    ]) {
      const left = (byEmail.get(email)?.maturity_time?.getTime() ?? 0) - Date.now();
      expect(left).toBeGreaterThan(year - 3600_000);
      expect(left).toBeLessThanOrEqual(year);
    }
    expect(byEmail.get('demo-free@example.com')).toMatchObject({ user_type: 0, maturity_time: null });
    expect(byEmail.get('demo-trial@example.com')).toMatchObject({ user_type: 3, version_type: 2 });
    expect(byEmail.get('demo-sub@example.com')?.parent_id).toBe(byEmail.get('demo-ent@example.com')?.id);
    expect(new Set(rows.map((r) => r.phone)).size).toBe(7);
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(7); // a salt of its own each
  });

  it('is idempotent and keeps a hash that still verifies; a new password replaces them', async () => {
    const before = await demoRows();
    await seedDemoAccounts(t.ctx.db, TEST_DEMO_PASSWORD);
    const same = await demoRows();
    expect(same.map((r) => [r.id, r.password_hash])).toEqual(before.map((r) => [r.id, r.password_hash]));

    await seedDemoAccounts(t.ctx.db, 'another-pass');
    const changed = await demoRows();
    expect(changed.map((r) => r.id)).toEqual(before.map((r) => r.id));
    changed.forEach((r, i) => expect(r.password_hash).not.toBe(before[i]?.password_hash));
    const res = await t.call('POST', '/api/gologin', { loginname: 'demo-pro@example.com', loginpwd: 'another-pass' });
    expect(res.body.code).toBe(ApiCode.OK);
  });

  it('leaves a demo phone to a real account that holds it', async () => {
    await t.ctx.db.updateTable('users').set({ phone: null }).where('email', '=', 'demo-free@example.com').execute();
    await t.ctx.db
      .insertInto('users')
      .values({ username: 'real', phone: '19900000001', password_hash: 'x', invite_code: 'REALUSR1' })
      .execute();
    const accounts = await seedDemoAccounts(t.ctx.db, TEST_DEMO_PASSWORD);
    expect(accounts[0]?.description).toBe('免费版');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', 'demo-free@example.com')
      .executeTakeFirstOrThrow();
    expect(row.phone).toBeNull();
  });

  it('keeps what happened to an existing demo account: a purchase survives a restart (issue #14)', async () => {
    const expiry = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    await t.ctx.db
      .updateTable('users')
      .set({ user_type: 4, maturity_time: expiry, username: '改过的名字' })
      .where('email', '=', 'demo-basic@example.com')
      .execute();
    const accounts = await seedDemoAccounts(t.ctx.db, TEST_DEMO_PASSWORD);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['user_type', 'maturity_time', 'username', 'is_demo'])
      .where('email', '=', 'demo-basic@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_type: 4, username: '改过的名字', is_demo: true });
    expect(row.maturity_time?.getTime()).toBe(expiry.getTime());
    expect(accounts.find((a) => a.login === 'demo-basic@example.com')?.description).toBe(
      '高级企业版（演示初始为初级版，已在沙箱中变更） · 手机 19900000002',
    );
  });
});
