/** GET /api/admin/pipeline: operators see the pipeline's health; everyone else gets HTTP 403. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { loadConfig } from '../../config.js';
import { JOB_NAMES } from '../../jobs/names.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { openTestSession } from '../creators/test-session.js';
import type { PipelineHealth } from './pipeline.service.js';

let t: TestApp;
let kit: PipelineKit;

async function tokenOf(app: TestApp, email: string): Promise<string> {
  const user = await app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return app.ctx.sessions.open(user.id, { ip: null, userAgent: null });
}

beforeAll(async () => {
  t = await createTestApp();
  kit = await startPipelineKit({
    ctx: t.ctx,
    databaseUrl: t.databaseUrl,
    seed: 7,
    scale: TEST_SCALE,
    faults: { p412: 0.2 },
  });
  const ids = await t.ctx.db.selectFrom('creators').select('id').orderBy('fans', 'desc').limit(5).execute();
  await kit.pipeline.jobs.sendMany(
    'collect.creator-snapshot',
    ids.map((r) => ({ data: { creatorId: Number(r.id) } })),
  );
  await kit.pipeline.jobs.send('monitor.video-sample', { targetId: 999_999, videoId: 1, ts: new Date().toISOString() });
  await kit.pipeline.runPending({ names: ['collect.creator-snapshot'] });
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

describe('GET /api/admin/pipeline', () => {
  it('answers 401 without a session and 403 to a user who is not an operator', async () => {
    expect((await t.call('GET', '/api/admin/pipeline')).status).toBe(401);
    const res = await t.call('GET', '/api/admin/pipeline', {}, { token: await openTestSession(t.ctx) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    const free = await t.call('GET', '/api/admin/pipeline', {}, { token: await tokenOf(t, 'demo-free@example.com') });
    expect(free.status).toBe(403);
  });

  it('shows queue depths, last successes, error rates, staleness per cadence and request counters', async () => {
    const res = await t.call('GET', '/api/admin/pipeline', {}, { token: await tokenOf(t, 'demo-premium@example.com') });
    expect(res.status).toBe(200);
    const body = res.body as unknown as PipelineHealth & { code: number };
    expect(body.code).toBe(200);
    expect(body.queues.map((q) => q.name)).toEqual([...JOB_NAMES]);
    expect(body.queues.find((q) => q.name === 'monitor.video-sample')).toMatchObject({ queued: 1, active: 0 });
    expect(body.queues.find((q) => q.name === 'collect.creator-snapshot')).toMatchObject({ queued: 0, active: 0 });
    const snapshot = body.jobs.find((j) => j.name === 'collect.creator-snapshot');
    expect(snapshot).toMatchObject({ successes: 5, failures: 0 });
    expect(snapshot?.lastSuccessAt).toEqual(new Date(kit.clock.now()).toISOString());
    expect(body.errorRates).toEqual([{ name: 'collect.creator-snapshot', ok: 5, failed: 0, rate: 0 }]);
    expect(body.staleness.map((s) => s.cadence)).toEqual(['hot', 'high', 'viewed', 'daily']);
    const daily = body.staleness.find((s) => s.cadence === 'daily')!;
    expect(daily.creators).toBeGreaterThan(0);
    expect(daily.creators - daily.neverCollected).toBe(5);
    expect(daily).toMatchObject({ p50Seconds: 0, p95Seconds: 0, maxSeconds: 0 }); // collected at the clock's now
    expect(body.requests.local?.counters.attempts).toBeGreaterThan(20);
    expect(body.requests.local?.counters.byKind.http_retry).toBeGreaterThan(0);
    expect(body.schedulerLeader).toBe(false);
  });

  it('shows the monitoring capacity: windows, samples a minute needed vs done, requests against the budget', async () => {
    const now = kit.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const videos = await t.ctx.db.selectFrom('videos').select('id').orderBy('id').limit(5).execute();
    const rooms = await t.ctx.db
      .selectFrom('creators')
      .select(['id', 'live_room_id'])
      .where('live_room_id', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    // 3 video windows running, 2 in their hourly tail, 1 ended; 2 live windows (one room named by creator, one
    // room only by number and unknown to us)
    for (const [i, v] of videos.entries()) {
      const [start, end, tail] =
        i < 3
          ? [now - 3600_000, now + 3600_000, now + 9 * 3600_000]
          : [now - 9 * 3600_000, now - 3600_000, now + 3600_000];
      await sql`INSERT INTO monitor_targets (kind, video_id, window_start, window_end, tail_until)
        VALUES ('video', ${v.id}, ${iso(start)}::timestamptz, ${iso(end)}::timestamptz, ${iso(tail)}::timestamptz)`.execute(
        t.ctx.db,
      );
    }
    await t.ctx.db
      .insertInto('monitor_targets')
      .values([
        {
          kind: 'video',
          video_id: videos[0]!.id,
          window_start: new Date(now - 5 * 3600_000),
          window_end: new Date(now - 4 * 3600_000),
        },
        {
          kind: 'live',
          creator_id: rooms[0]!.id,
          window_start: new Date(now - 60_000),
          window_end: new Date(now + 3600_000),
        },
        {
          kind: 'live',
          room_id: 987_654_321,
          window_start: new Date(now - 60_000),
          window_end: new Date(now + 3600_000),
        },
      ])
      .execute();
    // samples in the last 10 minutes: 4 video, 3 live (the named room is on air)
    for (let k = 0; k < 4; k++) {
      await t.ctx.db
        .insertInto('video_samples')
        .values({
          video_id: videos[k]!.id,
          ts: iso(now - (k + 1) * 60_000),
          play: 1,
          likes: 0,
          coin: 0,
          favorite: 0,
          share: 0,
          reply: 0,
          danmaku: 0,
        })
        .execute();
    }
    for (let k = 0; k < 3; k++) {
      await t.ctx.db
        .insertInto('live_samples')
        .values({
          room_id: rooms[0]!.live_room_id!,
          creator_id: rooms[0]!.id,
          ts: iso(now - k * 60_000),
          live_status: 1,
          online: 10,
        })
        .execute();
    }
    const res = await t.call('GET', '/api/admin/pipeline', {}, { token: await tokenOf(t, 'demo-premium@example.com') });
    const m = (res.body as unknown as PipelineHealth).monitoring;
    const budget = loadConfig({ NODE_ENV: 'test' }).bilibili.rps * 60;
    // video: 3 ÷ 5 + 2 ÷ 60 a minute; live: one status batch for the owned room + one room lookup a minute
    const videoPerMinute = 3 / 5 + 2 / 60;
    expect(m).toMatchObject({
      videoWindows: 3,
      videoTails: 2,
      liveWindows: 2,
      liveRooms: 2,
      liveRoomsOnAir: 1,
      liveStreams: 0,
      samplesPerMinute: { needed: Math.round((videoPerMinute + 1) * 10) / 10, done: Math.round((7 / 10) * 10) / 10 },
      requestsPerMinute: { needed: Math.round((videoPerMinute + 2) * 10) / 10, budget, monitorShare: budget / 2 },
      videoWindowsFree: Math.floor((budget / 2 - (videoPerMinute + 2)) * 5),
      warning: null,
    });
  });

  it('outside sandbox mode: OPERATOR_USER_IDS decides', async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const other = await createTestApp({ sandbox: false, pipeline: { ...base.pipeline, operatorUserIds: ['424242'] } });
    try {
      const premium = await tokenOf(other, 'demo-premium@example.com');
      expect((await other.call('GET', '/api/admin/pipeline', {}, { token: premium })).status).toBe(403);
      await other.ctx.db
        .insertInto('users')
        .values({ id: 424242, username: 'ops', email: 'ops@example.com', password_hash: 'x', invite_code: 'OPS0001' })
        .execute();
      const ops = await tokenOf(other, 'ops@example.com');
      const res = await other.call('GET', '/api/admin/pipeline', {}, { token: ops });
      expect(res.status).toBe(200);
      // No pipeline runs in this app: no local counters, the rest answers from the database.
      expect((res.body as unknown as PipelineHealth).requests.local).toBeNull();
    } finally {
      await other.close();
    }
  });
});
