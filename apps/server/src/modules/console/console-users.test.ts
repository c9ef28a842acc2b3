/** The console's users area (issue #27): users, free-VIP review, collection requests, pipeline, analytics, password. */
import { sql } from 'kysely';
import { Msg, OPERATOR_PASSWORD_WEAK, UserType } from '@xg/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember } from '../membership/test-members.js';
import { hashPassword } from '../user/password.js';
import { ConsoleMsg } from './console.roles.js';
import { createOperator, type TestOperator } from './console.test-kit.js';
import { shanghaiDay } from './usage-recorder.js';

let t: TestApp;
let service: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  service = await createOperator(t, 'service');
  admin = await createOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const userRow = (id: string) =>
  sql<{ user_type: number; version_type: number; maturity_time: Date | null; disabled_at: Date | null }>`
    SELECT user_type, version_type, maturity_time, disabled_at FROM users WHERE id = ${id}`
    .execute(t.ctx.db)
    .then((r) => r.rows[0]!);
const phoneOf = async (id: string) =>
  (await sql<{ phone: string }>`SELECT phone FROM users WHERE id = ${id}`.execute(t.ctx.db)).rows[0]!.phone;

describe('users', () => {
  it('finds a user by phone and shows tier, orders, sessions and sub-accounts', async () => {
    const user = await createMember(t.ctx, { userType: 3, maturityDays: 10 });
    const sub = await createMember(t.ctx, { parentId: user.id });
    const found = await t.call(
      'GET',
      '/api/console/users',
      { keyword: await phoneOf(user.id) },
      { token: service.token },
    );
    expect(found.body.list).toEqual([expect.objectContaining({ id: Number(user.id), userType: 3 })]);
    const detail = await t.call('GET', '/api/console/users/detail', { userId: user.id }, { token: service.token });
    expect(detail.body).toMatchObject({ code: 200, user: { id: Number(user.id) }, orders: [] });
    expect(detail.body.subAccounts).toEqual([expect.objectContaining({ id: Number(sub.id) })]);
    expect((detail.body.sessions as unknown[]).length).toBe(1);
    expect(
      (await t.call('GET', '/api/console/users/detail', { userId: 'x' }, { token: service.token })).body.message,
    ).toBe('用户不存在');
  });

  it('extends the same level from its expiry, with a reason; bad input changes nothing; audited', async () => {
    const user = await createMember(t.ctx, { userType: 2, maturityDays: 10 });
    const before = await userRow(user.id);
    for (const [params, message] of [
      [{ userId: user.id, level: 2, days: 30, reason: ' ' }, '请填写原因'],
      [{ userId: user.id, level: 2, days: 0, reason: '补偿' }, '天数须为1至3650的整数'],
      [{ userId: user.id, level: 5, days: 30, reason: '补偿' }, '请选择会员等级'],
      [{ userId: 99999999, level: 2, days: 30, reason: '补偿' }, ConsoleMsg.userMissing],
    ] as const) {
      const res = await t.call('POST', '/api/console/users/extend', params, { token: service.token });
      expect(res.body.message, message).toBe(message);
    }
    expect(await userRow(user.id)).toEqual(before);
    const res = await t.call(
      'POST',
      '/api/console/users/extend',
      { userId: user.id, level: 2, days: 30, reason: '服务中断补偿' },
      { token: service.token },
    );
    expect(res.body.code).toBe(200);
    const after = await userRow(user.id);
    expect(after.user_type).toBe(2);
    expect(after.maturity_time!.getTime() - before.maturity_time!.getTime()).toBe(30 * 24 * 3600_000);
    const { rows } = await sql<{ detail: { reason: string } }>`SELECT detail FROM audit_log WHERE action = 'user.extend'
      AND target = ${`user:${user.id}`}`.execute(t.ctx.db);
    expect(rows.map((r) => r.detail.reason)).toEqual(['服务中断补偿']);
    const sub = await createMember(t.ctx, { parentId: user.id });
    expect(
      (
        await t.call(
          'POST',
          '/api/console/users/extend',
          { userId: sub.id, level: 2, days: 1, reason: 'x' },
          { token: service.token },
        )
      ).body.message,
    ).toBe(ConsoleMsg.subAccountTier);
  });

  it('disabling revokes the sessions and refuses sign-in until enabled; unlock clears the login lockout', async () => {
    const user = await createMember(t.ctx);
    const disable = (userId: string, disabled: 'true' | 'false', reason: string, token = service.token) =>
      t.call('POST', '/api/console/users/disable', { userId, disabled, reason }, { token });
    expect((await disable(user.id, 'true', '')).body.message).toBe('请填写原因');
    const res = await disable(user.id, 'true', '恶意爬取');
    expect(res.body.message).toBe(ConsoleMsg.disabled);
    expect((await userRow(user.id)).disabled_at).not.toBeNull();
    const { rows } = await sql`SELECT 1 FROM sessions WHERE user_id = ${user.id} AND revoked_at IS NULL`.execute(
      t.ctx.db,
    );
    expect(rows).toHaveLength(0);
    await expect(t.ctx.sessions.open(user.id, { ip: null, userAgent: null })).rejects.toThrow(Msg.accountDisabled);
    await disable(user.id, 'false', '申诉通过');
    await expect(t.ctx.sessions.open(user.id, { ip: null, userAgent: null })).resolves.toBeTypeOf('string');
    // an operator cannot disable itself
    expect((await disable(admin.id, 'true', 'x', admin.token)).body.message).toBe(ConsoleMsg.selfDisable);
    // lockout
    const phone = await phoneOf(user.id);
    for (let i = 0; i < 5; i += 1)
      await sql`INSERT INTO login_failures (login_key, account_key, ip) VALUES (${`phone:${phone}`}, ${`user:${user.id}`}, '1.2.3.4')`.execute(
        t.ctx.db,
      );
    const detail = await t.call('GET', '/api/console/users/detail', { userId: user.id }, { token: service.token });
    expect(detail.body.loginFailures).toBe(5);
    const unlocked = await t.call('POST', '/api/console/users/unlock', { userId: user.id }, { token: service.token });
    expect(unlocked.body).toMatchObject({ code: 200, removed: 5 });
  });

  it('a finance operator cannot touch users', async () => {
    const finance = await createOperator(t, 'finance');
    const user = await createMember(t.ctx);
    const res = await t.call(
      'POST',
      '/api/console/users/extend',
      { userId: user.id, level: 2, days: 30, reason: 'x' },
      { token: finance.token },
    );
    expect(res.status).toBe(403);
    expect((await userRow(user.id)).user_type).toBe(0);
  });
});

describe('free-VIP review', () => {
  const apply = async (userId: string) =>
    (
      await sql<{
        id: string;
      }>`INSERT INTO free_vip_applications (user_id, company, contact_name, phone, position, status)
        VALUES (${userId}, '某某传媒', '张三', '13800000000', '市场经理', 'pending') RETURNING id`.execute(t.ctx.db)
    ).rows[0]!.id;

  it('approve grants the enterprise trial and the applicant sees it; reject needs a reason; a decision is final', async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const idA = await apply(a.id);
    const idB = await apply(b.id);
    const list = await t.call('GET', '/api/console/freeVip', {}, { token: service.token });
    expect((list.body.list as { id: number }[]).map((x) => x.id)).toEqual(
      expect.arrayContaining([Number(idA), Number(idB)]),
    );
    const approved = await t.call(
      'POST',
      '/api/console/freeVip/decide',
      { id: idA, decision: 'approve' },
      { token: service.token },
    );
    expect(approved.body.message).toBe(ConsoleMsg.freeVipApproved);
    expect(await userRow(a.id)).toMatchObject({ user_type: UserType.ENTERPRISE, version_type: 2 });
    expect((await t.call('GET', '/api/freeVip/status', {}, { token: a.token })).body.status).toBe('granted');
    expect(
      (
        await t.call(
          'POST',
          '/api/console/freeVip/decide',
          { id: idA, decision: 'reject', reason: 'x' },
          { token: service.token },
        )
      ).body.message,
    ).toBe(ConsoleMsg.freeVipDecided);
    expect(
      (await t.call('POST', '/api/console/freeVip/decide', { id: idB, decision: 'reject' }, { token: service.token }))
        .body.message,
    ).toBe('请填写拒绝原因');
    const rejected = await t.call(
      'POST',
      '/api/console/freeVip/decide',
      { id: idB, decision: 'reject', reason: '非企业用户' },
      { token: service.token },
    );
    expect(rejected.body.message).toBe(ConsoleMsg.freeVipRejected);
    expect((await userRow(b.id)).user_type).toBe(0);
    expect((await t.call('GET', '/api/freeVip/status', {}, { token: b.token })).body.status).toBe('rejected');
  });

  it('approving an account that is a paying member now is refused (it would lower its tier)', async () => {
    const paying = await createMember(t.ctx, { userType: 4 });
    const id = await apply(paying.id);
    const res = await t.call(
      'POST',
      '/api/console/freeVip/decide',
      { id, decision: 'approve' },
      { token: service.token },
    );
    expect(res.body.code).toBe(-1);
    expect((await userRow(paying.id)).user_type).toBe(4);
  });
});

describe('collection requests and pipeline', () => {
  it('lists users’ collection requests with counts; retry refuses an unknown job and re-queues failed ones', async () => {
    const user = await createMember(t.ctx);
    await sql`INSERT INTO collection_requests (mid, requested_by, input, state, error)
      VALUES (987654321, ${user.id}, 'space.bilibili.com/987654321', 'failed', '风控拦截')`.execute(t.ctx.db);
    const res = await t.call('GET', '/api/console/collectionRequests', { state: 'failed' }, { token: service.token });
    expect(res.body.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ mid: 987654321, error: '风控拦截' })]),
    );
    expect((res.body.counts as Record<string, number>).failed).toBeGreaterThanOrEqual(1);
    expect(
      (await t.call('GET', '/api/console/collectionRequests', { state: 'x' }, { token: service.token })).body.code,
    ).toBe(-1);
    const health = await t.call('GET', '/api/console/pipeline', {}, { token: service.token });
    expect(health.body.code).toBe(200);
    expect(Array.isArray((health.body.health as { queues: unknown[] }).queues)).toBe(true);
    expect(
      (await t.call('POST', '/api/console/pipeline/retry', { name: 'nope' }, { token: service.token })).body.message,
    ).toBe('任务类型不存在');
    const retry = await t.call(
      'POST',
      '/api/console/pipeline/retry',
      { name: 'collect.creator-snapshot' },
      { token: service.token },
    );
    expect(retry.body).toMatchObject({ code: 200 });
  });
});

describe('usage analytics', () => {
  it('counts active accounts and searches per day and tier from the calls the app serves', async () => {
    const pro = await createMember(t.ctx, { userType: 2 });
    for (let i = 0; i < 3; i += 1)
      expect((await t.call('GET', '/api/searchKol', { keyword: '测试' }, { token: pro.token })).body.code).toBe(200);
    await t.app.flushUsage();
    const res = await t.call('GET', '/api/console/analytics', { days: 7 }, { token: admin.token });
    const today = shanghaiDay(Date.now());
    const rows = res.body.rows as { day: string; kind: string; userType: number; count: number }[];
    const { rows: mine } = await sql<{ kind: string; count: number }>`SELECT kind, count FROM usage_daily
      WHERE user_id = ${pro.id} ORDER BY kind`.execute(t.ctx.db);
    expect(mine).toEqual([
      { kind: 'active', count: 1 },
      { kind: 'search', count: 3 },
    ]);
    expect(rows.find((r) => r.day === today && r.kind === 'search' && r.userType === 2)!.count).toBeGreaterThanOrEqual(
      3,
    );
    expect(rows.find((r) => r.day === today && r.kind === 'active' && r.userType === 2)!.count).toBeGreaterThanOrEqual(
      1,
    );
    expect((await t.call('GET', '/api/console/analytics', { days: 91 }, { token: admin.token })).body.message).toBe(
      '天数须为1至90',
    );
    expect((await t.call('GET', '/api/console/analytics', {}, { token: service.token })).status).toBe(403);
  });
});

describe('operator password', () => {
  it('an operator without a strong password is asked for one first; weak and wrong passwords are refused', async () => {
    const op = await createOperator(t, 'content', false);
    await sql`UPDATE users SET password_hash = ${await hashPassword('old-pass1')} WHERE id = ${op.id}`.execute(
      t.ctx.db,
    );
    const blocked = await t.call('GET', '/api/console/news', {}, { token: op.token });
    expect(blocked.body).toMatchObject({ code: 403, message: ConsoleMsg.passwordRequired });
    expect((await t.call('GET', '/api/console/me', {}, { token: op.token })).body.strongPassword).toBe(false);
    for (const [params, message] of [
      [{ oldPassword: 'old-pass1', newPassword: 'short1A!' }, OPERATOR_PASSWORD_WEAK],
      [{ oldPassword: 'old-pass1', newPassword: 'alllowercase123!' }, OPERATOR_PASSWORD_WEAK],
      [{ oldPassword: 'wrong', newPassword: 'Str0ng-Operator!' }, ConsoleMsg.passwordWrong],
    ] as const)
      expect((await t.call('POST', '/api/console/password', params, { token: op.token })).body.message).toBe(message);
    const ok = await t.call(
      'POST',
      '/api/console/password',
      { oldPassword: 'old-pass1', newPassword: 'Str0ng-Operator!' },
      { token: op.token },
    );
    expect(ok.body.message).toBe(ConsoleMsg.passwordSaved);
    expect((await t.call('GET', '/api/console/news', {}, { token: op.token })).status).toBe(200);
    const { rows } = await sql<{
      action: string;
    }>`SELECT action FROM audit_log WHERE operator_id = ${op.id} ORDER BY id`.execute(t.ctx.db);
    expect(rows.map((r) => r.action)).toEqual(['totp.enabled', 'password.failed', 'password.changed']);
  });
});
