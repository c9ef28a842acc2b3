import type crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AlipayProvider,
  buildPrecreateParams,
  extractJsonMember,
  moneyTextToFen,
  readAlipayNotify,
  signAlipayNotifyParams,
  verifyAlipayNotifyParams,
} from './alipay.js';
import { rsaSha256Sign, rsaSha256Verify } from './keys.js';
import { NotifyRejectedError, PaymentProviderError, type FetchLike } from './payment-provider.js';
import { TEST_NOW, pem, rsaKeyPair, testOrder } from './testing/fixtures.js';

// Key pairs made for this test: "app" (ours) and "alipay" (the platform's).
const app = rsaKeyPair();
const alipay = rsaKeyPair();
const bareBase64 = (k: crypto.KeyObject, type: 'pkcs1' | 'spki') =>
  k.export({ format: 'der', type }).toString('base64');

const settings = {
  appId: '2021000000000001',
  privateKey: pem(app.privateKey, 'pkcs8'),
  alipayPublicKey: pem(alipay.publicKey, 'spki'),
  gateway: 'https://gateway.example/gateway.do',
  notifyUrl: 'https://xg.example/api/notify/alipay',
};
const now = TEST_NOW;
const order = testOrder(215280, '霞光数据 专业版 12个月');

function notifyParams(overrides: Record<string, string> = {}): Record<string, string> {
  return signAlipayNotifyParams(
    {
      notify_time: '2025-06-10 12:01:00',
      notify_type: 'trade_status_sync',
      notify_id: 'abc',
      app_id: settings.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: '2025061022001400001',
      out_trade_no: order.orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '2152.80',
      subject: '霞光数据 专业版 12个月',
      ...overrides,
    },
    alipay.privateKey,
  );
}
const body = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('Alipay RSA2 request signing', () => {
  it('signs the sorted parameters without sign and empty values, including sign_type', () => {
    const params = buildPrecreateParams(settings, order, app.privateKey, now);
    expect(params).toMatchObject({
      app_id: settings.appId,
      method: 'alipay.trade.precreate',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2025-06-10 12:00:00',
      version: '1.0',
      notify_url: settings.notifyUrl,
    });
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: order.orderNo,
      total_amount: '2152.80',
      subject: order.subject,
      timeout_express: '120m',
    });
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(content.startsWith('app_id=2021000000000001&biz_content={')).toBe(true);
    expect(rsaSha256Verify(content, params.sign ?? '', app.publicKey)).toBe(true);
    expect(rsaSha256Verify(`${content}x`, params.sign ?? '', app.publicKey)).toBe(false);
  });

  it('accepts the keys as bare base64 (PKCS#1 private, SPKI public) as Alipay tools print them', async () => {
    const provider = new AlipayProvider(
      {
        ...settings,
        privateKey: bareBase64(app.privateKey, 'pkcs1'),
        alipayPublicKey: bareBase64(alipay.publicKey, 'spki'),
      },
      fakeGateway(),
      () => now,
    );
    await expect(provider.precreate(order)).resolves.toEqual({ codeUrl: 'https://qr.alipay.com/bax0001' });
  });
});

/** A stand-in for the gateway: checks our signature, answers a response signed with the "alipay" key. */
function fakeGateway(
  mutate: (response: Record<string, string>) => void = () => undefined,
  signWith = alipay.privateKey,
): FetchLike {
  return (_url, init) => {
    const params = Object.fromEntries(new URLSearchParams(init.body ?? ''));
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    const valid = rsaSha256Verify(content, sign ?? '', app.publicKey);
    const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no: string };
    const response: Record<string, string> = valid
      ? { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: 'https://qr.alipay.com/bax0001' }
      : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    mutate(response);
    const member = JSON.stringify(response);
    const text = `{"alipay_trade_precreate_response":${member},"sign":"${rsaSha256Sign(member, signWith)}"}`;
    return Promise.resolve({ status: 200, headers: { get: () => null }, text: () => Promise.resolve(text) });
  };
}

describe('AlipayProvider.precreate', () => {
  it('answers the qr_code of a verified response', async () => {
    const provider = new AlipayProvider(settings, fakeGateway(), () => now);
    await expect(provider.precreate(order)).resolves.toEqual({ codeUrl: 'https://qr.alipay.com/bax0001' });
  });

  it('refuses a response signed by someone else, an error code, or another order', async () => {
    const other = rsaKeyPair();
    await expect(
      new AlipayProvider(settings, fakeGateway(undefined, other.privateKey), () => now).precreate(order),
    ).rejects.toThrow(/signature/);
    const wrongKey = new AlipayProvider(
      { ...settings, privateKey: pem(other.privateKey, 'pkcs8') },
      fakeGateway(),
      () => now,
    );
    await expect(wrongKey.precreate(order)).rejects.toThrow(/isv.invalid-signature/);
    const otherOrder = new AlipayProvider(
      settings,
      fakeGateway((r) => (r.out_trade_no = 'XG1')),
      () => now,
    );
    await expect(otherOrder.precreate(order)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('extracts the signed member text exactly, braces inside strings included', () => {
    const text = '{"x_response":{"a":"}{\\"","b":{"c":1}},"sign":"s"}';
    expect(extractJsonMember(text, 'x_response')).toBe('{"a":"}{\\"","b":{"c":1}}');
    expect(extractJsonMember(text, 'missing')).toBeNull();
  });
});

describe('Alipay notify verification', () => {
  it('verifies RSA2 over the sorted parameters without sign and sign_type', () => {
    const params = notifyParams();
    expect(verifyAlipayNotifyParams(params, alipay.publicKey)).toBe(true);
    const event = readAlipayNotify({ headers: {}, body: body(params) }, alipay.publicKey, settings.appId);
    expect(event).toEqual({ kind: 'paid', orderNo: order.orderNo, amountFen: 215280, tradeNo: '2025061022001400001' });
  });

  it('rejects a forged or altered notify', () => {
    const forger = rsaKeyPair();
    const forged = signAlipayNotifyParams({ ...notifyParams(), sign: '' }, forger.privateKey);
    const altered = { ...notifyParams(), total_amount: '0.01' };
    const noType = { ...notifyParams(), sign_type: 'RSA' };
    for (const params of [forged, altered, noType]) {
      expect(() => readAlipayNotify({ headers: {}, body: body(params) }, alipay.publicKey, settings.appId)).toThrow(
        NotifyRejectedError,
      );
    }
  });

  it('rejects another app, and reads closed and waiting states', () => {
    expect(() =>
      readAlipayNotify({ headers: {}, body: body(notifyParams({ app_id: '999' })) }, alipay.publicKey, settings.appId),
    ).toThrow(/wrong_merchant/);
    const closed = readAlipayNotify(
      { headers: {}, body: body(notifyParams({ trade_status: 'TRADE_CLOSED' })) },
      alipay.publicKey,
      settings.appId,
    );
    expect(closed).toMatchObject({ kind: 'closed', orderNo: order.orderNo });
    const waiting = readAlipayNotify(
      { headers: {}, body: body(notifyParams({ trade_status: 'WAIT_BUYER_PAY' })) },
      alipay.publicKey,
      settings.appId,
    );
    expect(waiting).toEqual({ kind: 'pending', orderNo: order.orderNo });
  });

  it('reads money amounts strictly', () => {
    expect(moneyTextToFen('2152.80')).toBe(215280);
    expect(moneyTextToFen('0.01')).toBe(1);
    expect(moneyTextToFen('1e3')).toBeNaN();
    expect(moneyTextToFen('-1.00')).toBeNaN();
    expect(moneyTextToFen(undefined)).toBeNaN();
  });
});
