/**
 * Monitoring through the scheduler and the jobs on a moving test clock: a monitored video gets one sample
 * per interval inside its window and none outside; a monitored live room gets a sample every minute while
 * it is live and none while it is not. Deleted videos become status −1.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { usePipelineKit } from '../../../test/pipeline-kit.js';
import { earliestLongLiveSession } from '../../jobs/test-kit.js';
import { sessionAt, sessionsBetween } from '../../sim/world/live.js';

const MINUTE = 60_000;
const t = useTestApp();
const kit = usePipelineKit(t);

/** One scheduler tick and the monitor jobs it queued, then the clock moves on by `stepMs`. */
async function step(stepMs: number): Promise<void> {
  const report = await kit.pipeline.scheduler.tick();
  expect(report.errors).toEqual([]);
  await kit.pipeline.runPending({ names: ['monitor.video-sample', 'monitor.live-sample'] });
  kit.clock.advance(stepMs);
}

describe('monitored videos', () => {
  it('are sampled every interval inside their window, and only there', async () => {
    const video = await t.ctx.db
      .selectFrom('videos')
      .select(['id', 'aid'])
      .where('status', '=', 0)
      .orderBy('pubdate', 'desc')
      .executeTakeFirstOrThrow();
    const start = Math.floor(kit.clock.now() / MINUTE) * MINUTE + 90_000;
    const windowStart = new Date(start);
    const windowEnd = new Date(start + 21 * MINUTE);
    await t.ctx.db
      .insertInto('monitor_targets')
      .values({
        kind: 'video',
        video_id: video.id,
        window_start: windowStart,
        window_end: windowEnd,
        interval_seconds: 300,
      })
      .execute();
    kit.clock.set(start - 5 * MINUTE);
    for (let m = 0; m <= 32; m += 1) await step(MINUTE);

    const samples = await t.ctx.db
      .selectFrom('video_samples')
      .selectAll()
      .where('video_id', '=', video.id)
      .orderBy('ts')
      .execute();
    expect(samples.map((s) => new Date(s.ts).getTime())).toEqual([0, 5, 10, 15, 20].map((k) => start + k * MINUTE));
    const plays = samples.map((s) => Number(s.play));
    for (let i = 1; i < plays.length; i += 1) expect(plays[i]).toBeGreaterThanOrEqual(plays[i - 1]!);
    expect(plays.at(-1)).toBeGreaterThan(plays[0]!);
    // The sample also refreshed the video's current counters.
    const current = await t.ctx.db
      .selectFrom('videos')
      .select('play')
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(Number(current.play)).toBe(plays.at(-1));
  });

  it('marks a video the platform no longer shows as deleted (status −1) and stops sampling it', async () => {
    // A video the simulated world deleted (62002) that this database still shows as visible.
    const gone = await t.ctx.db
      .selectFrom('videos')
      .select(['id'])
      .where('status', '=', -1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('videos').set({ status: 0 }).where('id', '=', gone.id).execute();
    const now = kit.clock.now();
    await t.ctx.db
      .insertInto('monitor_targets')
      .values({
        kind: 'video',
        video_id: gone.id,
        window_start: new Date(now - MINUTE),
        window_end: new Date(now + 30 * MINUTE),
      })
      .execute();
    await step(MINUTE);
    const row = await t.ctx.db
      .selectFrom('videos')
      .select('status')
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(-1);
    for (let m = 0; m < 6; m += 1) await step(MINUTE);
    const samples = await t.ctx.db.selectFrom('video_samples').select('ts').where('video_id', '=', gone.id).execute();
    expect(samples).toEqual([]);
  });
});

describe('monitored live rooms', () => {
  it('are sampled every minute while live, and not while offline', async () => {
    const world = kit.sim.world;
    const from = kit.clock.now() + 10 * MINUTE;
    const { rooms, pick } = await earliestLongLiveSession(t.ctx.db, world, from);
    let offline: { id: string; room: string } | null = null;
    const windowStart = pick.session.startMs - 6 * MINUTE;
    const windowEnd = pick.session.startMs + 9 * MINUTE;
    for (const c of rooms) {
      const index = world.creatorIndexByMid(Number(c.mid));
      if (index === undefined || c.id === pick.id) continue;
      const busy = [windowStart, windowEnd].some((ms) => sessionAt(world, index, ms));
      if (!busy && sessionsBetween(world, index, windowStart - 6 * 3600_000, windowEnd).length === 0) {
        offline = { id: c.id, room: c.live_room_id! };
        break;
      }
    }
    if (!offline) throw new Error('no room offline during the window');
    await t.ctx.db
      .insertInto('monitor_targets')
      .values([
        { kind: 'live', creator_id: pick.id, window_start: new Date(windowStart), window_end: new Date(windowEnd) },
        { kind: 'live', room_id: offline.room, window_start: new Date(windowStart), window_end: new Date(windowEnd) },
      ])
      .execute();

    kit.clock.set(windowStart - 3 * MINUTE);
    while (kit.clock.now() <= windowEnd + 3 * MINUTE) await step(MINUTE);

    const samples = await t.ctx.db.selectFrom('live_samples').selectAll().orderBy('ts').execute();
    const expected: number[] = [];
    for (let ms = pick.session.startMs; ms <= windowEnd; ms += MINUTE) expected.push(ms);
    expect(samples.map((s) => new Date(s.ts).getTime())).toEqual(expected);
    for (const s of samples) {
      expect(s.live_status).toBe(1);
      expect(s.creator_id).toBe(pick.id);
      expect(s.online).toBeGreaterThan(0);
    }
    const creator = await t.ctx.db
      .selectFrom('creators')
      .select('is_live')
      .where('id', '=', pick.id)
      .executeTakeFirstOrThrow();
    expect(creator.is_live).toBe(1);
    const jobs = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = 'monitor.live-sample' AND state = 'completed'`.execute(
      t.ctx.db,
    );
    // One job per minute of the window (the room offline the whole time never produced a row).
    expect(Number(jobs.rows[0]?.n)).toBe((windowEnd - windowStart) / MINUTE + 1);
  });
});
