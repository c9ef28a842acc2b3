import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { routesFromPrintout } from './route-table.js';

/**
 * Issue #14, finding 5: the request sign is a tamper check, not access control (its secret ships in the web
 * bundle). This walks every /api route of the route table with the sign check switched OFF — as anyone who
 * read the bundle could sign any call — and asserts that each one still refuses an anonymous caller with
 * HTTP 401, unless it is in ANONYMOUS_BY_DESIGN below with its reason. A new route that forgets
 * `app.requireUser` fails here.
 */
const ANONYMOUS_BY_DESIGN: Record<string, string> = {
  'GET /api/health': 'health probe',
  'GET /api/siteConfig': 'branding of the public pages',
  'GET /api/valicode.jpg': 'image captcha of the sign-in forms',
  'POST /api/smsVerifyCode': 'register / forgot password: SMS code behind the image captcha',
  'POST /api/emailVerifyCode': 'bind panel: e-mail code behind the image captcha',
  'POST /api/goregister': 'registration',
  'POST /api/gologin': 'sign-in',
  'POST /api/forgetpwd': 'forgot password (proven by the SMS code)',
  'POST /api/bindAccount': 'bind after a WeChat scan (proven by the taId and a code)',
  'GET /api/getQRCode': 'QR sign-in',
  'GET /api/getQRCodeStatus': 'QR sign-in (the QR sign is the bearer secret)',
  'GET /api/wechat/event': 'WeChat server check (WeChat signature)',
  'POST /api/wechat/event': 'WeChat event push (WeChat signature)',
  'GET /api/assets/:kind/:file': 'preset pictures loaded by <img>',
  'POST /api/notify/alipay': 'payment notify (provider signature)',
  'POST /api/notify/wechatpay': 'payment notify (provider signature)',
  'POST /api/notify/sandbox': 'payment notify (sandbox signature)',
  'GET /api/notify/alipay_return': 'static return page after paying',
  'GET /api/sandbox/smsOutbox': 'sandbox mode only',
  'GET /api/sandbox/mailOutbox': 'sandbox mode only',
  'GET /api/docs': 'the API document: sandbox mode from this machine only (like the outboxes), else operators',
  'GET /api/docs/openapi.json': 'the API document: sandbox mode from this machine only, else operators',
  'GET /api/docs/init.js': 'the API document page: sandbox mode from this machine only, else operators',
  'GET /api/docs/swagger-ui-bundle.js': 'the API document page: sandbox mode from this machine only, else operators',
  'GET /api/docs/swagger-ui.css': 'the API document page: sandbox mode from this machine only, else operators',
  'GET /api/sandbox/wechat/scan': 'sandbox mode only: the scan page',
  'POST /api/sandbox/wechat/scan': 'sandbox mode only: the scan page',
  'GET /api/sandbox/pay': 'sandbox mode only: the pay page',
  'POST /api/sandbox/pay/confirm': 'sandbox mode only: the pay page',
  'POST /api/sandbox/pay/cancel': 'sandbox mode only: the pay page',
  'GET /api/newsContentInfoList': 'content reports of the public classroom (§2.1)',
  'GET /api/newsContentInfoDetail': 'a content report of the public classroom (§2.1)',
  'GET /api/getAnswersTypes': 'help categories (public pages show the help too)',
  'GET /api/getAnswers': 'help answers',
  'POST /api/feedback': 'a visitor may send feedback (with a contact); rate-limited',
  'GET /api/getCustomerServiceQRCode': 'customer-service QR of the public footer',
  'POST /api/saveUserAccessRecord': 'usage records of public pages too (batched, validated)',
  'POST /api/user/saveRequirementClick': 'click record of the public /marketDataCus',
  'POST /api/savePlayCount': 'tutorial plays (only known video names)',
  'GET /api/tutorialVideos': 'tutorial videos',
  'POST /api/index': 'home page data (pkData) of the public landing',
  'GET /api/landingContent': 'texts and ranking teaser of the public landing pages',
  'GET /api/serveWarn': 'the serve-warn flag',
  'GET /api/popupContent': 'custom popups by id',
  'GET /api/export/file': 'an export download link: its own 10-minute token, issued only to the owning team',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ signCheck: false });
});
afterAll(async () => {
  await t.close();
});

describe('nothing relies on the request sign for access control', () => {
  it('every route outside the anonymous list refuses an anonymous caller with 401, even without the sign check', async () => {
    const routes = routesFromPrintout(t.app.printRoutes({ commonPrefix: false })).filter((r) =>
      r.url.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(60);
    const open: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (key in ANONYMOUS_BY_DESIGN) continue;
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : 'kolId=1&id=1';
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:([A-Za-z0-9_]+)/g, '1'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ...(body === undefined ? {} : { payload: body }),
      });
      if (res.statusCode !== 401) open.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(open).toEqual([]);
  });

  it('checks roles from the session, not the sign: a free user gets no operator endpoint', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/gologin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ loginname: 'demo-free@example.com', loginpwd: TEST_DEMO_PASSWORD }).toString(),
    });
    const token = String(login.json<{ user_token: string }>().user_token);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/pipeline', headers: { 'user-token': token } });
    expect(res.statusCode).toBe(403);
  });
});
