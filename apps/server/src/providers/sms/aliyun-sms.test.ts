import { describe, expect, it } from 'vitest';
import { loadConfig, type AliyunSmsSettings } from '../../config.js';
import {
  AliyunSmsProvider,
  canonicalQuery,
  popEncode,
  rpcSignature,
  rpcTimestamp,
  sendSmsParams,
  signedSendSmsBody,
  stringToSign,
  type HttpPost,
} from './aliyun-sms.js';
import { createSmsProvider } from './index.js';

const SETTINGS: AliyunSmsSettings = {
  accessKeyId: 'testid',
  accessKeySecret: 'testsecret',
  signName: '霞光数据',
  templateCode: 'SMS_123456789',
  endpoint: 'https://dysmsapi.aliyuncs.com',
  regionId: 'cn-hangzhou',
};
const INPUT = {
  phone: '13800138000',
  code: '123456',
  timestamp: new Date('2026-01-02T03:04:05.678Z'),
  nonce: '45e25e9b-0a6f-4070-8c85-2a3d0a3e2f8b',
};

describe('Aliyun RPC signature v1', () => {
  it('percent-encodes as RFC 3986 (space %20, * %2A, ~ kept, UTF-8 for Chinese)', () => {
    expect(popEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(popEncode('霞')).toBe('%E9%9C%9E');
    expect(popEncode('2026-01-02T03:04:05Z')).toBe('2026-01-02T03%3A04%3A05Z');
  });

  it('reproduces the published DescribeRegions example (testid / testsecret)', () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(stringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('signs a SendSms call as computed by hand (python quote + openssl HMAC-SHA1)', () => {
    const params = sendSmsParams(SETTINGS, INPUT);
    expect(params.Timestamp).toBe('2026-01-02T03:04:05Z');
    expect(params.TemplateParam).toBe('{"code":"123456"}');
    expect(canonicalQuery(params)).toBe(
      'AccessKeyId=testid&Action=SendSms&Format=JSON&PhoneNumbers=13800138000&RegionId=cn-hangzhou' +
        '&SignName=%E9%9C%9E%E5%85%89%E6%95%B0%E6%8D%AE&SignatureMethod=HMAC-SHA1' +
        '&SignatureNonce=45e25e9b-0a6f-4070-8c85-2a3d0a3e2f8b&SignatureVersion=1.0&TemplateCode=SMS_123456789' +
        '&TemplateParam=%7B%22code%22%3A%22123456%22%7D&Timestamp=2026-01-02T03%3A04%3A05Z&Version=2017-05-25',
    );
    expect(rpcSignature('POST', params, 'testsecret')).toBe('imy8F5oudWwB0Uvi1AhQVF1Z46c=');
    expect(signedSendSmsBody(SETTINGS, INPUT)).toMatch(/&Signature=imy8F5oudWwB0Uvi1AhQVF1Z46c%3D$/);
    expect(rpcTimestamp(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31T23:59:59Z');
  });
});

describe('AliyunSmsProvider', () => {
  function recorder(answer: { status: number; body: string }) {
    const calls: { url: string; body: string; headers: Record<string, string> }[] = [];
    const post: HttpPost = (url, init) => {
      calls.push({ url, body: init.body, headers: init.headers });
      return Promise.resolve({ status: answer.status, text: () => Promise.resolve(answer.body) });
    };
    return { calls, post };
  }

  it('POSTs one signed SendSms form to the endpoint', async () => {
    const { calls, post } = recorder({ status: 200, body: '{"Code":"OK","Message":"OK","BizId":"1","RequestId":"r"}' });
    await new AliyunSmsProvider(SETTINGS, post, () => INPUT.timestamp).sendCode({
      phone: INPUT.phone,
      code: '654321',
      type: 2,
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://dysmsapi.aliyuncs.com/');
    expect(call?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(call?.body);
    expect(form.get('Action')).toBe('SendSms');
    expect(form.get('PhoneNumbers')).toBe(INPUT.phone);
    expect(form.get('TemplateParam')).toBe('{"code":"654321"}');
    expect(form.get('SignName')).toBe('霞光数据');
    // the signature matches the other parameters, with a fresh nonce
    const params = Object.fromEntries([...form.entries()].filter(([k]) => k !== 'Signature'));
    expect(form.get('Signature')).toBe(rpcSignature('POST', params, 'testsecret'));
    expect(params.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('throws on a refusal or an answer that is not JSON (the SMS service then answers smsSendFailed)', async () => {
    const refused = recorder({
      status: 200,
      body: '{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"触发流控","RequestId":"r"}',
    });
    await expect(
      new AliyunSmsProvider(SETTINGS, refused.post).sendCode({ phone: '13800138000', code: '1', type: 1 }),
    ).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    const html = recorder({ status: 502, body: '<html>bad gateway</html>' });
    await expect(
      new AliyunSmsProvider(SETTINGS, html.post).sendCode({ phone: '13800138000', code: '1', type: 1 }),
    ).rejects.toThrow(/HTTP 502/);
  });
});

describe('createSmsProvider', () => {
  const keys = {
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: '霞光数据',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  };
  const pick = (env: Record<string, string>) =>
    createSmsProvider(loadConfig({ NODE_ENV: 'test', ...env }), () => undefined).name;

  it('follows SMS_PROVIDER, else SANDBOX, else the Aliyun keys', () => {
    expect(pick({})).toBe('sandbox');
    expect(pick({ SANDBOX: 'false' })).toBe('unconfigured');
    expect(pick({ SANDBOX: 'false', ...keys })).toBe('aliyun');
    expect(pick({ SMS_PROVIDER: 'aliyun', ...keys })).toBe('aliyun');
    // production takes no sandbox provider (issue #14: its outbox shows every code)
    expect(() => pick({ SANDBOX: 'false', SMS_PROVIDER: 'sandbox' })).toThrow(
      /SMS_PROVIDER: sandbox needs SANDBOX=true/,
    );
  });

  it('refuses SMS_PROVIDER=aliyun without its keys at boot, listing them', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'aliyun' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID.*SMS_PROVIDER=aliyun/,
    );
  });
});
