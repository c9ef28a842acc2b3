import type crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rsaSha256Verify } from './keys.js';
import { NotifyRejectedError, PaymentProviderError, type FetchLike, type RawNotify } from './payment-provider.js';
import {
  WechatPayProvider,
  decryptWechatResource,
  encryptWechatResource,
  parseWechatAuthorization,
  signAsWechatPlatform,
  wechatSignMessage,
} from './wechatpay.js';
import { TEST_NOW, pem, rsaKeyPair, testOrder } from './testing/fixtures.js';

// Key pairs made for this test: the merchant's and the WeChat Pay platform's.
const merchant = rsaKeyPair();
const platform = rsaKeyPair();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz123456';

const settings = {
  appId: 'wx0000000000000001',
  mchId: '1900000001',
  serialNo: 'MERCHANTSERIAL01',
  privateKey: pem(merchant.privateKey, 'pkcs8'),
  platformPublicKey: pem(platform.publicKey, 'spki'),
  platformSerialNo: 'PLATFORMSERIAL01',
  apiV3Key: API_V3_KEY,
  apiBaseUrl: 'https://api.mch.example',
  notifyUrl: 'https://xg.example/api/notify/wechatpay',
};
const now = TEST_NOW;
const ts = String(Math.floor(now.getTime() / 1000));
const order = testOrder(99900, '霞光数据 企业版 1个月');

function transaction(overrides: Record<string, unknown> = {}) {
  return {
    appid: settings.appId,
    mchid: settings.mchId,
    out_trade_no: order.orderNo,
    transaction_id: '4200000000202506100000000001',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: '2025-06-10T12:01:00+08:00',
    payer: { openid: 'o-test' },
    amount: { total: 99900, payer_total: 99900, currency: 'CNY', payer_currency: 'CNY' },
    ...overrides,
  };
}

function signedNotify(
  tx: object,
  options: { key?: crypto.KeyObject; timestamp?: string; serial?: string; apiV3Key?: string } = {},
): RawNotify {
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2025-06-10T12:01:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      ...encryptWechatResource(JSON.stringify(tx), options.apiV3Key ?? API_V3_KEY),
    },
  });
  const timestamp = options.timestamp ?? ts;
  const nonce = 'fdasflkja484w';
  return {
    headers: {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.serial ?? settings.platformSerialNo,
      'wechatpay-signature': signAsWechatPlatform(timestamp, nonce, body, options.key ?? platform.privateKey),
    },
    body,
  };
}

const provider = (fetchImpl?: FetchLike) => new WechatPayProvider(settings, fetchImpl, () => now);

describe('WeChat Pay v3 request signing', () => {
  it('builds the Native request with a WECHATPAY2-SHA256-RSA2048 Authorization', () => {
    const request = provider().buildNativeRequest(order);
    expect(request.url).toBe('https://api.mch.example/v3/pay/transactions/native');
    expect(JSON.parse(request.body)).toEqual({
      appid: settings.appId,
      mchid: settings.mchId,
      description: order.subject,
      out_trade_no: order.orderNo,
      time_expire: '2025-06-10T14:00:00+08:00',
      notify_url: settings.notifyUrl,
      amount: { total: 99900, currency: 'CNY' },
    });
    const auth = parseWechatAuthorization(request.headers.authorization ?? '');
    expect(auth).toMatchObject({ mchid: settings.mchId, serial_no: settings.serialNo, timestamp: ts });
    const message = wechatSignMessage({
      method: 'POST',
      urlPath: '/v3/pay/transactions/native',
      timestamp: Number(auth?.timestamp),
      nonce: auth?.nonce_str ?? '',
      body: request.body,
    });
    expect(message).toBe(`POST\n/v3/pay/transactions/native\n${ts}\n${auth?.nonce_str}\n${request.body}\n`);
    expect(rsaSha256Verify(message, auth?.signature ?? '', merchant.publicKey)).toBe(true);
  });

  it('answers the code_url of a platform-signed response and refuses an unsigned one', async () => {
    const respond =
      (signWith: crypto.KeyObject): FetchLike =>
      () => {
        const text = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
        const headers: Record<string, string> = {
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': 'n1',
          'wechatpay-serial': settings.platformSerialNo,
          'wechatpay-signature': signAsWechatPlatform(ts, 'n1', text, signWith),
        };
        return Promise.resolve({
          status: 200,
          headers: { get: (n: string) => headers[n] ?? null },
          text: () => Promise.resolve(text),
        });
      };
    await expect(provider(respond(platform.privateKey)).precreate(order)).resolves.toEqual({
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
    });
    await expect(provider(respond(merchant.privateKey)).precreate(order)).rejects.toBeInstanceOf(PaymentProviderError);
    const failing: FetchLike = () =>
      Promise.resolve({
        status: 400,
        headers: { get: () => null },
        text: () => Promise.resolve('{"code":"PARAM_ERROR","message":"参数错误"}'),
      });
    await expect(provider(failing).precreate(order)).rejects.toThrow(/PARAM_ERROR/);
  });
});

describe('WeChat Pay v3 notify', () => {
  it('verifies Wechatpay-Signature, decrypts the resource and reads the payment', () => {
    expect(provider().verifyNotify(signedNotify(transaction()))).toEqual({
      kind: 'paid',
      orderNo: order.orderNo,
      amountFen: 99900,
      tradeNo: '4200000000202506100000000001',
    });
  });

  it('rejects a forged signature, a body changed after signing, an old timestamp or an unknown serial', () => {
    const forger = rsaKeyPair();
    const forged = signedNotify(transaction(), { key: forger.privateKey });
    const valid = signedNotify(transaction());
    const changed = { ...valid, body: valid.body.replace('支付成功', '支付失败') };
    const old = signedNotify(transaction(), { timestamp: String(Number(ts) - 600) });
    const serial = signedNotify(transaction(), { serial: 'OTHER' });
    for (const raw of [forged, changed, old, serial]) {
      expect(() => provider().verifyNotify(raw)).toThrow(NotifyRejectedError);
    }
  });

  it('rejects a resource encrypted with another key, and another merchant', () => {
    expect(() => provider().verifyNotify(signedNotify(transaction(), { apiV3Key: 'X'.repeat(32) }))).toThrow(/decrypt/);
    expect(() => provider().verifyNotify(signedNotify(transaction({ mchid: '1900000002' })))).toThrow(/wrong_merchant/);
  });

  it('reads closed and waiting states', () => {
    expect(provider().verifyNotify(signedNotify(transaction({ trade_state: 'CLOSED' })))).toMatchObject({
      kind: 'closed',
    });
    expect(provider().verifyNotify(signedNotify(transaction({ trade_state: 'NOTPAY' })))).toEqual({
      kind: 'pending',
      orderNo: order.orderNo,
    });
  });

  it('decrypts AEAD_AES_256_GCM with associated data and detects tampering', () => {
    const resource = encryptWechatResource('{"a":1}', API_V3_KEY, 'transaction');
    expect(decryptWechatResource(resource, API_V3_KEY)).toBe('{"a":1}');
    expect(() => decryptWechatResource({ ...resource, associated_data: 'other' }, API_V3_KEY)).toThrow();
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => decryptWechatResource({ ...resource, ciphertext: bytes.toString('base64') }, API_V3_KEY)).toThrow();
  });
});
