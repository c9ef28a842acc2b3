import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import { AccountMsg, ApiCode, Msg, type UserInfo } from '@xg/shared';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { hashToken } from '../../lib/tokens.js';
import { wechatSignature } from '../../providers/wechat/event.js';
import { QR_RATE_LIMITS } from './qr-login.routes.js';
import { KIT_CAPTCHA, accountsKit } from './test-kit.js';

const WECHAT_TOKEN = 'qrtesttoken';
const DEMO_PRO_PHONE = '19900000003';

let t: TestApp;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({
    accounts: { ...base.accounts, wechat: { ...base.accounts.wechat, token: WECHAT_TOKEN } },
  });
  kit = accountsKit(t);
});
afterAll(async () => {
  await t.close();
});

interface Qr {
  imgUrl: string;
  sign: string;
  expireSeconds: number;
  sandboxScanUrl: string;
  scene: string;
}

async function getQr(flag: 1 | 2): Promise<Qr> {
  const res = await t.call('GET', '/api/getQRCode', { flag });
  expect(res.body.code).toBe(ApiCode.OK);
  const body = res.body as unknown as Omit<Qr, 'scene'>;
  const scene = new URL(body.sandboxScanUrl).searchParams.get('scene') ?? '';
  return { ...body, scene };
}

function poll(sign: string) {
  return t.call('GET', '/api/getQRCodeStatus', { sign });
}

/** The sandbox scan page's form post, as the simulated phone sends it. */
async function sandboxScan(scene: string, form: { mode: 'existing'; phone: string } | { mode: 'new' }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/wechat/scan',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ scene, ...form }).toString(),
  });
  return { status: res.statusCode, html: res.body };
}

/** A QR scanned by a new WeChat user, polled to its taId. */
async function freshTaId(flag: 1 | 2 = 2): Promise<string> {
  const qr = await getQr(flag);
  expect((await sandboxScan(qr.scene, { mode: 'new' })).html).toContain(AccountMsg.qrScanned);
  const res = await poll(qr.sign);
  expect(res.body).toMatchObject({ code: ApiCode.OK, status: true });
  return String(res.body.taId);
}

function bind(params: Record<string, string | number>) {
  return t.call('POST', '/api/bindAccount', params, { headers: { 'x-forwarded-for': kit.freshIp() } });
}

const userIdOf = async (email: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('GET /api/getQRCode', () => {
  it('answers a sandbox QR (a PNG of the local scan page), a sign and the server lifetime of a login QR', async () => {
    const qr = await getQr(1);
    expect(qr.imgUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(qr.sign).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(qr.expireSeconds).toBe(45);
    expect(qr.sandboxScanUrl).toBe(`http://localhost:80/api/sandbox/wechat/scan?scene=${qr.scene}`);
    // the image is exactly the QR code of the scan page
    expect(qr.imgUrl).toBe(
      await QRCode.toDataURL(qr.sandboxScanUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
    );

    const row = await t.ctx.db
      .selectFrom('qr_tickets')
      .selectAll()
      .where('scene', '=', qr.scene)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ flag: 1, status: 'waiting', sign_hash: hashToken(qr.sign), identity_id: null });
    expect(row.scene).not.toContain(qr.sign);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(44_900);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(45_100);
  });

  it('keeps a register QR 60 + 5 seconds', async () => {
    expect((await getQr(2)).expireSeconds).toBe(65);
  });

  it.each([[{}], [{ flag: 3 }], [{ flag: 'x' }], [{ flag: 0 }]])(
    'refuses %j with AccountMsg.qrFlagInvalid',
    async (params) => {
      const res = await t.call('GET', '/api/getQRCode', params);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: AccountMsg.qrFlagInvalid });
    },
  );

  it('answers AccountMsg.qrUnavailable when no WeChat provider is configured (sandbox off, no keys)', async () => {
    const live = await createTestApp({ sandbox: false });
    try {
      const res = await live.call('GET', '/api/getQRCode', { flag: 1 });
      expect(res.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.qrUnavailable });
      // and there is no sandbox scan page outside sandbox mode
      const page = await live.call('GET', '/api/sandbox/wechat/scan', { scene: 'xgabc' }, { unsigned: true });
      expect(page.status).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('GET /api/getQRCodeStatus', () => {
  it('answers status false while waiting, and expired for an unknown sign', async () => {
    const qr = await getQr(1);
    expect((await poll(qr.sign)).body).toEqual({ code: ApiCode.OK, message: Msg.ok, status: false });
    expect((await poll('x'.repeat(43))).body).toEqual({
      code: ApiCode.OK,
      message: Msg.ok,
      status: false,
      expired: true,
    });
    const missing = await t.call('GET', '/api/getQRCodeStatus', {});
    expect(missing.body).toMatchObject({ code: ApiCode.FAIL, message: AccountMsg.signRequired });
  });

  it('expires a QR after its lifetime: the poll says expired and a late scan changes nothing', async () => {
    const qr = await getQr(1);
    await t.ctx.db
      .updateTable('qr_tickets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('scene', '=', qr.scene)
      .execute();
    expect((await poll(qr.sign)).body).toMatchObject({ status: false, expired: true });
    const late = await sandboxScan(qr.scene, { mode: 'existing', phone: DEMO_PRO_PHONE });
    expect(late.html).toContain(AccountMsg.qrScanExpired);
    const page = await t.call('GET', '/api/sandbox/wechat/scan', { scene: qr.scene }, { unsigned: true });
    expect(page.body.message).toContain(AccountMsg.qrScanExpired);
    const row = await t.ctx.db
      .selectFrom('qr_tickets')
      .select('status')
      .where('scene', '=', qr.scene)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('waiting');
  });

  it('still hands over a scan that landed in time for a minute past the expiry, then no more', async () => {
    const qr = await getQr(2);
    await sandboxScan(qr.scene, { mode: 'new' });
    await t.ctx.db
      .updateTable('qr_tickets')
      .set({ expires_at: sql<Date>`now() - interval '30 seconds'` })
      .where('scene', '=', qr.scene)
      .execute();
    expect((await poll(qr.sign)).body).toMatchObject({ status: true });

    const late = await getQr(2);
    await sandboxScan(late.scene, { mode: 'new' });
    await t.ctx.db
      .updateTable('qr_tickets')
      .set({ expires_at: sql<Date>`now() - interval '61 seconds'` })
      .where('scene', '=', late.scene)
      .execute();
    expect((await poll(late.sign)).body).toMatchObject({ status: false, expired: true });
  });

  it(`answers HTTP 429 past ${QR_RATE_LIMITS.getQRCodeStatusPerSign} polls a minute of one sign`, async () => {
    const qr = await getQr(1);
    for (let i = 0; i < QR_RATE_LIMITS.getQRCodeStatusPerSign; i += 1) expect((await poll(qr.sign)).status).toBe(200);
    const res = await poll(qr.sign);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(Msg.tooManyRequests);
  });
});

describe('sandbox scan page', () => {
  it('offers the two scans in Chinese, with the demo accounts to pick', async () => {
    const qr = await getQr(1);
    const res = await t.app.inject({ method: 'GET', url: `/api/sandbox/wechat/scan?scene=${qr.scene}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('以已有账号扫码');
    expect(res.body).toContain('新微信用户扫码');
    expect(res.body).toContain(DEMO_PRO_PHONE);
    expect(res.body).toContain(`value="${qr.scene}"`);
  });

  it('refuses a malformed scene and an unknown phone', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/sandbox/wechat/scan?scene=%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>');
    const qr = await getQr(1);
    expect((await sandboxScan(qr.scene, { mode: 'existing', phone: '13000000000' })).html).toContain(
      Msg.phoneNotRegistered,
    );
    expect((await poll(qr.sign)).body).toMatchObject({ status: false });
  });
});

describe('QR sign-in journey (sandbox)', () => {
  it('an existing account scans: the poll answers its token and user info once, and the older session gets 461', async () => {
    const before = await kit.login(DEMO_PRO_PHONE, TEST_DEMO_PASSWORD);
    const qr = await getQr(1);
    expect((await sandboxScan(qr.scene, { mode: 'existing', phone: DEMO_PRO_PHONE })).html).toContain(
      AccountMsg.qrScanned,
    );

    const res = await poll(qr.sign);
    expect(res.body).toMatchObject({ code: ApiCode.OK, status: true });
    expect(res.body.taId).toBeUndefined();
    const info = res.body.userInfoMap as UserInfo;
    expect(info).toMatchObject({
      id: Number(await userIdOf('demo-pro@example.com')),
      userType: 2,
      thirdAccountInfo: { type: 'wechat', nickname: '微信用户0003' },
    });
    const token = String(res.body.user_token);
    expect((await t.call('GET', '/api/user/userInfo', {}, { token })).body.code).toBe(ApiCode.OK);
    expect((await t.call('GET', '/api/user/userInfo', {}, { token: before })).body).toEqual({
      code: ApiCode.KICKED,
      message: Msg.kickedOut,
    });
    // collected once: the next poll and a second scan of the same QR find it gone
    expect((await poll(qr.sign)).body).toMatchObject({ status: false, expired: true });
    expect((await sandboxScan(qr.scene, { mode: 'existing', phone: DEMO_PRO_PHONE })).html).toContain(
      AccountMsg.qrScanExpired,
    );

    // the same WeChat signs in again next time (one identity per account)
    const again = await getQr(1);
    await sandboxScan(again.scene, { mode: 'existing', phone: DEMO_PRO_PHONE });
    expect((await poll(again.sign)).body).toMatchObject({ status: true, userInfoMap: { id: info.id } });
    const identities = await t.ctx.db
      .selectFrom('wechat_identities')
      .select('id')
      .where('user_id', '=', String(info.id))
      .execute();
    expect(identities).toHaveLength(1);
  });

  it('a new WeChat user gets a taId instead of a session, on a login QR as on a register QR', async () => {
    for (const flag of [1, 2] as const) {
      const qr = await getQr(flag);
      await sandboxScan(qr.scene, { mode: 'new' });
      const res = await poll(qr.sign);
      expect(res.body).toMatchObject({ code: ApiCode.OK, status: true });
      expect(String(res.body.taId)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.user_token).toBeUndefined();
      const row = await t.ctx.db
        .selectFrom('qr_tickets')
        .select(['status', 'ta_id_hash'])
        .where('scene', '=', qr.scene)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'done', ta_id_hash: hashToken(String(res.body.taId)) });
    }
  });
});

describe('QR register → bind (POST /api/bindAccount)', () => {
  it('binds a new phone: creates the account without a password of its own, links the WeChat and signs in', async () => {
    const taId = await freshTaId();
    const phone = kit.freshPhone();
    const verifyCode = await kit.smsCode(8, phone);
    const res = await bind({
      otype: 1,
      phone,
      checkCode: KIT_CAPTCHA,
      verifyCode,
      taId,
      bindingUser: 1,
      password: '123456',
    });
    expect(res.body).toMatchObject({ code: ApiCode.OK, message: AccountMsg.bindOk });
    const info = res.body.userInfoMap as UserInfo;
    expect(info).toMatchObject({ isOldPassword: 0, userType: 0, parentId: null, thirdAccountInfo: { type: 'wechat' } });
    expect(info.thirdAccountInfo?.nickname).toMatch(/^微信用户\d{4}$/);
    expect(info.username).toBe(info.thirdAccountInfo?.nickname);

    const user = await t.ctx.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    const identity = await t.ctx.db
      .selectFrom('wechat_identities')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ is_old_password: 0, ta_id: identity.id });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    // the placeholder password of the bind call is not the account's password
    expect((await t.call('POST', '/api/gologin', { loginname: phone, loginpwd: '123456' })).body.message).toBe(
      Msg.loginFailed,
    );

    // a taId serves once
    const twice = await bind({
      otype: 1,
      phone,
      checkCode: KIT_CAPTCHA,
      verifyCode: await kit.smsCode(8, kit.freshPhone()),
      taId,
    });
    expect(twice.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.taIdInvalid });

    // that WeChat now signs in by QR
    const qr = await getQr(1);
    await sandboxScan(qr.scene, { mode: 'existing', phone });
    expect((await poll(qr.sign)).body).toMatchObject({ status: true, userInfoMap: { id: Number(user.id) } });
  });

  it('binds an existing account by e-mail (otype 2, code by mail) and signs it in', async () => {
    const taId = await freshTaId();
    const verifyCode = await kit.emailCode('demo-basic@example.com');
    const res = await bind({
      otype: 2,
      email: 'Demo-Basic@Example.com',
      checkCode: KIT_CAPTCHA,
      verifyCode,
      taId,
      bindingUser: 1,
    });
    expect(res.body).toMatchObject({ code: ApiCode.OK, message: AccountMsg.bindOk });
    expect(res.body.userInfoMap).toMatchObject({
      id: Number(await userIdOf('demo-basic@example.com')),
      userType: 1,
      isOldPassword: 1,
      thirdAccountInfo: { type: 'wechat' },
    });

    // an account that has a WeChat already keeps it; the taId stays usable for another account
    const other = await freshTaId();
    const refused = await bind({
      otype: 2,
      email: 'demo-basic@example.com',
      checkCode: KIT_CAPTCHA,
      verifyCode: await (async () => {
        await t.ctx.db
          .updateTable('sms_codes')
          .set({ created_at: new Date(Date.now() - 61_000) })
          .where('phone', '=', 'demo-basic@example.com')
          .execute();
        return kit.emailCode('demo-basic@example.com');
      })(),
      taId: other,
    });
    expect(refused.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.wechatAlreadyBound });
    const email = `bind-${crypto.randomInt(1e6)}@example.com`;
    const created = await bind({
      otype: 2,
      email,
      checkCode: KIT_CAPTCHA,
      verifyCode: await kit.emailCode(email),
      taId: other,
    });
    expect(created.body).toMatchObject({ code: ApiCode.OK, userInfoMap: { email, phone: null, isOldPassword: 0 } });
  });

  it('registers with a taId: the new account gets the WeChat linked', async () => {
    const taId = await freshTaId();
    const res = await kit.register(kit.freshPhone(), { type: 5, taId });
    expect(res.body).toMatchObject({ code: ApiCode.OK, message: Msg.registerOk, userInfoMap: { isOldPassword: 1 } });
    expect((res.body.userInfoMap as UserInfo).thirdAccountInfo?.type).toBe('wechat');
  });

  it('refuses a register with a dead taId before spending the SMS code', async () => {
    const phone = kit.freshPhone();
    const verifyCode = await kit.smsCode(1, phone);
    const form = {
      phone,
      checkCode: KIT_CAPTCHA,
      verifyCode,
      password: 'secret-123',
      rePassword: 'secret-123',
      type: 5,
    };
    const res = await t.call('POST', '/api/goregister', { ...form, taId: 'y'.repeat(43) });
    expect(res.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.taIdInvalid });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.call('POST', '/api/goregister', form)).body.code).toBe(ApiCode.OK);
  });

  it('refuses an expired taId', async () => {
    const taId = await freshTaId();
    await t.ctx.db
      .updateTable('qr_tickets')
      .set({ ta_expires_at: new Date(Date.now() - 1000) })
      .where('ta_id_hash', '=', hashToken(taId))
      .execute();
    const phone = kit.freshPhone();
    const res = await bind({ otype: 1, phone, checkCode: KIT_CAPTCHA, verifyCode: await kit.smsCode(8, phone), taId });
    expect(res.body).toEqual({ code: ApiCode.FAIL, message: AccountMsg.taIdInvalid });
  });

  it('refuses a wrong code, and keeps the taId for the right one', async () => {
    const taId = await freshTaId();
    const phone = kit.freshPhone();
    const code = await kit.smsCode(8, phone);
    const wrong = await bind({
      otype: 1,
      phone,
      checkCode: KIT_CAPTCHA,
      verifyCode: code === '000000' ? '111111' : '000000',
      taId,
    });
    expect(wrong.body).toEqual({ code: ApiCode.FAIL, message: Msg.verifyCodeWrong });
    expect((await bind({ otype: 1, phone, checkCode: KIT_CAPTCHA, verifyCode: code, taId })).body.code).toBe(
      ApiCode.OK,
    );
  });

  const form = { otype: 1, phone: '13800000000', checkCode: KIT_CAPTCHA, verifyCode: '123456', taId: 'z'.repeat(43) };
  it.each([
    [{ otype: '' }, AccountMsg.otypeInvalid],
    [{ otype: 3 }, AccountMsg.otypeInvalid],
    [{ phone: '' }, Msg.phoneRequired],
    [{ phone: '1380000000' }, Msg.phoneInvalid],
    [{ otype: 2, phone: '' }, Msg.emailRequired],
    [{ otype: 2, email: 'not-an-email' }, Msg.emailInvalid],
    [{ checkCode: '' }, Msg.checkCodeRequired],
    [{ verifyCode: ' ' }, Msg.verifyCodeRequired],
    [{ taId: '' }, AccountMsg.taIdRequired],
    [{}, AccountMsg.taIdInvalid],
  ])('refuses %j with its message', async (override, message) => {
    const res = await bind({ ...form, ...override });
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message });
  });
});

describe('WeChat event push (GET/POST /api/wechat/event)', () => {
  function pushQuery(overrides: { timestamp?: string; token?: string } = {}) {
    const timestamp = overrides.timestamp ?? String(Math.floor(Date.now() / 1000));
    const nonce = String(crypto.randomInt(1e9));
    const signature = wechatSignature(overrides.token ?? WECHAT_TOKEN, timestamp, nonce);
    return new URLSearchParams({ timestamp, nonce, signature }).toString();
  }

  function eventXml(openid: string, event: 'subscribe' | 'SCAN', eventKey: string) {
    return (
      `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName>` +
      `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
      `<Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${eventKey}]]></EventKey><Ticket><![CDATA[T]]></Ticket></xml>`
    );
  }

  function push(query: string, xml: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/wechat/event?${query}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });
  }

  it('answers the server check (GET) with echostr when signed, 403 otherwise', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/wechat/event?${pushQuery()}&echostr=5837405932` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('5837405932');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/event?${pushQuery({ token: 'other' })}&echostr=1`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ code: 403, message: Msg.signInvalid });
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/wechat/event?${pushQuery({ timestamp: stale })}&echostr=1` }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/wechat/event?echostr=1' })).statusCode).toBe(403);
  });

  it('a subscribe with qrscene_ marks the QR scanned, replies to the user and the poll gets a taId', async () => {
    const qr = await getQr(2);
    const openid = `oTest${crypto.randomBytes(6).toString('hex')}`;
    const res = await push(pushQuery(), eventXml(openid, 'subscribe', `qrscene_${qr.scene}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(`<ToUserName><![CDATA[${openid}]]></ToUserName>`);
    expect(res.body).toContain(`<FromUserName><![CDATA[gh_test]]></FromUserName>`);
    expect(res.body).toContain(AccountMsg.qrScanned);
    const polled = await poll(qr.sign);
    expect(polled.body).toMatchObject({ status: true });
    const identity = await t.ctx.db
      .selectFrom('wechat_identities')
      .selectAll()
      .where('openid', '=', openid)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({
      provider: 'official',
      user_id: null,
      nickname: `微信用户${openid.slice(-4).toUpperCase()}`,
    });

    // bound to a new account, the same openid's SCAN on the next login QR signs that account in
    const phone = kit.freshPhone();
    const bound = await bind({
      otype: 1,
      phone,
      checkCode: KIT_CAPTCHA,
      verifyCode: await kit.smsCode(8, phone),
      taId: String(polled.body.taId),
    });
    expect(bound.body.code).toBe(ApiCode.OK);
    const login = await getQr(1);
    expect((await push(pushQuery(), eventXml(openid, 'SCAN', login.scene))).body).toContain(AccountMsg.qrScanned);
    expect((await poll(login.sign)).body).toMatchObject({
      status: true,
      userInfoMap: { id: (bound.body.userInfoMap as UserInfo).id },
    });
  });

  it('acknowledges a replayed push without handling it again', async () => {
    const first = await getQr(1);
    const query = pushQuery();
    await push(query, eventXml('oReplayA', 'SCAN', first.scene));
    const second = await getQr(1);
    const replay = await push(query, eventXml('oReplayB', 'SCAN', second.scene));
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('success');
    expect((await poll(second.sign)).body).toEqual({ code: ApiCode.OK, message: Msg.ok, status: false });
  });

  it('refuses a forged or stale push and changes nothing', async () => {
    const qr = await getQr(1);
    const forged = await push(pushQuery({ token: 'guessed' }), eventXml('oForged', 'SCAN', qr.scene));
    expect(forged.statusCode).toBe(403);
    const stale = await push(
      pushQuery({ timestamp: String(Math.floor(Date.now() / 1000) - 301) }),
      eventXml('oForged', 'SCAN', qr.scene),
    );
    expect(stale.statusCode).toBe(403);
    expect((await poll(qr.sign)).body).toMatchObject({ status: false });
    expect(
      await t.ctx.db.selectFrom('wechat_identities').select('id').where('openid', '=', 'oForged').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('tells a user who scans an expired QR, ignores other messages and refuses a body that is not XML', async () => {
    const qr = await getQr(1);
    await t.ctx.db
      .updateTable('qr_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('scene', '=', qr.scene)
      .execute();
    expect((await push(pushQuery(), eventXml('oLate', 'SCAN', qr.scene))).body).toContain(AccountMsg.qrScanExpired);
    const text = `<xml><ToUserName><![CDATA[gh]]></ToUserName><FromUserName><![CDATA[o1]]></FromUserName><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content></xml>`;
    expect((await push(pushQuery(), text)).body).toBe('success');
    expect((await push(pushQuery(), eventXml('o2', 'subscribe', ''))).body).toBe('success');
    const garbage = await push(pushQuery(), 'not xml');
    expect(garbage.json()).toMatchObject({ code: ApiCode.FAIL, message: Msg.badRequest });
  });

  it('accepts nothing when no token is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: `/api/wechat/event?${pushQuery()}&echostr=1` });
      expect(res.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
