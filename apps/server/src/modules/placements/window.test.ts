/**
 * A placement's 24-hour window on the simulator's test clock, through the real scheduler, jobs and collector
 * over HTTP: one sample every 5 minutes inside the window (count and spacing), two ticks skipped leave two
 * gaps (never filled), hourly samples after the window; the report's figures equal a computation from the
 * stored samples. A link the database lacks is fetched from the simulator and placed at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, WorkLinkFlag, type MonitorPoint, type PutRecord, type ReportFigures } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import type { VideoCounterText } from '../../db/schema.js';

const MINUTE = 60_000;
const SLOT = 5 * MINUTE;
let t: TestApp;
let kit: PipelineKit;
let m: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: 7, scale: TEST_SCALE });
  m = await createMember(t.ctx, { userType: 2 });
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

async function tick(): Promise<void> {
  const report = await kit.pipeline.scheduler.tick();
  expect(report.errors).toEqual([]);
  await kit.pipeline.runPending({ names: ['monitor.video-sample', 'monitor.fetch-work'] });
}

describe('a 24-hour placement window on the test clock', () => {
  it('samples every 5 minutes inside the window, hourly after, and the report is computed from those samples', async () => {
    const video = await sql<{ id: string; bvid: string }>`
      SELECT id, bvid FROM videos WHERE status = 0 AND bvid IS NOT NULL ORDER BY pubdate DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const { id: videoId, bvid } = video.rows[0]!;
    const start = Math.ceil(kit.clock.now() / MINUTE) * MINUTE + 2 * MINUTE;
    const check = await t.call('GET', '/api/checkPutUrl', { type: 1, videoUrl: bvid }, { token: m.token });
    expect(check.body.flag).toBe(WorkLinkFlag.FOUND);
    const added = await t.call(
      'POST',
      '/api/addPutRecord',
      {
        addType: 1,
        type: 1,
        videoUrl: `https://www.bilibili.com/video/${bvid}`,
        promotionCost: '8888.88',
        sTime: start,
      },
      { token: m.token },
    );
    expect(added.body.code).toBe(ApiCode.OK);
    const recordId = Number(added.body.recordId);
    const end = start + 24 * 3600_000;

    // ticks 40 s after each slot; the two ticks of slots 100 and 101 are skipped (a collector outage)
    const skipped = [start + 100 * SLOT, start + 101 * SLOT];
    for (let slot = start - SLOT; slot <= end + 3 * 3600_000; slot += SLOT) {
      kit.clock.set(slot + 40_000);
      if (skipped.includes(slot)) continue;
      await tick();
    }

    const rows = await sql<{ ts: Date }>`
      SELECT ts FROM video_samples WHERE video_id = ${videoId} AND ts >= ${new Date(start).toISOString()}::timestamptz
      ORDER BY ts`.execute(t.ctx.db);
    const times = rows.rows.map((r) => new Date(r.ts).getTime());
    const inWindow = times.filter((x) => x <= end);
    const expected: number[] = [];
    for (let k = 0; k <= 288; k += 1) if (!skipped.includes(start + k * SLOT)) expected.push(start + k * SLOT);
    expect(inWindow).toEqual(expected);
    expect(inWindow).toHaveLength(287);
    // after the window: one sample an hour (end + 1 h, + 2 h, + 3 h)
    expect(times.filter((x) => x > end)).toEqual([1, 2, 3].map((h) => end + h * 3600_000));

    const report = await t.call('GET', '/api/user/putRecordReport', { recordId }, { token: m.token });
    expect(report.body.code).toBe(ApiCode.OK);
    const points = report.body.points as MonitorPoint[];
    const figures = report.body.figures as ReportFigures;
    expect(points.map((p) => Date.parse(p.ts))).toEqual(times);
    expect((report.body.record as PutRecord).monitorState).toBe('after');

    // the same figures from the database's own rows
    const db = await sql<VideoCounterText>`
      SELECT play, likes, coin, favorite, share, reply, danmaku FROM video_samples
      WHERE video_id = ${videoId} AND ts >= ${new Date(start).toISOString()}::timestamptz ORDER BY ts`.execute(
      t.ctx.db,
    );
    const first = db.rows[0]!;
    const last = db.rows.at(-1)!;
    expect(figures.samples).toBe(287);
    expect(figures.slotsDue).toBe(289);
    expect(figures.increase?.playNum).toBe(Number(last.play) - Number(first.play));
    expect(figures.increase?.praiseNum).toBe(Number(last.likes) - Number(first.likes));
    expect(figures.increase?.barrageNum).toBe(Number(last.danmaku) - Number(first.danmaku));
    expect(figures.increase!.playNum).toBeGreaterThan(0);
    const cents = 888888;
    const plays = Number(last.play);
    const cpmCents = Math.round((cents * 1000) / plays);
    expect(figures.cpm).toBe((cpmCents / 100).toFixed(2));
    const engagements = ['likes', 'coin', 'favorite', 'share', 'reply', 'danmaku'].reduce(
      (s, k) => s + Number(last[k as keyof typeof last]),
      0,
    );
    expect(figures.engagements).toBe(engagements);
    expect(figures.costPerEngagement).toBe((Math.round(cents / engagements) / 100).toFixed(2));
  }, 300_000);

  it('places a work the database lacks: the link is fetched from the simulator at once (flag 0)', async () => {
    // a video of the simulated world that this database has not stored (deleted here to stand for a new one)
    const v = await sql<{ id: string; bvid: string }>`
      SELECT v.id, v.bvid FROM videos v WHERE v.status = 0 AND v.bvid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM video_samples s WHERE s.video_id = v.id)
      ORDER BY v.pubdate DESC OFFSET 3 LIMIT 1`.execute(t.ctx.db);
    const { bvid } = v.rows[0]!;
    await sql`DELETE FROM videos WHERE id = ${v.rows[0]!.id}`.execute(t.ctx.db);
    const check = await t.call('GET', '/api/checkPutUrl', { type: 1, videoUrl: bvid }, { token: m.token });
    expect(check.body).toMatchObject({ flag: WorkLinkFlag.FOUND, bvid });
    const stored = await sql<{ n: string }>`SELECT count(*) AS n FROM videos WHERE bvid = ${bvid}`.execute(t.ctx.db);
    expect(Number(stored.rows[0]?.n)).toBe(1);
    const added = await t.call(
      'POST',
      '/api/addPutRecord',
      { addType: 1, videoUrl: bvid, promotionCost: 10 },
      { token: m.token },
    );
    expect(added.body).toMatchObject({ code: ApiCode.OK, collecting: false });
  });
});
