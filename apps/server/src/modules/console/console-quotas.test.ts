/**
 * Issue #27: tier quota editing (admin only, validated, audited, applied by the next quota check), the user's
 * own bank-transfer order confirmed by finance, and the strong rule for operators on the customer password paths.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankOrderMsg, OPERATOR_PASSWORD_WEAK } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember } from '../membership/test-members.js';
import { ConsoleMsg } from './console.roles.js';
import { createOperator, type TestOperator } from './console.test-kit.js';

let t: TestApp;
let admin: TestOperator;
let others: TestOperator[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createOperator(t, 'admin');
  others = await Promise.all((['content', 'service', 'finance'] as const).map((role) => createOperator(t, role)));
});
afterAll(async () => {
  await t.close();
});

const contrastTotal = async (token: string) => {
  const res = await t.call('GET', '/api/operateLimitList', {}, { token });
  return (res.body.quotas as { kind: string; totalCount: number }[]).find((q) => q.kind === 'contrast')!.totalCount;
};

describe('tier quotas', () => {
  it('only admin may read or change them: other roles and customers get 403', async () => {
    const customer = await createMember(t.ctx, { userType: 3 });
    for (const token of [...others.map((o) => o.token), customer.token]) {
      for (const [method, url] of [
        ['GET', '/api/console/quotas'],
        ['POST', '/api/console/quotas/save'],
      ] as const) {
        const res = await t.call(method, url, { kind: 'contrast', userType: 1, monthlyTotal: 99 }, { token });
        expect(res.body.code, url).toBe(403);
        expect([ConsoleMsg.roleDenied, ConsoleMsg.notOperator]).toContain(res.body.message);
      }
    }
    const { rows } = await sql<{ monthly_total: number }>`SELECT monthly_total FROM quota_rules
      WHERE kind = 'contrast' AND user_type = 1`.execute(t.ctx.db);
    expect(rows[0]!.monthly_total).toBe(10);
  });

  it('refuses what is not a whole number within bounds, with Chinese messages; nothing changes', async () => {
    const bad: [Record<string, string | number>, string][] = [
      [{ kind: 'contrast', userType: 1, monthlyTotal: 1.5 }, '额度须为整数'],
      [{ kind: 'contrast', userType: 1, monthlyTotal: 'abc' }, '额度须为整数'],
      [{ kind: 'contrast', userType: 1, monthlyTotal: -1 }, '额度不能小于0'],
      [{ kind: 'contrast', userType: 1, monthlyTotal: 100_001 }, '额度不能超过100,000'],
      [{ kind: 'export', userType: 3, monthlyTotal: 10_000_001 }, '额度不能超过10,000,000'],
      [{ kind: 'search', userType: 1, monthlyTotal: 5 }, '额度类型不正确'],
      [{ kind: 'contrast', userType: 5, monthlyTotal: 5 }, '会员等级不正确'],
    ];
    for (const [params, message] of bad) {
      const res = await t.call('POST', '/api/console/quotas/save', params, { token: admin.token });
      expect(res.body.code, message).toBe(-1);
      expect(res.body.message).toBe(message);
    }
    const list = await t.call('GET', '/api/console/quotas', {}, { token: admin.token });
    expect(list.body.list).toContainEqual({ kind: 'contrast', userType: 1, monthlyTotal: 10 });
    expect(list.body.list).toHaveLength(10);
  });

  it('a change applies to the next quota check without a restart, and is audited with before and after', async () => {
    const member = await createMember(t.ctx, { userType: 1 });
    expect(await contrastTotal(member.token)).toBe(10);
    const res = await t.call(
      'POST',
      '/api/console/quotas/save',
      { kind: 'contrast', userType: 1, monthlyTotal: 15 },
      { token: admin.token },
    );
    expect(res.body).toMatchObject({ code: 200, message: ConsoleMsg.saved });
    expect(await contrastTotal(member.token)).toBe(15);
    const { rows } = await sql<{ detail: unknown; role: string }>`SELECT detail, role FROM audit_log
      WHERE action = 'quota.update' AND target = 'quota:contrast:1'`.execute(t.ctx.db);
    expect(rows).toEqual([{ detail: { before: 10, after: 15 }, role: 'admin' }]);
    await t.call(
      'POST',
      '/api/console/quotas/save',
      { kind: 'contrast', userType: 1, monthlyTotal: 10 },
      { token: admin.token },
    );
    expect(await contrastTotal(member.token)).toBe(10);
  });
});

describe('bank transfer chosen by the user', () => {
  it('needs the payee account; answers one open order; finance confirms it and the tier changes', async () => {
    const user = await createMember(t.ctx);
    const { rows: options } = await sql<{ id: number; price: string }>`SELECT id, price::text AS price
      FROM price_options WHERE level = 2 AND enabled ORDER BY month_num DESC LIMIT 1`.execute(t.ctx.db);
    const priceId = options[0]!.id;
    const open = () => t.call('POST', '/api/pay/bankTransfer', { type: 1, priceId }, { token: user.token });

    expect((await open()).body).toMatchObject({ code: -1, message: BankOrderMsg.unavailable });
    const account = { accountName: '霞光数据科技有限公司', bankName: '招商银行', accountNo: '6214000011112222' };
    const saved = await t.call(
      'POST',
      '/api/console/settings/save',
      { key: 'bankAccount', value: JSON.stringify(account) },
      { token: admin.token },
    );
    expect(saved.body.code).toBe(200);

    const first = await open();
    expect(first.body).toMatchObject({ code: 200, message: BankOrderMsg.created, account });
    const orderNo = first.body.orderNo as string;
    expect((await open()).body.orderNo).toBe(orderNo);
    const { rows: order } = await sql<{ status: string; provider: string; amount_fen: number }>`SELECT status,
      provider, amount_fen FROM payment_orders WHERE order_no = ${orderNo}`.execute(t.ctx.db);
    expect(order[0]).toMatchObject({ status: 'created', provider: 'bank' });
    const amount = order[0]!.amount_fen / 100;

    const confirm = (token: string, params: Record<string, string | number>) =>
      t.call('POST', '/api/console/orders/confirmTransfer', { orderNo, tradeNo: 'CMB001', ...params }, { token });
    const content = others[0]!;
    expect((await confirm(content.token, { amount })).body.code).toBe(403);
    expect((await confirm(user.token, { amount })).body.code).toBe(403);
    const finance = others[2]!;
    const wrong = await confirm(finance.token, { amount: amount + 1 });
    expect(wrong.body.code).toBe(-1);
    expect(wrong.body.message).toMatch(/^到账金额与应付金额（[\d.]+元）不一致$/);

    const ok = await confirm(finance.token, { amount });
    expect(ok.body).toMatchObject({ code: 200, message: ConsoleMsg.orderGranted, outcome: 'granted' });
    const { rows: tier } = await sql<{ user_type: number }>`SELECT user_type FROM users
      WHERE id = ${user.id}`.execute(t.ctx.db);
    expect(tier[0]!.user_type).toBe(2);
    expect((await confirm(finance.token, { amount })).body.message).toBe(BankOrderMsg.alreadyPaid);
    const { rows: audit } = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log
      WHERE action = 'order.confirmTransfer' AND target = ${`order:${orderNo}`}`.execute(t.ctx.db);
    expect(Number(audit[0]!.n)).toBe(1);
  });
});

describe('operator passwords on the customer pages', () => {
  it('an operator cannot set a password under the strong rule through /api/user/updatepwd; a customer can', async () => {
    const operator = others[1]!;
    const customer = await createMember(t.ctx);
    await sql`UPDATE users SET is_old_password = 0 WHERE id IN (${operator.id}, ${customer.id})`.execute(t.ctx.db);
    const change = (token: string, password: string) =>
      t.call('POST', '/api/user/updatepwd', { password, rePassword: password }, { token });

    const weak = await change(operator.token, 'abc123');
    expect(weak.body).toMatchObject({ code: -1, message: OPERATOR_PASSWORD_WEAK });
    expect((await change(customer.token, 'abc123')).body.code).toBe(200);
    expect((await change(operator.token, 'Operator-Strong-2026!')).body.code).toBe(200);
  });
});
