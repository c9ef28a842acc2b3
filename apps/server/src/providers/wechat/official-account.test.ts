import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createWechatProvider } from './index.js';
import { OfficialAccountProvider, type HttpFetch } from './official-account.js';

const SETTINGS = { appId: 'wx1234', appSecret: 's3cr3t', apiBaseUrl: 'https://api.weixin.example' };

/** A scripted official-account API: answers in order, records every call (no network). */
function scripted(answers: unknown[]) {
  const calls: { method: string; url: string; body: string | undefined }[] = [];
  const http: HttpFetch = (url, init) => {
    calls.push({ method: init.method, url, body: init.body });
    const next = answers.shift();
    if (next === undefined) throw new Error(`unexpected call ${url}`);
    return Promise.resolve({
      status: 200,
      text: () => Promise.resolve(typeof next === 'string' ? next : JSON.stringify(next)),
    });
  };
  return { calls, http };
}

describe('OfficialAccountProvider', () => {
  it('creates a temporary QR_STR_SCENE QR with a cached access token', async () => {
    let now = 1_000_000;
    const { calls, http } = scripted([
      { access_token: 'TOKEN-1', expires_in: 7200 },
      { ticket: 'gQ+/=ticket', expire_seconds: 45, url: 'http://weixin.qq.com/q/x' },
      { ticket: 'second', expire_seconds: 65 },
    ]);
    const provider = new OfficialAccountProvider(SETTINGS, http, () => now);
    const qr = await provider.createQr({ scene: 'xgScene1', expireSeconds: 45, origin: 'https://app.example' });
    expect(qr).toEqual({ imgUrl: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQ%2B%2F%3Dticket' });
    now += 60 * 60 * 1000; // an hour later the token is still good
    await provider.createQr({ scene: 'xgScene2', expireSeconds: 65, origin: 'https://app.example' });

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.weixin.example/cgi-bin/token?grant_type=client_credential&appid=wx1234&secret=s3cr3t',
      'POST https://api.weixin.example/cgi-bin/qrcode/create?access_token=TOKEN-1',
      'POST https://api.weixin.example/cgi-bin/qrcode/create?access_token=TOKEN-1',
    ]);
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({
      expire_seconds: 45,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: 'xgScene1' } },
    });
  });

  it('refreshes the token 5 minutes before it expires, and once when the API says it is invalid', async () => {
    let now = 0;
    const { calls, http } = scripted([
      { access_token: 'A', expires_in: 7200 },
      { ticket: 't1' },
      { access_token: 'B', expires_in: 7200 },
      { errcode: 40001, errmsg: 'invalid credential' },
      { access_token: 'C', expires_in: 7200 },
      { ticket: 't2' },
    ]);
    const provider = new OfficialAccountProvider(SETTINGS, http, () => now);
    await provider.createQr({ scene: 's1', expireSeconds: 45, origin: '' });
    now = (7200 - 299) * 1000; // inside the last 5 minutes
    expect((await provider.createQr({ scene: 's2', expireSeconds: 45, origin: '' })).imgUrl).toContain('ticket=t2');
    expect(calls.filter((c) => c.url.includes('/cgi-bin/token')).length).toBe(3);
    expect(calls.at(-1)?.url).toContain('access_token=C');
  });

  it('shares one token request between concurrent callers', async () => {
    const { calls, http } = scripted([{ access_token: 'ONE', expires_in: 7200 }]);
    const provider = new OfficialAccountProvider(SETTINGS, http);
    expect(await Promise.all([provider.accessToken(), provider.accessToken(), provider.accessToken()])).toEqual([
      'ONE',
      'ONE',
      'ONE',
    ]);
    expect(calls).toHaveLength(1);
  });

  it('throws on an API error or an answer that is not JSON', async () => {
    const denied = scripted([{ errcode: 40164, errmsg: 'invalid ip not in whitelist' }]);
    await expect(new OfficialAccountProvider(SETTINGS, denied.http).accessToken()).rejects.toThrow(/40164/);
    const html = scripted([{ access_token: 'A', expires_in: 7200 }, '<html>502</html>']);
    await expect(
      new OfficialAccountProvider(SETTINGS, html.http).createQr({ scene: 's', expireSeconds: 45, origin: '' }),
    ).rejects.toThrow(/not JSON/);
  });
});

describe('createWechatProvider', () => {
  const keys = { WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 'sec', WECHAT_TOKEN: 'tok123' };
  const pick = (env: Record<string, string>) => createWechatProvider(loadConfig({ NODE_ENV: 'test', ...env }));

  it('follows WECHAT_PROVIDER, else SANDBOX, else the official account keys', async () => {
    expect(pick({}).name).toBe('sandbox');
    expect(pick({ SANDBOX: 'false', ...keys })).toBeInstanceOf(OfficialAccountProvider);
    expect(pick({ WECHAT_PROVIDER: 'official', ...keys })).toBeInstanceOf(OfficialAccountProvider);
    await expect(pick({ SANDBOX: 'false' }).createQr({ scene: 's', expireSeconds: 45, origin: '' })).rejects.toThrow(
      /not configured|no WeChat/,
    );
  });

  it('refuses at boot: the sandbox outside sandbox mode, the official account without its keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SANDBOX: 'false', WECHAT_PROVIDER: 'sandbox' })).toThrow(
      /SANDBOX=true/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WECHAT_PROVIDER: 'official' })).toThrow(/WECHAT_APP_ID/);
    expect(() => loadConfig({ NODE_ENV: 'test', WECHAT_TOKEN: 'bad token!' })).toThrow(/WECHAT_TOKEN/);
  });
});
