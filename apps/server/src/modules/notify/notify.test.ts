import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, NotifyMsg } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { createNotifyService } from './index.js';
import { postToRobot, robotPayload } from './robots.js';

let t: TestApp;
let owner: TestMember;
let sub: TestMember;
let rival: TestMember;
const MAIL = `notify-owner-${Date.now()}@example.com`;
const WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=SECRET-KEY-123456';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createMember(t.ctx, { userType: 3 });
  sub = await createMember(t.ctx, { userType: 0, parentId: owner.id });
  rival = await createMember(t.ctx, { userType: 3 });
  await sql`UPDATE users SET email = ${MAIL} WHERE id = ${owner.id}`.execute(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

const as = (m: TestMember, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token: m.token });

async function count(table: string, teamId: string): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE team_id = ${teamId}`.execute(
    t.ctx.db,
  );
  return Number(r.rows[0]?.n);
}

describe('robots', () => {
  it('refuses a robot URL off its provider host, over http, or with a port — and saves nothing', async () => {
    const bad = [
      { provider: 'wecom', url: 'http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=1' },
      { provider: 'wecom', url: 'https://127.0.0.1/cgi-bin/webhook/send?key=1' },
      { provider: 'dingtalk', url: 'https://qyapi.weixin.qq.com/robot/send?access_token=1' },
      { provider: 'feishu', url: 'https://open.feishu.cn:8443/open-apis/bot/v2/hook/1' },
      { provider: 'feishu', url: 'https://user:pw@open.feishu.cn/open-apis/bot/v2/hook/1' },
    ] as const;
    for (const p of bad) {
      const res = await as(owner, 'POST', '/api/notification/saveWebhook', p);
      expect(res.body.code).toBe(ApiCode.FAIL);
      expect(res.body.message).toBe(NotifyMsg.urlInvalid(p.provider));
    }
    expect(
      (await as(owner, 'POST', '/api/notification/saveWebhook', { provider: 'slack', url: WECOM })).body.message,
    ).toBe(NotifyMsg.providerInvalid);
    expect(
      (await as(owner, 'POST', '/api/notification/saveWebhook', { provider: 'wecom', url: '' })).body.message,
    ).toBe(NotifyMsg.urlRequired);
    expect(await count('team_webhooks', owner.id)).toBe(0);
  });

  it('saves one robot per provider for the team; a sub-account sees it masked; another team does not', async () => {
    expect(
      (await as(owner, 'POST', '/api/notification/saveWebhook', { provider: 'wecom', url: WECOM })).body.code,
    ).toBe(ApiCode.OK);
    const seen = await as(sub, 'GET', '/api/notification/webhooks');
    const list = seen.body.list as { provider: string; url: string; enabled: boolean }[];
    expect(list).toHaveLength(1);
    expect(list[0]?.enabled).toBe(true);
    expect(list[0]?.url).not.toContain('SECRET-KEY');
    expect((await as(rival, 'GET', '/api/notification/webhooks')).body.list).toEqual([]);
    // the rival cannot delete or test it
    expect((await as(rival, 'POST', '/api/notification/delWebhook', { provider: 'wecom' })).body.message).toBe(
      NotifyMsg.notConfigured,
    );
    expect(await count('team_webhooks', owner.id)).toBe(1);
  });

  it('a test message goes to the robot outbox in sandbox mode', async () => {
    const res = await as(owner, 'POST', '/api/notification/testWebhook', { provider: 'wecom' });
    expect(res.body.code).toBe(ApiCode.OK);
    expect(res.body.status).toBe('sandbox');
    const rows = await sql<{ status: string; payload: { msgtype: string } }>`
      SELECT status, payload FROM notification_deliveries WHERE team_id = ${owner.id} AND channel = 'wecom'`.execute(
      t.ctx.db,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.payload.msgtype).toBe('markdown');
  });

  it('postToRobot posts JSON and treats a robot error code as a failure', async () => {
    const bodies: unknown[] = [];
    let answer = { errcode: 0, errmsg: 'ok' };
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(data));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const payload = robotPayload('dingtalk', { title: '标题', body: '正文', link: 'https://x.example/a' });
      await postToRobot(url, payload);
      expect(bodies[0]).toEqual(payload);
      answer = { errcode: 310000, errmsg: 'keywords not in content' };
      await expect(postToRobot(url, payload)).rejects.toThrow('310000');
    } finally {
      server.close();
    }
  });
});

describe('send', () => {
  it('delivers an event once: in the app, by mail and to each enabled robot — however often it is raised', async () => {
    const service = createNotifyService({ config: t.ctx.config, db: t.ctx.db });
    const event = {
      teamId: owner.id,
      userId: null,
      kind: 'monitor.deleted',
      title: '监测视频已删除',
      body: '视频《测试》已被删除或隐藏',
      link: '/videoMonitor',
      dedupeKey: 'monitor.deleted:video:1',
    };
    const results = await Promise.all([service.send(event), service.send(event), service.send(event)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await count('notifications', owner.id)).toBe(1);
    const mails = await sql<{ n: string }>`SELECT count(*) AS n FROM mail_outbox WHERE to_address = ${MAIL}`.execute(
      t.ctx.db,
    );
    expect(Number(mails.rows[0]?.n)).toBe(1);
    const robots = await sql<{ n: string }>`
      SELECT count(*) AS n FROM notification_deliveries
      WHERE team_id = ${owner.id} AND channel = 'wecom' AND notification_id IS NOT NULL`.execute(t.ctx.db);
    expect(Number(robots.rows[0]?.n)).toBe(1);
  });

  it('a failing robot is logged and does not stop the in-app notice or the mail', async () => {
    const service = createNotifyService(
      { config: t.ctx.config, db: t.ctx.db },
      { poster: () => Promise.reject(new Error('HTTP 502')) },
    );
    const r = await service.send({
      teamId: owner.id,
      userId: sub.id,
      kind: 'opinion.negative',
      title: '负面舆情预警',
      body: '负面占比 42%',
      link: null,
      dedupeKey: 'opinion.negative:task:9:2026-11-28T10',
    });
    expect(r.created).toBe(true);
    const d = await sql<{ status: string; detail: string }>`
      SELECT status, detail FROM notification_deliveries WHERE notification_id = ${r.id} AND channel = 'wecom'`.execute(
      t.ctx.db,
    );
    expect(d.rows[0]).toEqual({ status: 'failed', detail: 'HTTP 502' });
  });

  it('lists the team notifications (member-addressed ones to that member only), marks them read', async () => {
    const ownerList = await as(owner, 'GET', '/api/notification/list');
    expect(ownerList.body.total).toBe(1); // the second was addressed to the sub-account
    const subList = await as(sub, 'GET', '/api/notification/list', { unread: 1 });
    expect(subList.body.total).toBe(2);
    expect(subList.body.unread).toBe(2);
    const firstId = (subList.body.list as { id: number }[])[0]?.id ?? 0;
    expect((await as(rival, 'GET', '/api/notification/list')).body.total).toBe(0);
    expect((await as(rival, 'POST', '/api/notification/read', { id: firstId })).body.changed).toBe(0);
    expect((await as(sub, 'POST', '/api/notification/read', { id: firstId })).body.changed).toBe(1);
    expect((await as(sub, 'GET', '/api/notification/list')).body.unread).toBe(1);
    expect((await as(sub, 'POST', '/api/notification/read')).body.changed).toBe(1);
    expect((await as(sub, 'GET', '/api/notification/list')).body.unread).toBe(0);
    expect((await as(owner, 'POST', '/api/notification/read', { id: 'x' })).body.message).toBe(NotifyMsg.idInvalid);
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.call('GET', '/api/notification/list', {}, { token: null });
    expect(res.status).toBe(401);
  });
});
