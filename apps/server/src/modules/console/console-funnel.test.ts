/** The analytics funnel (issue #27): landing visits → sign-ups → first payments of the period, hand-counted. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember } from '../membership/test-members.js';
import { createOperator, type TestOperator } from './console.test-kit.js';
import { shanghaiDay } from './usage-recorder.js';

let t: TestApp;
let ops: Record<'admin' | 'content' | 'finance' | 'service', TestOperator>;

beforeAll(async () => {
  t = await createTestApp();
  ops = {
    admin: await createOperator(t, 'admin'),
    content: await createOperator(t, 'content'),
    finance: await createOperator(t, 'finance'),
    service: await createOperator(t, 'service'),
  };
});
afterAll(async () => {
  await t.close();
});

describe('analytics funnel', () => {
  it('counts anonymous landing visits, accounts created in the period and those of them that paid', async () => {
    const days = 7;
    const from = shanghaiDay(Date.now() - (days - 1) * 86_400_000);
    const fromAt = Date.parse(`${from}T00:00:00+08:00`);
    const inside = new Date(fromAt + 60_000).toISOString();
    const before = new Date(fromAt - 60_000).toISOString();
    // every account so far (the operators, any seed) signed up long before the period
    await sql`UPDATE users SET created_at = now() - interval '100 days'`.execute(t.ctx.db);

    const visit = (page: string, at: string, userId: string | null = null) =>
      sql`INSERT INTO access_records (user_id, page, created_at) VALUES (${userId}, ${page}, ${at})`.execute(t.ctx.db);
    const account = async (createdAt: string) => {
      const m = await createMember(t.ctx, { userType: 0 });
      await sql`UPDATE users SET created_at = ${createdAt} WHERE id = ${m.id}`.execute(t.ctx.db);
      return m.id;
    };
    let orders = 0;
    const order = (userId: string, status: 'paid' | 'created', paidAt: string | null) =>
      sql`INSERT INTO payment_orders (order_no, user_id, kind, request_type, level, month_num, price_fen, amount_fen,
          pay_type, provider, status, expires_at, paid_at, created_at)
        VALUES (${`FUNNEL${(orders += 1)}`}, ${userId}, 'new', 1, 2, 1, 100, 100, 1, 'sandbox', ${status},
          now() + interval '1 hour', ${paidAt}, ${paidAt ?? inside})`.execute(t.ctx.db);

    // sign-ups: a, b, c, e created in the period; d before it
    const [a, b, c, d, e] = [
      await account(inside),
      await account(inside),
      await account(new Date().toISOString()),
      await account(before),
      await account(inside),
    ];
    await order(a, 'paid', inside); // a: first payment in the period
    await order(b, 'created', null); // b: an unpaid order is no payment
    await order(d, 'paid', inside); // d: paid in the period but signed up before it — not in the funnel
    await order(e, 'paid', inside); // e: two paid orders count once
    await order(e, 'paid', new Date().toISOString());
    void c; // c: signed up today, no order

    // landing visits: anonymous records on a landing page (query ignored) in the period → 5
    await visit('/index', inside);
    await visit('/index', new Date().toISOString());
    await visit('/squeezeUp?keyword=1', inside);
    await visit('/classroom/detail?id=3', inside);
    await visit('/marketDataCus', inside);
    await visit('/index', before); // before the period
    await visit('/rank', inside); // not a landing page
    await visit('/index', inside, a); // a signed-in account's view

    const res = await t.call('GET', '/api/console/analytics', { days }, { token: ops.admin.token });
    expect(res.body.code).toBe(200);
    expect(res.body.funnel).toEqual({
      from,
      steps: [
        { key: 'visit', count: 5, rate: null },
        { key: 'signup', count: 4, rate: 0.8 },
        { key: 'paid', count: 2, rate: 0.5 },
      ],
    });
    // one figure: the funnel's sign-ups are the sum of the period's daily sign-up rows
    const rows = res.body.rows as { kind: string; count: number }[];
    expect(rows.filter((r) => r.kind === 'signup').reduce((s, r) => s + r.count, 0)).toBe(4);

    // a one-day period (today only): no visit before today's one → 1; c signed up today; nobody paid
    const today = await t.call('GET', '/api/console/analytics', { days: 1 }, { token: ops.finance.token });
    expect((today.body.funnel as { steps: unknown[] }).steps).toEqual([
      { key: 'visit', count: 1, rate: null },
      { key: 'signup', count: 1, rate: 1 },
      { key: 'paid', count: 0, rate: 0 },
    ]);

    expect((await t.call('GET', '/api/console/analytics', { days }, { token: ops.content.token })).body.code).toBe(200);
    expect((await t.call('GET', '/api/console/analytics', { days }, { token: ops.service.token })).status).toBe(403);
  });
});
