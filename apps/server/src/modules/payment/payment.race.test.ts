import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, Msg } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { memberDb } from '../membership/membership.tables.js';
import { createMember, toleratePoolShutdown } from '../membership/test-members.js';
import { ORDER_BURST_LIMIT } from './payment.service.js';

/** Finding 7 of issue #14: confirmPay's limits must hold under any parallelism (serialised in the database). */
let t: TestApp;
let priceId = 0;
beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  const row = await memberDb(t.ctx.db)
    .selectFrom('price_options')
    .select('id')
    .where('level', '=', 2)
    .where('month_num', '=', 1)
    .executeTakeFirstOrThrow();
  priceId = row.id;
});
afterAll(async () => {
  await t.close();
});

const ordersOf = (userId: string) =>
  memberDb(t.ctx.db).selectFrom('payment_orders').select(['id', 'status']).where('user_id', '=', userId).execute();

describe('confirmPay under parallel calls', () => {
  it(`50 parallel calls make exactly ${ORDER_BURST_LIMIT} orders and leave exactly one open`, async () => {
    const m = await createMember(t.ctx);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', '/api/pay/confirmPay', { type: 1, priceId, payType: (i % 2) + 1 }, { token: m.token }),
      ),
    );
    const okCount = answers.filter((a) => a.body.code === ApiCode.OK).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(okCount).toBe(ORDER_BURST_LIMIT);
    expect(refused).toHaveLength(50 - ORDER_BURST_LIMIT);
    for (const r of refused) expect(r.body).toEqual({ code: ApiCode.FAIL, message: Msg.tooManyRequests });
    expect(answers.every((a) => a.status !== 500)).toBe(true);

    const rows = await ordersOf(m.id);
    expect(rows).toHaveLength(ORDER_BURST_LIMIT);
    expect(rows.filter((r) => r.status === 'created')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'closed')).toHaveLength(ORDER_BURST_LIMIT - 1);
  });

  it('keeps one open order when two accounts order in parallel (the lock is per account)', async () => {
    const [a, b] = [await createMember(t.ctx), await createMember(t.ctx)];
    const calls = [a, b, a, b, a, b].map((m) =>
      t.call('POST', '/api/pay/confirmPay', { type: 1, priceId, payType: 1 }, { token: m.token }),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((x) => x.body.code)).toEqual(answers.map(() => ApiCode.OK));
    for (const m of [a, b]) {
      const rows = await ordersOf(m.id);
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.status === 'created')).toHaveLength(1);
    }
  });

  it('the database itself refuses a second open order for an account', async () => {
    const m = await createMember(t.ctx);
    const ok = await t.call('POST', '/api/pay/confirmPay', { type: 1, priceId, payType: 1 }, { token: m.token });
    expect(ok.body.code).toBe(ApiCode.OK);
    const row = await memberDb(t.ctx.db)
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const { id: _id, order_no: _no, ...rest } = row;
    await expect(
      memberDb(t.ctx.db)
        .insertInto('payment_orders')
        .values({ ...rest, order_no: `${row.order_no}X` })
        .execute(),
    ).rejects.toThrow(/payment_orders_one_open_idx/);
  });
});
