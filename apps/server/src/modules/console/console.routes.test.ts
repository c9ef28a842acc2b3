/** The operator console (issue #27): roles, TOTP, audit log, and each area's calls. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { routesFromPrintout } from '../../lib/route-table.js';
import { createMember } from '../membership/test-members.js';
import { ConsoleMsg, type OperatorRole } from './console.roles.js';
import { codeOf, createOperator, type TestOperator } from './console.test-kit.js';

let t: TestApp;
const ops = {} as Record<OperatorRole, TestOperator>;
const operator = (role: OperatorRole) => createOperator(t, role);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['content', 'service', 'finance', 'admin'] as const) ops[role] = await operator(role);
});
afterAll(async () => {
  await t.close();
});

const consoleRoutes = () =>
  routesFromPrintout(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/console/'));

describe('access', () => {
  it('a customer account gets 403 on every console call (walked from the route table); no token gets 401', async () => {
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const customer = await createMember(t.ctx, { userType: 4 });
    for (const r of routes) {
      const method = r.method as 'GET' | 'POST';
      const res = await t.call(method, r.url, { id: 1, code: '123456' }, { token: customer.token });
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect((await t.call(method, r.url)).status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('each role reaches its areas only', async () => {
    const areas: [string, 'GET' | 'POST', OperatorRole[]][] = [
      ['/api/console/news', 'GET', ['content', 'admin']],
      ['/api/console/settings', 'GET', ['content', 'admin']],
      ['/api/console/feedback', 'GET', ['service', 'admin']],
      ['/api/console/orders', 'GET', ['finance', 'admin']],
      ['/api/console/audit', 'GET', ['admin']],
      ['/api/console/help', 'GET', ['content', 'admin']],
      ['/api/console/tutorials', 'GET', ['content', 'admin']],
      ['/api/console/popups', 'GET', ['content', 'admin']],
      ['/api/console/menus', 'GET', ['content', 'admin']],
      ['/api/console/prices', 'GET', ['finance', 'admin']],
      ['/api/console/users', 'GET', ['service', 'admin']],
      ['/api/console/freeVip', 'GET', ['service', 'admin']],
      ['/api/console/collectionRequests', 'GET', ['service', 'admin']],
      ['/api/console/pipeline', 'GET', ['service', 'admin']],
      ['/api/console/analytics', 'GET', ['content', 'finance', 'admin']],
    ];
    for (const [url, method, allowed] of areas)
      for (const role of ['content', 'service', 'finance', 'admin'] as const) {
        const res = await t.call(method, url, {}, { token: ops[role].token });
        expect(res.status, `${role} ${url}`).toBe(allowed.includes(role) ? 200 : 403);
        if (!allowed.includes(role)) expect(res.body.message).toBe(ConsoleMsg.roleDenied);
      }
  });

  it('needs the TOTP check of this session: a new session of the operator is refused until it passes', async () => {
    // a second content editor (a new session of an account ends its other one: one sign-in per account)
    const editor = await operator('content');
    const other = await t.ctx.sessions.open(editor.id, { ip: null, userAgent: null });
    const res = await t.call('GET', '/api/console/news', {}, { token: other });
    expect(res.body).toMatchObject({ code: 403, message: ConsoleMsg.totpRequired });
    const me = await t.call('GET', '/api/console/me', {}, { token: other });
    expect(me.body).toMatchObject({ role: 'content', totpEnabled: true, verified: false });
    const wrong = await t.call('POST', '/api/console/totp/verify', { code: '000000' }, { token: other });
    expect(wrong.body.message).toBe(ConsoleMsg.totpInvalid);
    const bound = await t.call('POST', '/api/console/totp/setup', {}, { token: other });
    expect(bound.body.message).toBe(ConsoleMsg.totpAlready);
    // the code of the next time step (the current one was used when the authenticator was bound)
    const next = codeOf(editor.secret, Date.now() + 30_000);
    expect((await t.call('POST', '/api/console/totp/verify', { code: next }, { token: other })).body.code).toBe(200);
    expect((await t.call('GET', '/api/console/news', {}, { token: other })).status).toBe(200);
    // a code is good once: the same code again (another session, same window) is refused and audited
    const third = await t.ctx.sessions.open(editor.id, { ip: null, userAgent: null });
    const replay = await t.call('POST', '/api/console/totp/verify', { code: next }, { token: third });
    expect(replay.body.message).toBe(ConsoleMsg.totpReplayed);
    expect((await t.call('GET', '/api/console/news', {}, { token: third })).body.message).toBe(ConsoleMsg.totpRequired);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log
      WHERE operator_id = ${editor.id} AND action = 'totp.replayed'`.execute(t.ctx.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('the sandbox operator (demo-premium) is an admin', async () => {
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo-premium@example.com')
      .executeTakeFirstOrThrow();
    const token = await t.ctx.sessions.open(user.id, { ip: null, userAgent: null });
    expect((await t.call('GET', '/api/console/me', {}, { token })).body).toMatchObject({
      role: 'admin',
      totpEnabled: false,
    });
  });
});

describe('content reports', () => {
  it('an editor publishes a report → it is public; a draft is not; bad input changes nothing', async () => {
    const token = ops.content.token;
    const bad = await t.call(
      'POST',
      '/api/console/news/save',
      { title: ' ', category: '指南', bodyMd: 'x', status: 'draft' },
      { token },
    );
    expect(bad.body.message).toBe('请输入报告标题');
    const draft = await t.call(
      'POST',
      '/api/console/news/save',
      { title: '控制台草稿Z', category: '指南', bodyMd: '正文', status: 'draft' },
      { token },
    );
    expect(draft.body.code).toBe(200);
    const list = async () =>
      (await t.call('GET', '/api/newsContentInfoList', { keyword: '控制台' })).body.list as { id: number }[];
    expect(await list()).toEqual([]);
    const saved = await t.call(
      'POST',
      '/api/console/news/save',
      { id: draft.body.id as number, title: '控制台发布Z', category: '指南', bodyMd: '## 正文', status: 'published' },
      { token },
    );
    expect(saved.body.code).toBe(200);
    expect((await list()).map((n) => n.id)).toEqual([draft.body.id]);
    const scheduled = await t.call(
      'POST',
      '/api/console/news/save',
      {
        title: '控制台定时Z',
        category: '指南',
        bodyMd: 'x',
        status: 'published',
        publishAt: '2999-01-01T00:00:00+08:00',
      },
      { token },
    );
    expect(scheduled.body.code).toBe(200);
    expect(await list()).toHaveLength(1);
    const missing = await t.call(
      'POST',
      '/api/console/news/save',
      { id: 999999, title: 'x', category: 'x', bodyMd: 'x', status: 'draft' },
      { token },
    );
    expect(missing.body.message).toBe(ConsoleMsg.newsMissing);
  });

  it('settings: the serve-warn flag and the prize are validated and take effect', async () => {
    const token = ops.content.token;
    const bad = await t.call(
      'POST',
      '/api/console/settings/save',
      { key: 'prize', value: '{"enabled":true}' },
      { token },
    );
    expect(bad.body.message).toBe(ConsoleMsg.settingInvalid);
    const warn = await t.call(
      'POST',
      '/api/console/settings/save',
      { key: 'serveWarn', value: JSON.stringify({ enabled: true, title: '维护通知', text: '今晚22点维护' }) },
      { token },
    );
    expect(warn.body.code).toBe(200);
    expect((await t.call('GET', '/api/siteConfig')).body.site).toMatchObject({
      activityState: 1,
      serveWarnText: '今晚22点维护',
    });
  });
});

describe('feedback inbox', () => {
  it('customer service replies and the user sees the reply', async () => {
    const user = await createMember(t.ctx);
    const sent = await t.call('POST', '/api/feedback', { content: '导出失败了' }, { token: user.token });
    const inbox = await t.call('GET', '/api/console/feedback', {}, { token: ops.service.token });
    expect((inbox.body.list as { id: number }[]).map((f) => f.id)).toContain(sent.body.id);
    expect(
      (
        await t.call(
          'POST',
          '/api/console/feedback/reply',
          { id: sent.body.id as number, reply: ' ' },
          { token: ops.service.token },
        )
      ).body.code,
    ).toBe(-1);
    const reply = await t.call(
      'POST',
      '/api/console/feedback/reply',
      { id: sent.body.id as number, reply: '已修复，请重试' },
      { token: ops.service.token },
    );
    expect(reply.body.code).toBe(200);
    const mine = await t.call('GET', '/api/user/myFeedback', {}, { token: user.token });
    expect(mine.body.list).toEqual([expect.objectContaining({ reply: '已修复，请重试' })]);
  });
});

describe('orders: offline bank transfer', () => {
  it('finance marks a transfer paid → the user’s tier changes through the online grant path; a wrong amount changes nothing', async () => {
    const user = await createMember(t.ctx);
    const phone = (
      await t.ctx.db.selectFrom('users').select('phone').where('id', '=', user.id).executeTakeFirstOrThrow()
    ).phone!;
    const { rows } = await sql<{ id: number; price: string; level: number }>`SELECT id, price, level FROM price_options
      WHERE level = 3 AND enabled ORDER BY month_num LIMIT 1`.execute(t.ctx.db);
    const option = rows[0]!;
    const wrong = await t.call(
      'POST',
      '/api/console/orders/bankTransfer',
      { user: phone, priceId: option.id, tradeNo: 'BANK001', amount: Number(option.price) + 1 },
      { token: ops.finance.token },
    );
    expect(wrong.body.code).toBe(-1);
    const before = await t.ctx.db
      .selectFrom('users')
      .select('user_type')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(before.user_type).toBe(0);
    const paid = await t.call(
      'POST',
      '/api/console/orders/bankTransfer',
      { user: phone, priceId: option.id, tradeNo: 'BANK001', amount: option.price },
      { token: ops.finance.token },
    );
    expect(paid.body).toMatchObject({ code: 200, outcome: 'granted', level: 3 });
    const after = await t.ctx.db
      .selectFrom('users')
      .select(['user_type', 'version_type'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ user_type: 3, version_type: 1 });
    const orders = await t.call('GET', '/api/console/orders', { keyword: phone }, { token: ops.finance.token });
    expect(orders.body.list).toEqual([expect.objectContaining({ provider: 'bank', status: 'paid' })]);
    const denied = await t.call(
      'POST',
      '/api/console/orders/bankTransfer',
      { user: phone, priceId: option.id, tradeNo: 'X', amount: 1 },
      { token: ops.content.token },
    );
    expect(denied.status).toBe(403);
  });
});

describe('audit log', () => {
  it('records every operator action and cannot be changed or deleted', async () => {
    const res = await t.call('GET', '/api/console/audit', {}, { token: ops.admin.token });
    const actions = (res.body.list as { action: string }[]).map((a) => a.action);
    for (const a of [
      'totp.enabled',
      'news.create',
      'news.update',
      'setting.save',
      'feedback.reply',
      'order.bankTransfer',
    ])
      expect(actions).toContain(a);
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
  });
});
