import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  MemberMsg,
  Msg,
  type BuyPriceAnswer,
  type ConfirmPayAnswer,
  type OrderSummary,
  type UserInfo,
} from '@xg/shared';
import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { signAlipayNotifyParams } from '../../providers/payment/alipay.js';
import { memberDb } from '../membership/membership.tables.js';
import { addMonths } from '../membership/pricing.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { closeExpiredOrders } from './payment.jobs.js';

/** Sandbox mode (the default of tests): both pay types go through the local pay page and /api/notify/sandbox. */
let t: TestApp;
let priceIds: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  const rows = await memberDb(t.ctx.db).selectFrom('price_options').select(['id', 'level', 'month_num']).execute();
  priceIds = new Map(rows.map((r) => [`${r.level}:${r.month_num}`, r.id]));
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600 * 1000;
const db = () => memberDb(t.ctx.db);

function priceId(level: number, months: number): number {
  const id = priceIds.get(`${level}:${months}`);
  if (id === undefined) throw new Error(`no price ${level}:${months}`);
  return id;
}

async function confirmPay(m: TestMember, level: number, months: number, payType = 1, type = 1) {
  const res = await t.call(
    'POST',
    '/api/pay/confirmPay',
    { type, priceId: priceId(level, months), payType },
    { token: m.token },
  );
  return res.body as unknown as ConfirmPayAnswer;
}

const payQuery = async (m: TestMember) => (await t.call('GET', '/api/pay/payQuery', {}, { token: m.token })).body;

/** Opens the pay page of the QR as a phone browser would (no sign headers) and presses a button. */
async function sandboxPage(codeUrl: string) {
  const url = new URL(codeUrl);
  const res = await t.call('GET', url.pathname, Object.fromEntries(url.searchParams), { unsigned: true });
  return { status: res.status, html: res.raw.body, type: String(res.raw.headers['content-type']) };
}
/** Presses a button of the pay page: the form posts the order number and the link's key. */
async function sandboxPress(order: { orderNo: string; codeUrl: string }, action: 'confirm' | 'cancel') {
  const key = new URL(order.codeUrl).searchParams.get('key') ?? '';
  const res = await t.call('POST', `/api/sandbox/pay/${action}`, { orderNo: order.orderNo, key }, { unsigned: true });
  return res.raw.body;
}

async function periodsOf(userId: string) {
  return db().selectFrom('membership_periods').selectAll().where('user_id', '=', userId).execute();
}

describe('POST /api/pay/confirmPay', () => {
  it('needs a signed-in user and valid parameters', async () => {
    expect((await t.call('POST', '/api/pay/confirmPay', { type: 1, priceId: 1, payType: 1 })).status).toBe(401);
    const m = await createMember(t.ctx);
    const cases: [Record<string, string | number>, string][] = [
      [{ type: 1, priceId: priceId(2, 12), payType: 3 }, MemberMsg.payTypeInvalid],
      [{ type: 3, priceId: priceId(2, 12), payType: 1 }, MemberMsg.orderTypeInvalid],
      [{ type: 1, payType: 1 }, MemberMsg.priceIdInvalid],
      [{ type: 1, priceId: 999_999, payType: 1 }, MemberMsg.priceNotFound],
    ];
    for (const [params, message] of cases) {
      expect((await t.call('POST', '/api/pay/confirmPay', params, { token: m.token })).body).toMatchObject({
        code: ApiCode.FAIL,
        message,
      });
    }
    expect(await db().selectFrom('payment_orders').select('id').where('user_id', '=', m.id).execute()).toHaveLength(0);
  });

  it.each([
    [1, '支付宝'],
    [2, '微信支付'],
  ])('creates an order and a QR for payType %i', async (payType, label) => {
    const m = await createMember(t.ctx);
    const body = await confirmPay(m, 2, 12, payType);
    expect(body).toMatchObject({ code: ApiCode.OK, amount: 2152.8, payType });
    expect(body.imgStr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect(body.codeUrl).toMatch(
      new RegExp(`^http://localhost:80/api/sandbox/pay\\?orderNo=${body.orderNo}&key=[A-Za-z0-9_-]{32}$`),
    );
    expect(body.orderNo).toMatch(/^XG\d{22}$/);
    // §7.2 "returns imgStr or payResult": the created order, as GET /api/pay/payResult describes it
    const result = await t.call('GET', '/api/pay/payResult', { orderNo: body.orderNo }, { token: m.token });
    expect(body.payResult).toEqual(result.body.order);
    expect(body.payResult).toMatchObject({ orderNo: body.orderNo, status: 'created', amount: 2152.8, payType });
    const order = await db()
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_no', '=', body.orderNo)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'created',
      provider: 'sandbox',
      kind: 'new',
      level: 2,
      month_num: 12,
      amount_fen: 215280,
    });
    expect((await sandboxPage(body.codeUrl)).html).toContain(`沙箱支付（${label}）`);
  });

  it('takes WeChat Pay only up to 3000 yuan, and suggests Alipay', async () => {
    const m = await createMember(t.ctx);
    expect(await confirmPay(m, 3, 6, 2)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.wechatLimit }); // 4795.20
    expect(await confirmPay(m, 4, 1, 2)).toMatchObject({ code: ApiCode.OK, amount: 2499 });
    expect(await confirmPay(m, 3, 6, 1)).toMatchObject({ code: ApiCode.OK, amount: 4795.2 });
  });

  it('blocks a sub-account with the notice of §6', async () => {
    const parent = await createMember(t.ctx, { userType: 3 });
    const sub = await createMember(t.ctx, { parentId: parent.id });
    expect(await confirmPay(sub, 4, 12)).toMatchObject({ code: ApiCode.FAIL, message: Msg.subAccountBlocked });
  });

  it('lets a premium member on a 12-month plan choose only option index 0', async () => {
    const m = await createMember(t.ctx, { userType: 4, maturityDays: 100, buyMonthNum: 12 });
    expect(await confirmPay(m, 4, 6, 1, 2)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.premiumYearlyOnly });
    expect(await confirmPay(m, 4, 1, 1, 2)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.premiumYearlyOnly });
    expect(await confirmPay(m, 4, 12, 1, 2)).toMatchObject({ code: ApiCode.OK, amount: 17992.8 });
  });

  it('refuses a level below the held one and charges an upgrade the list price (the credit becomes days)', async () => {
    const pro = await createMember(t.ctx, { userType: 2, maturityDays: 60.5 });
    expect(await confirmPay(pro, 1, 12, 1, 2)).toMatchObject({
      code: ApiCode.FAIL,
      message: MemberMsg.lowerLevelBlocked,
    });
    const body = await confirmPay(pro, 3, 1, 1, 2);
    // credit: 60.5 days count as 61 × 299.00 / 30 = 607.96…; it is recorded, and paid out as days at the grant
    expect(body).toMatchObject({ code: ApiCode.OK, amount: 999 });
    const order = await db()
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_no', '=', body.orderNo)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'upgrade', price_fen: 99900, credit_fen: 60796, amount_fen: 99900 });
  });

  it('closes the previous open order when a new one is made (switching the method)', async () => {
    const m = await createMember(t.ctx);
    const first = await confirmPay(m, 1, 1, 1);
    const second = await confirmPay(m, 1, 1, 2);
    const rows = await db()
      .selectFrom('payment_orders')
      .select(['order_no', 'status'])
      .where('user_id', '=', m.id)
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { order_no: first.orderNo, status: 'closed' },
        { order_no: second.orderNo, status: 'created' },
      ]),
    );
  });
});

describe('sandbox pay page round trip', () => {
  it('confirm → signed notify → payQuery 200 → the user info shows the new tier and expiry', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 2, 12, 1);
    expect(await payQuery(m)).toEqual({ code: ApiCode.PENDING, message: MemberMsg.payPending, orderNo: order.orderNo });

    const page = await sandboxPage(order.codeUrl);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    for (const text of ['沙箱支付', '专业版', '12个月', '¥2152.80', '待支付', '确认支付', '取消', order.orderNo]) {
      expect(page.html).toContain(text);
    }

    const before = Date.now();
    const result = await sandboxPress(order, 'confirm');
    expect(result).toContain(MemberMsg.sandboxPaid);
    expect(result).toContain('已支付');
    expect(result).not.toContain('确认支付</button>');

    const paid = await payQuery(m);
    expect(paid).toMatchObject({ code: ApiCode.OK, message: MemberMsg.paySuccess, orderNo: order.orderNo });
    const info = paid.userInfoMap as UserInfo;
    expect(info).toMatchObject({ userType: 2, versionType: 1, buyMonthNum: 12 });
    const expiry = Date.parse(info.maturityTime ?? '');
    expect(expiry).toBeGreaterThanOrEqual(addMonths(new Date(before), 12).getTime() - 60_000);
    expect(expiry).toBeLessThanOrEqual(addMonths(new Date(), 12).getTime());

    const userInfo = await t.call('GET', '/api/user/userInfo', {}, { token: m.token });
    expect(userInfo.body.userInfoMap).toMatchObject({ userType: 2, versionType: 1, maturityTime: info.maturityTime });
    expect(await periodsOf(m.id)).toMatchObject([{ level: 2, source: 'order', version_type: 1 }]);

    // the page pressed again changes nothing
    expect(await sandboxPress(order, 'confirm')).toContain('已支付');
    expect(await periodsOf(m.id)).toHaveLength(1);
    const resultAnswer = await t.call('GET', '/api/pay/payResult', { orderNo: order.orderNo }, { token: m.token });
    expect(resultAnswer.body.order).toMatchObject({
      status: 'paid',
      amount: 2152.8,
      level: 2,
      levelLabel: '专业版',
      monthNum: 12,
    });
  });

  it('renews from the current expiry and upgrades from now', async () => {
    const m = await createMember(t.ctx, { userType: 2, maturityDays: 30, buyMonthNum: 1 });
    const oldMaturity = (
      await t.ctx.db.selectFrom('users').select('maturity_time').where('id', '=', m.id).executeTakeFirstOrThrow()
    ).maturity_time as Date;
    const renew = await confirmPay(m, 2, 1, 2, 2);
    await sandboxPress(renew, 'confirm');
    const renewed = (await payQuery(m)).userInfoMap as UserInfo;
    expect(renewed).toMatchObject({ userType: 2, buyMonthNum: 1 });
    expect(renewed.maturityTime).toBe(addMonths(oldMaturity, 1).toISOString());

    const upgrade = await confirmPay(m, 3, 12, 1, 2);
    expect(upgrade.amount).toBe(7192.8); // the ~2 months left at 专业版 become days of 企业版
    await sandboxPress(upgrade, 'confirm');
    const upgraded = (await payQuery(m)).userInfoMap as UserInfo;
    expect(upgraded).toMatchObject({ userType: 3, versionType: 1, buyMonthNum: 12 });
    // ≈ 60 days × 299.00 / 30 ≈ 598 yuan at 7192.80 / 360 a day ≈ 30 days beyond the 12 months
    expect(Date.parse(upgraded.maturityTime ?? '')).toBeGreaterThan(addMonths(new Date(), 12).getTime() + 29 * DAY);
    expect((await periodsOf(m.id)).map((p) => p.level)).toEqual([2, 3]);
  });

  /** buyPrice's option of `months`, confirmPay with it, the sandbox confirm; the user info afterwards. */
  async function buyThroughSandbox(m: TestMember, level: number, months: number) {
    const prices = (await t.call('GET', '/api/buy/buyPrice', { type: level }, { token: m.token }))
      .body as unknown as BuyPriceAnswer;
    const option = prices.monthlyPriceInfos.find((o) => o.monthNum === months);
    if (!option) throw new Error(`no option ${level}:${months}`);
    const order = await confirmPay(m, level, months, 1, 2);
    expect(order.amount).toBe(option.payAmount);
    expect(await sandboxPress(order, 'confirm')).toContain(MemberMsg.sandboxPaid);
    const info = (await payQuery(m)).userInfoMap as UserInfo;
    return { prices, option, info };
  }

  it('the expiry shown before paying is the one the notify writes: upgrade, upgrade again, renew, from a trial', async () => {
    // issue #13: 初级版 with 393.5 days left (counted 394) upgrading to 专业版 monthly
    const basic = await createMember(t.ctx, { userType: 1, maturityDays: 393.5, buyMonthNum: 12 });
    const up = await buyThroughSandbox(basic, 2, 1);
    // 394 × 99.00 / 30 = 1300.20 of credit; 130020 × 30 / 29900 = 130.45 → 131 days; the price is 299
    expect(up.prices).toMatchObject({ orderKind: 'upgrade', surplusPrice: 1300.2 });
    expect(up.prices.monthlyPriceInfos.map((o) => [o.monthNum, o.payAmount, o.bonusDays])).toEqual([
      [12, 2152.8, 218],
      [6, 1435.2, 164],
      [1, 299, 131],
    ]);
    expect(up.info).toMatchObject({ userType: 2, versionType: 1, buyMonthNum: 1 });
    const shown = Date.parse(up.option.newMaturityTime ?? '');
    const written = Date.parse(up.info.maturityTime ?? '');
    // the same rule at the payment a moment later: the same days, only the seconds in between differ
    expect(written - shown).toBeGreaterThanOrEqual(0);
    expect(written - shown).toBeLessThan(60_000);
    expect(written - Date.now()).toBeGreaterThan(131 * DAY + 28 * DAY);

    // 专业版 (bought through an order now: its basis is 299.00 a month) → 企业版 yearly
    const again = await buyThroughSandbox(basic, 3, 12);
    expect(again.prices.orderKind).toBe('upgrade');
    expect(again.option.bonusDays).toBeGreaterThan(0);
    expect(Date.parse(again.info.maturityTime ?? '') - Date.parse(again.option.newMaturityTime ?? '')).toBeLessThan(
      60_000,
    );
    expect(again.info).toMatchObject({ userType: 3, buyMonthNum: 12 });

    // renewal at the same level: exactly the shown expiry (maturity + 6 calendar months)
    const renew = await buyThroughSandbox(basic, 3, 6);
    expect(renew.prices).toMatchObject({ orderKind: 'renew', surplusPrice: 0 });
    expect(renew.option.bonusDays).toBe(0);
    expect(renew.info.maturityTime).toBe(renew.option.newMaturityTime);
    expect(renew.option.newMaturityTime).toBe(addMonths(new Date(again.info.maturityTime ?? ''), 6).toISOString());

    // a trial's remaining time is not paid credit: a new period from now
    const trial = await createMember(t.ctx, { userType: 3, versionType: 2, maturityDays: 5 });
    const fromTrial = await buyThroughSandbox(trial, 2, 1);
    expect(fromTrial.prices).toMatchObject({ orderKind: 'new', surplusPrice: 0 });
    expect(fromTrial.option).toMatchObject({ payAmount: 299, bonusDays: 0 });
    expect(fromTrial.info).toMatchObject({ userType: 2, versionType: 1 });
    const trialShown = Date.parse(fromTrial.option.newMaturityTime ?? '');
    expect(Date.parse(fromTrial.info.maturityTime ?? '') - trialShown).toBeLessThan(60_000);
  });

  it('cancel closes the order: payQuery answers −1', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 1, 1);
    expect(await sandboxPress(order, 'cancel')).toContain(MemberMsg.sandboxCancelled);
    expect(await payQuery(m)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.orderClosed });
    const page = await sandboxPage(order.codeUrl);
    expect(page.html).toContain('已关闭');
    expect(page.html).not.toContain('确认支付</button>');
    expect(await periodsOf(m.id)).toHaveLength(0);
  });

  it('refuses a notify not signed by the sandbox key, and changes nothing', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 12, 1);
    const forger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const params = signAlipayNotifyParams(
      {
        app_id: 'sandbox',
        out_trade_no: order.orderNo,
        trade_no: 'SBXforged',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '712.80',
      },
      forger.privateKey,
    );
    const res = await t.call('POST', '/api/notify/sandbox', params, { unsigned: true });
    expect(res.raw.body).toBe('fail');
    expect(await payQuery(m)).toMatchObject({ code: ApiCode.PENDING });
    const log = await db().selectFrom('payment_notifies').select('outcome').where('provider', '=', 'sandbox').execute();
    expect(log.map((l) => l.outcome)).toContain('bad_signature');
  });

  it('shows and changes an order only through its own link key (issue #14)', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 1, 1);
    const key = new URL(order.codeUrl).searchParams.get('key') ?? '';
    const other = await confirmPay(await createMember(t.ctx), 1, 1, 1);
    const otherKey = new URL(other.codeUrl).searchParams.get('key') ?? '';
    const page = async (params: Record<string, string>) => {
      const res = await t.call('GET', '/api/sandbox/pay', params, { unsigned: true });
      return { status: res.status, html: res.raw.body };
    };
    // no key, a wrong key, another order's key, a malformed order number: 403 and nothing about any order
    const forged: Record<string, string>[] = [
      { orderNo: order.orderNo },
      { orderNo: order.orderNo, key: 'A'.repeat(32) },
      { orderNo: order.orderNo, key: otherKey },
      { orderNo: '<script>', key },
      { orderNo: 'XG0000', key },
    ];
    for (const params of forged) {
      const res = await page(params);
      expect(res.status).toBe(403);
      expect(res.html).toContain(MemberMsg.sandboxLinkInvalid);
      expect(res.html).not.toContain(order.orderNo);
      expect(res.html).not.toContain('¥');
    }
    // confirm and cancel without the key change nothing
    for (const action of ['confirm', 'cancel'] as const) {
      const bodies: Record<string, string>[] = [{ orderNo: order.orderNo }, { orderNo: order.orderNo, key: otherKey }];
      for (const body of bodies) {
        const res = await t.call('POST', `/api/sandbox/pay/${action}`, body, { unsigned: true });
        expect(res.status).toBe(403);
        expect(res.raw.body).not.toContain(order.orderNo);
      }
    }
    expect(
      await db().selectFrom('payment_orders').select('status').where('order_no', '=', order.orderNo).executeTakeFirst(),
    ).toEqual({ status: 'created' });
    // the owner's link works
    const own = await page({ orderNo: order.orderNo, key });
    expect(own.status).toBe(200);
    expect(own.html).toContain(order.orderNo);
    expect(own.html).toContain(`name="key" value="${key}"`);
  });
});

describe('payQuery, payResult and order expiry', () => {
  it('answers −1 without an order, and closes an expired one', async () => {
    const m = await createMember(t.ctx);
    expect(await payQuery(m)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.orderNotFound });
    const order = await confirmPay(m, 1, 1, 1);
    await db()
      .updateTable('payment_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', '=', order.orderNo)
      .execute();
    expect(await payQuery(m)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.orderClosed });
    const row = await db()
      .selectFrom('payment_orders')
      .select('status')
      .where('order_no', '=', order.orderNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('closed');
  });

  it('closes expired orders in the job, idempotently', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 1, 1);
    expect(await closeExpiredOrders(t.ctx.db, new Date(Date.now() + 121 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await closeExpiredOrders(t.ctx.db, new Date(Date.now() + 121 * 60_000))).toBe(0);
    const result = await t.call('GET', '/api/pay/payResult', { orderNo: order.orderNo }, { token: m.token });
    expect((result.body.order as OrderSummary).status).toBe('closed');
  });

  it("never shows another account's order", async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const order = await confirmPay(a, 1, 1, 1);
    const res = await t.call('GET', '/api/pay/payResult', { orderNo: order.orderNo }, { token: b.token });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.orderNotFound });
    const latest = await t.call('GET', '/api/pay/payResult', {}, { token: a.token });
    expect((latest.body.order as OrderSummary).orderNo).toBe(order.orderNo);
    expect((await t.call('GET', '/api/pay/payQuery')).status).toBe(401);
  });
});

describe('GET /api/notify/alipay_return', () => {
  it('answers a small page linking back to /member', async () => {
    const res = await t.call('GET', '/api/notify/alipay_return', { out_trade_no: 'XG1' }, { unsigned: true });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/html');
    expect(res.raw.body).toContain('href="/member"');
    expect(res.raw.body).toContain(MemberMsg.returnLink);
  });
});

describe('expiry after payment', () => {
  it('a paid period that ends drops the account to 免费版 in userInfo', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 1, 1);
    await sandboxPress(order, 'confirm');
    await t.ctx.db
      .updateTable('users')
      .set({ maturity_time: new Date(Date.now() - DAY) })
      .where('id', '=', m.id)
      .execute();
    const info = await t.call('GET', '/api/user/userInfo', {}, { token: m.token });
    expect(info.body.userInfoMap).toMatchObject({ userType: 0 });
  });
});
