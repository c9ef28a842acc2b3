import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, MemberMsg, type ConfirmPayAnswer, type UserInfo } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { MembershipSettings } from '../../config.js';
import { signAlipayNotifyParams } from '../../providers/payment/alipay.js';
import { rsaSha256Sign, rsaSha256Verify } from '../../providers/payment/keys.js';
import {
  encryptWechatResource,
  parseWechatAuthorization,
  signAsWechatPlatform,
  wechatSignMessage,
} from '../../providers/payment/wechatpay.js';
import { memberDb } from '../membership/membership.tables.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';

/**
 * Live mode with the real Alipay and WeChat Pay providers, against a local stand-in for both gateways that
 * checks our request signatures and answers with keys generated here. Nothing leaves the machine.
 */
const keys = {
  alipayApp: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
  alipay: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
  merchant: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
  platform: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
};
const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const API_V3_KEY = crypto.randomBytes(16).toString('hex');
const ALIPAY_APP_ID = '2021000000000009';
const WX = { appId: 'wx00000000000000aa', mchId: '1900000009', platformSerial: 'PLATFORM9' };

let gateway: http.Server;
let gatewayRequests = 0;
let t: TestApp;
let priceIds: Map<string, number>;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** The stand-in gateway: Alipay precreate at /gateway.do, WeChat Pay Native at /v3/pay/transactions/native. */
async function handleGateway(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  gatewayRequests += 1;
  const body = await readBody(req);
  if (req.url === '/gateway.do') {
    const params = Object.fromEntries(new URLSearchParams(body));
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    const ok = rsaSha256Verify(content, sign ?? '', keys.alipayApp.publicKey) && params.app_id === ALIPAY_APP_ID;
    const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no?: string };
    const member = JSON.stringify(
      ok
        ? {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/t-${biz.out_trade_no}`,
          }
        : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' },
    );
    res.setHeader('content-type', 'application/json;charset=utf-8');
    res.end(`{"alipay_trade_precreate_response":${member},"sign":"${rsaSha256Sign(member, keys.alipay.privateKey)}"}`);
    return;
  }
  if (req.url === '/v3/pay/transactions/native') {
    const auth = parseWechatAuthorization(String(req.headers.authorization ?? ''));
    const message = wechatSignMessage({
      method: 'POST',
      urlPath: req.url,
      timestamp: Number(auth?.timestamp),
      nonce: auth?.nonce_str ?? '',
      body,
    });
    if (!auth || auth.mchid !== WX.mchId || !rsaSha256Verify(message, auth.signature ?? '', keys.merchant.publicKey)) {
      res.statusCode = 401;
      res.end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
      return;
    }
    const order = JSON.parse(body) as { out_trade_no: string };
    const text = JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` });
    const ts = String(Math.floor(Date.now() / 1000));
    res.setHeader('wechatpay-timestamp', ts);
    res.setHeader('wechatpay-nonce', 'gw-nonce');
    res.setHeader('wechatpay-serial', WX.platformSerial);
    res.setHeader('wechatpay-signature', signAsWechatPlatform(ts, 'gw-nonce', text, keys.platform.privateKey));
    res.setHeader('content-type', 'application/json');
    res.end(text);
    return;
  }
  res.statusCode = 404;
  res.end();
}

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    handleGateway(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  const membership: MembershipSettings = {
    freeVipMode: 'manual',
    payment: {
      mode: 'live',
      publicBaseUrl: 'https://xg.example',
      alipay: {
        appId: ALIPAY_APP_ID,
        privateKey: pem(keys.alipayApp.privateKey, 'pkcs8'),
        alipayPublicKey: pem(keys.alipay.publicKey, 'spki'),
        gateway: `${base}/gateway.do`,
        notifyUrl: 'https://xg.example/api/notify/alipay',
      },
      wechatpay: {
        appId: WX.appId,
        mchId: WX.mchId,
        serialNo: 'MERCHANT9',
        privateKey: pem(keys.merchant.privateKey, 'pkcs8'),
        platformPublicKey: pem(keys.platform.publicKey, 'spki'),
        platformSerialNo: WX.platformSerial,
        apiV3Key: API_V3_KEY,
        apiBaseUrl: base,
        notifyUrl: 'https://xg.example/api/notify/wechatpay',
      },
    },
  };
  t = await createTestApp({ membership });
  toleratePoolShutdown(t.ctx);
  const rows = await memberDb(t.ctx.db).selectFrom('price_options').select(['id', 'level', 'month_num']).execute();
  priceIds = new Map(rows.map((r) => [`${r.level}:${r.month_num}`, r.id]));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const db = () => memberDb(t.ctx.db);

async function confirmPay(m: TestMember, level: number, months: number, payType: number) {
  const id = priceIds.get(`${level}:${months}`) ?? 0;
  const res = await t.call('POST', '/api/pay/confirmPay', { type: 1, priceId: id, payType }, { token: m.token });
  return res.body as unknown as ConfirmPayAnswer;
}

function alipayNotify(
  orderNo: string,
  totalAmount: string,
  signWith = keys.alipay.privateKey,
  status = 'TRADE_SUCCESS',
) {
  return signAlipayNotifyParams(
    {
      notify_time: '2025-06-10 12:01:00',
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID(),
      app_id: ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2025${orderNo.slice(-10)}`,
      out_trade_no: orderNo,
      trade_status: status,
      total_amount: totalAmount,
      buyer_logon_id: 'tes***@example.com',
    },
    signWith,
  );
}
async function postAlipay(params: Record<string, string>): Promise<string> {
  return (await t.call('POST', '/api/notify/alipay', params, { unsigned: true })).raw.body;
}

function wechatNotify(orderNo: string, totalFen: number, signWith = keys.platform.privateKey) {
  const tx = {
    appid: WX.appId,
    mchid: WX.mchId,
    out_trade_no: orderNo,
    transaction_id: `42000${orderNo.slice(-10)}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2025-06-10T12:01:00+08:00',
    amount: { total: totalFen, payer_total: totalFen, currency: 'CNY', payer_currency: 'CNY' },
  };
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: '2025-06-10T12:01:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', ...encryptWechatResource(JSON.stringify(tx), API_V3_KEY) },
  });
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(8).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': WX.platformSerial,
      'wechatpay-signature': signAsWechatPlatform(ts, nonce, body, signWith),
    },
  };
}
async function postWechat(notify: { body: string; headers: Record<string, string> }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/notify/wechatpay',
    headers: notify.headers,
    payload: notify.body,
  });
  return { status: res.statusCode, body: res.body };
}

const periodsOf = (userId: string) =>
  db().selectFrom('membership_periods').selectAll().where('user_id', '=', userId).execute();
const orderRow = (orderNo: string) =>
  db().selectFrom('payment_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();

describe('live confirmPay through the real providers', () => {
  it('Alipay: a signed precreate, the qr_code in the QR', async () => {
    const m = await createMember(t.ctx);
    const before = gatewayRequests;
    const body = await confirmPay(m, 2, 12, 1);
    expect(body).toMatchObject({
      code: ApiCode.OK,
      amount: 2152.8,
      payType: 1,
      codeUrl: `https://qr.alipay.com/t-${body.orderNo}`,
    });
    expect(body.imgStr).toMatch(/^data:image\/png;base64,/);
    expect(gatewayRequests).toBe(before + 1);
    expect(await orderRow(body.orderNo)).toMatchObject({
      provider: 'alipay',
      status: 'created',
      code_url: body.codeUrl,
    });
  });

  it('WeChat Pay: a signed Native order, the code_url in the QR; over 3000 yuan refused before any call', async () => {
    const m = await createMember(t.ctx);
    const body = await confirmPay(m, 2, 12, 2);
    expect(body).toMatchObject({
      code: ApiCode.OK,
      payType: 2,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${body.orderNo}`,
    });
    const before = gatewayRequests;
    expect(await confirmPay(m, 3, 12, 2)).toMatchObject({ code: ApiCode.FAIL, message: MemberMsg.wechatLimit });
    expect(gatewayRequests).toBe(before);
  });
});

describe('Alipay notify', () => {
  it('grants on a valid RSA2 notify; a replay answers success and grants nothing more', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 2, 12, 1);
    const notify = alipayNotify(order.orderNo, '2152.80');
    expect(await postAlipay(notify)).toBe('success');
    const first = await t.call('GET', '/api/pay/payQuery', {}, { token: m.token });
    expect(first.body).toMatchObject({
      code: ApiCode.OK,
      userInfoMap: { userType: 2, versionType: 1, buyMonthNum: 12 },
    });
    const maturity = (first.body.userInfoMap as UserInfo).maturityTime;

    expect(await postAlipay(notify)).toBe('success');
    expect(await postAlipay(alipayNotify(order.orderNo, '2152.80'))).toBe('success');
    expect(await periodsOf(m.id)).toHaveLength(1);
    const again = await t.call('GET', '/api/pay/payQuery', {}, { token: m.token });
    expect((again.body.userInfoMap as UserInfo).maturityTime).toBe(maturity);
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'paid', trade_no: notify.trade_no });
  });

  it('refuses a forged signature and changes nothing', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 12, 1);
    const forger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(await postAlipay(alipayNotify(order.orderNo, '712.80', forger.privateKey))).toBe('fail');
    const tampered = {
      ...alipayNotify(order.orderNo, '712.80'),
      trade_status: 'TRADE_SUCCESS',
      total_amount: '712.81',
    };
    expect(await postAlipay(tampered)).toBe('fail');
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'created' });
    expect(await periodsOf(m.id)).toHaveLength(0);
    expect((await t.call('GET', '/api/pay/payQuery', {}, { token: m.token })).body.code).toBe(ApiCode.PENDING);
  });

  it('marks the order failed on an amount that differs from the order (signed or not, it grants nothing)', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 12, 1);
    expect(await postAlipay(alipayNotify(order.orderNo, '0.01'))).toBe('fail');
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'failed' });
    expect(await periodsOf(m.id)).toHaveLength(0);
    expect((await t.call('GET', '/api/pay/payQuery', {}, { token: m.token })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: MemberMsg.orderFailed,
    });
    // the right amount afterwards does not revive a failed order
    expect(await postAlipay(alipayNotify(order.orderNo, '712.80'))).toBe('fail');
    expect(await periodsOf(m.id)).toHaveLength(0);
  });

  it('grants exactly once with concurrent replayed notifies racing payQuery', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 3, 1, 1);
    const notify = alipayNotify(order.orderNo, '999.00');
    const [acks, queries] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => postAlipay(notify))),
      Promise.all(Array.from({ length: 8 }, () => t.call('GET', '/api/pay/payQuery', {}, { token: m.token }))),
    ]);
    expect(acks.every((a) => a === 'success')).toBe(true);
    for (const q of queries) expect([ApiCode.OK, ApiCode.PENDING]).toContain(q.body.code);
    expect(await periodsOf(m.id)).toHaveLength(1);
    const outcomes = await db()
      .selectFrom('payment_notifies')
      .select('outcome')
      .where('order_no', '=', order.orderNo)
      .execute();
    expect(outcomes.filter((o) => o.outcome === 'granted')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(11);
    expect((await t.call('GET', '/api/pay/payQuery', {}, { token: m.token })).body).toMatchObject({
      code: ApiCode.OK,
      userInfoMap: { userType: 3 },
    });
  });

  it('honours a payment of a superseded QR, and payQuery reports it', async () => {
    const m = await createMember(t.ctx);
    const old = await confirmPay(m, 1, 1, 1);
    const current = await confirmPay(m, 1, 1, 2); // switching method closed the first order
    expect(await orderRow(old.orderNo)).toMatchObject({ status: 'closed' });
    expect(await postAlipay(alipayNotify(old.orderNo, '99.00'))).toBe('success');
    const res = await t.call('GET', '/api/pay/payQuery', {}, { token: m.token });
    expect(res.body).toMatchObject({ code: ApiCode.OK, orderNo: old.orderNo, userInfoMap: { userType: 1 } });
    expect(await orderRow(current.orderNo)).toMatchObject({ status: 'created' });
  });

  it('refuses unknown orders, orders of another provider, and the sandbox route in live mode', async () => {
    expect(await postAlipay(alipayNotify('XG000000', '1.00'))).toBe('fail');
    const m = await createMember(t.ctx);
    const wechatOrder = await confirmPay(m, 1, 1, 2);
    expect(await postAlipay(alipayNotify(wechatOrder.orderNo, '99.00'))).toBe('fail');
    expect(await orderRow(wechatOrder.orderNo)).toMatchObject({ status: 'created' });
    const sandbox = await t.call('POST', '/api/notify/sandbox', { a: 'b' }, { unsigned: true });
    expect(sandbox.status).toBe(404);
    const page = { orderNo: wechatOrder.orderNo, key: 'A'.repeat(32) };
    expect((await t.call('GET', '/api/sandbox/pay', page, { unsigned: true })).status).toBe(404);
  });
});

describe('WeChat Pay v3 notify', () => {
  it('grants on a valid notify (204), idempotently on replay', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 2, 1, 2);
    const notify = wechatNotify(order.orderNo, 29900);
    expect(await postWechat(notify)).toEqual({ status: 204, body: '' });
    expect(await postWechat(notify)).toEqual({ status: 204, body: '' });
    expect(await periodsOf(m.id)).toHaveLength(1);
    expect((await t.call('GET', '/api/pay/payQuery', {}, { token: m.token })).body).toMatchObject({
      code: ApiCode.OK,
      userInfoMap: { userType: 2, buyMonthNum: 1 },
    });
  });

  it('refuses a forged signature and a changed body with 400 {code: FAIL}', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 2, 1, 2);
    const forger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await postWechat(wechatNotify(order.orderNo, 29900, forger.privateKey));
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ code: 'FAIL', message: '失败' });
    const valid = wechatNotify(order.orderNo, 29900);
    expect((await postWechat({ ...valid, body: valid.body.replace('支付成功', '支付失败') })).status).toBe(400);
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'created' });
  });

  it('fails the order on an amount mismatch', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 2, 1, 2);
    expect((await postWechat(wechatNotify(order.orderNo, 1))).status).toBe(400);
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'failed' });
    expect(await periodsOf(m.id)).toHaveLength(0);
  });

  it('grants exactly once with concurrent notifies racing payQuery', async () => {
    const m = await createMember(t.ctx);
    const order = await confirmPay(m, 1, 12, 2);
    const notifies = Array.from({ length: 10 }, () => wechatNotify(order.orderNo, 71280));
    const [acks] = await Promise.all([
      Promise.all(notifies.map(postWechat)),
      Promise.all(Array.from({ length: 6 }, () => t.call('GET', '/api/pay/payQuery', {}, { token: m.token }))),
    ]);
    expect(acks.every((a) => a.status === 204)).toBe(true);
    expect(await periodsOf(m.id)).toHaveLength(1);
  });
});
