/**
 * Monitoring alerts through the notify module (sandbox: mail outbox, robot delivery log): a deleted / hidden
 * work, a stalled work and a work that ended its window below the expected band each raise one notification
 * to the owning team — in the app, by e-mail and to the team's robot — and a second check raises nothing.
 * Another team's targets never notify this team.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { createNotifyService } from '../notify/index.js';
import { STALL_SAMPLES, checkMonitorAlerts } from './alerts.js';

let t: TestApp;
let owner: TestMember;
let rival: TestMember;
const MAIL = `alerts-${Date.now()}@example.com`;
const WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=ALERT-KEY-123456';
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createMember(t.ctx, { userType: 3 });
  rival = await createMember(t.ctx, { userType: 3 });
  await sql`UPDATE users SET email = ${MAIL} WHERE id = ${owner.id}`.execute(t.ctx.db);
  const saved = await t.call(
    'POST',
    '/api/notification/saveWebhook',
    { provider: 'wecom', url: WECOM },
    { token: owner.token },
  );
  expect(saved.body.code).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function target(teamId: string, videoId: string, start: number, end: number): Promise<string> {
  const r = await sql<{ id: string }>`
    INSERT INTO monitor_targets (kind, video_id, window_start, window_end, tail_until, team_id, source, created_by)
    VALUES ('video', ${videoId}, ${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz,
      ${new Date(end + 7 * 86400_000).toISOString()}::timestamptz, ${teamId}, 'monitor', ${teamId}) RETURNING id`.execute(
    t.ctx.db,
  );
  return r.rows[0]!.id;
}
async function sample(videoId: string, ts: number, play: number): Promise<void> {
  await sql`INSERT INTO video_samples (video_id, ts, play, likes, coin, favorite, share, reply, danmaku)
    VALUES (${videoId}, ${new Date(ts).toISOString()}::timestamptz, ${play}, 0, 0, 0, 0, 0, 0)`.execute(t.ctx.db);
}
const kinds = async (teamId: string) =>
  (
    await sql<{ kind: string }>`SELECT kind FROM notifications WHERE team_id = ${teamId} ORDER BY kind`.execute(
      t.ctx.db,
    )
  ).rows.map((r) => r.kind);

describe('monitoring alerts', () => {
  it('deleted, stalled and below-band works each alert once, in the app, by mail and to the robot', async () => {
    const now = Date.now();
    const vids = await sql<{ id: string; creator_id: string; pubdate: Date }>`
      SELECT v.id, v.creator_id, v.pubdate FROM videos v
      WHERE v.status = 0 AND v.pubdate < now() - interval '2 days' AND (SELECT count(*) FROM videos o JOIN video_daily d ON d.video_id = o.id
        WHERE o.creator_id = v.creator_id AND o.id <> v.id
          AND d.day = (o.pubdate AT TIME ZONE 'Asia/Shanghai')::date + 1) >= 3
      ORDER BY v.pubdate DESC LIMIT 3`.execute(t.ctx.db);
    expect(vids.rows.length).toBe(3);
    const [gone, flat, weak] = vids.rows.map((r) => r.id) as [string, string, string];
    await sql`UPDATE videos SET status = -1 WHERE id = ${gone}`.execute(t.ctx.db);
    await target(owner.id, gone, now - 60 * MIN, now + 60 * MIN);
    // the rival team monitors the same deleted work: its alert is its own
    await target(rival.id, gone, now - 60 * MIN, now + 60 * MIN);
    await target(owner.id, flat, now - 60 * MIN, now + 60 * MIN);
    for (let k = 0; k < STALL_SAMPLES; k += 1) await sample(flat, now - (STALL_SAMPLES - k) * 5 * MIN, 1234);
    // a window that ended one day after publication with far fewer plays than the creator's usual videos
    const pub = new Date(vids.rows[2]!.pubdate).getTime();
    const end = pub + 86400_000;
    const weakTarget = await target(owner.id, weak, end - 86400_000, end);
    await sql`UPDATE monitor_targets SET tail_until = ${new Date(now + 86400_000).toISOString()}::timestamptz
      WHERE id = ${weakTarget}`.execute(t.ctx.db);
    await sample(weak, end, 0);

    const notify = createNotifyService({ config: t.ctx.config, db: t.ctx.db });
    const first = await checkMonitorAlerts(t.ctx.db, notify, new Date(now));
    expect(await kinds(owner.id)).toEqual(['monitor.below-band', 'monitor.deleted', 'monitor.stalled']);
    expect(await kinds(rival.id)).toEqual(['monitor.deleted']);
    expect(first).toBe(4);
    const again = await checkMonitorAlerts(t.ctx.db, notify, new Date(now + MIN));
    expect(again).toBe(0);
    const mails = await sql<{ n: string }>`SELECT count(*) AS n FROM mail_outbox WHERE to_address = ${MAIL}`.execute(
      t.ctx.db,
    );
    expect(Number(mails.rows[0]?.n)).toBe(3);
    const robots = await sql<{ n: string }>`
      SELECT count(*) AS n FROM notification_deliveries WHERE team_id = ${owner.id} AND channel = 'wecom'
        AND notification_id IS NOT NULL`.execute(t.ctx.db);
    expect(Number(robots.rows[0]?.n)).toBe(3);
    // the owner reads them through the notify module's list
    const list = await t.call('GET', '/api/notification/list', {}, { token: owner.token });
    expect((list.body.list as { title: string }[]).map((n) => n.title).sort()).toEqual(
      ['监测作品已删除或不可见', '监测作品播放停滞', '监测作品表现低于预期'].sort(),
    );
    // a new flat run (plays grew, then stalled again) is a new event
    for (let k = 0; k < STALL_SAMPLES; k += 1) await sample(flat, now + (k + 1) * 5 * MIN, 2000);
    expect(await checkMonitorAlerts(t.ctx.db, notify, new Date(now + STALL_SAMPLES * 5 * MIN + MIN))).toBe(1);
  });
});
