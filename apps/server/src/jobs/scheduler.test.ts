/**
 * The scheduler role: leader election by advisory lock (two schedulers → one leader, failover when the
 * leader's connection dies), the work a tick queues (due snapshots by cadence, viewed creators, the live
 * flag, the nightly rollups) and that a second tick queues nothing twice.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TEST_SCALE } from '../../test/constants.js';
import { dayStartMs, addDays } from '../db/seed/world/days.js';
import { markViewed } from '../modules/collector/index.js';
import { liveState } from '../sim/world/live.js';
import { LeaderLock } from './leader.js';
import { loadNightlyRollups } from './rollup.js';
import { startPipelineKit, type PipelineKit } from './test-kit.js';

const LOCK = 990_001;
let t: TestApp;
let kit: PipelineKit;

beforeAll(async () => {
  t = await createTestApp();
  kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: 7, scale: TEST_SCALE, lockKey: LOCK });
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

const queued = async (name: string) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${name} AND state = 'created'`.execute(
        t.ctx.db,
      )
    ).rows[0]?.n,
  );

describe('leader election', () => {
  it('lets one of two schedulers lead, and the other take over when the leader goes', async () => {
    const a = new LeaderLock(t.databaseUrl, LOCK + 1);
    const b = new LeaderLock(t.databaseUrl, LOCK + 1);
    try {
      expect(await a.ensure()).toBe(true);
      expect(await b.ensure()).toBe(false);
      expect(await a.ensure()).toBe(true);
      await a.release();
      expect(await b.ensure()).toBe(true);
      expect(await a.ensure()).toBe(false);

      // The leader's connection dies (process killed, network): PostgreSQL drops the lock with it.
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted`,
        [LOCK + 1],
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await a.ensure()).toBe(true);
      expect(await b.ensure()).toBe(false);
    } finally {
      await a.release();
      await b.release();
    }
  });

  it('two schedulers on one database: only the leader ticks', async () => {
    const other = await startPipelineKit({
      ctx: t.ctx,
      databaseUrl: t.databaseUrl,
      seed: 7,
      scale: TEST_SCALE,
      lockKey: LOCK,
      attach: false,
    });
    try {
      other.clock.set(kit.clock.now());
      const first = await kit.pipeline.scheduler.tickOnce();
      const second = await other.pipeline.scheduler.tickOnce();
      expect(first).not.toBeNull();
      expect(second).toBeNull();
      expect(kit.pipeline.scheduler.isLeader).toBe(true);
      expect(other.pipeline.scheduler.isLeader).toBe(false);
      await kit.pipeline.scheduler.stop(); // gives the lock up
      expect(await other.pipeline.scheduler.tickOnce()).not.toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('what a tick queues', () => {
  it('snapshots of due creators once, the cadence refresh, and hot creators hourly', async () => {
    // The ticks of the test before queued the periodic jobs already; start the creators afresh.
    await t.ctx.db.updateTable('creator_schedule').set({ next_collect_at: null, cadence: 'daily' }).execute();
    await sql`DELETE FROM pgboss.job WHERE name = 'collect.creator-snapshot'`.execute(t.ctx.db);
    const first = await kit.pipeline.scheduler.tick();
    expect(first.errors).toEqual([]);
    // 10:00 in Shanghai, no snapshot today yet: the creators whose daily slot (00:00–20:00) has passed are due.
    const now = kit.clock.now();
    // Every creator has a slot (a creator without a schedule row has none, so it would count as due here).
    const creators = await t.ctx.db
      .selectFrom('creators as c')
      .leftJoin('creator_schedule as s', 's.creator_id', 'c.id')
      .select(['c.id', 's.next_collect_at'])
      .execute();
    const due = creators.filter((c) => new Date(c.next_collect_at!).getTime() <= now);
    expect(first.snapshots).toBeGreaterThan(creators.length * 0.3);
    expect(first.snapshots).toBeLessThan(creators.length * 0.7);
    expect(await queued('collect.creator-snapshot')).toBe(first.snapshots);
    expect(await queued('collect.refresh-cadence')).toBe(1);
    expect(await queued('collect.live-status')).toBe(1);
    expect(due.length).toBe(0); // claimed: their next collection moved a lease ahead
    const second = await kit.pipeline.scheduler.tick();
    expect(second.snapshots).toBe(0);
    expect(second.periodic).toEqual([]);

    await kit.pipeline.runPending({ names: ['collect.refresh-cadence'] });
    const hot = await t.ctx.db
      .selectFrom('creator_schedule')
      .select(['creator_id', 'next_collect_at'])
      .where('cadence', '=', 'hot')
      .execute();
    expect(hot.length).toBeGreaterThanOrEqual(kit.settings.hotTopFans);
    const top = await t.ctx.db
      .selectFrom('creators as c')
      .leftJoin('creator_schedule as s', 's.creator_id', 'c.id')
      .select(['s.cadence'])
      .orderBy('c.fans', 'desc')
      .executeTakeFirstOrThrow();
    expect(top.cadence).toBe('hot');
    for (const c of hot) expect(new Date(c.next_collect_at!).getTime()).toBeLessThanOrEqual(now + 3600_000);

    // A hot creator collected now is next due within the hour; a daily one tomorrow between 00:00 and 20:00.
    await kit.pipeline.runPending({ names: ['collect.creator-snapshot'], maxJobs: 24 });
    await sql`DELETE FROM pgboss.job WHERE name = 'collect.creator-snapshot' AND state = 'created'`.execute(t.ctx.db);
    const after = await t.ctx.db
      .selectFrom('creator_schedule')
      .select(['cadence', 'last_collected_at', 'next_collect_at'])
      .where('last_collected_at', 'is not', null)
      .execute();
    expect(after.length).toBeGreaterThan(0);
    const tomorrow = dayStartMs(addDays(kit.today, 1));
    for (const c of after) {
      const next = new Date(c.next_collect_at!).getTime();
      if (c.cadence === 'daily') {
        expect(next).toBeGreaterThanOrEqual(tomorrow);
        expect(next).toBeLessThan(tomorrow + 20 * 3600_000);
      } else {
        expect(next - new Date(c.last_collected_at!).getTime()).toBeLessThanOrEqual(3600_000);
      }
    }
  });

  it('a creator being viewed is collected at once', async () => {
    const c = await t.ctx.db
      .selectFrom('creator_schedule')
      .select(['creator_id as id'])
      .where('cadence', '=', 'daily')
      .where('last_collected_at', 'is not', null)
      .executeTakeFirstOrThrow();
    kit.clock.advance(20 * 60_000);
    await markViewed(t.ctx.db, Number(c.id), new Date(kit.clock.now()));
    const report = await kit.pipeline.scheduler.tick();
    expect(report.snapshots).toBeGreaterThanOrEqual(1);
    const job = await sql<{ priority: number }>`
      SELECT priority FROM pgboss.job WHERE name = 'collect.creator-snapshot' AND state = 'created'
        AND data->>'creatorId' = ${c.id}`.execute(t.ctx.db);
    expect(job.rows[0]?.priority).toBe(40);
    await kit.pipeline.runPending({ names: ['collect.creator-snapshot'] });
    const row = await t.ctx.db
      .selectFrom('creator_schedule')
      .select(['cadence', 'last_collected_at', 'next_collect_at'])
      .where('creator_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.cadence).toBe('viewed');
    expect(new Date(row.last_collected_at!).getTime()).toBe(kit.clock.now());
    expect(new Date(row.next_collect_at!).getTime() - kit.clock.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('the live flag of creators with a room follows the platform', async () => {
    await kit.pipeline.runPending({ names: ['collect.live-status'] });
    const world = kit.sim.world;
    const rooms = await t.ctx.db
      .selectFrom('creators')
      .select(['mid', 'is_live'])
      .where('live_room_id', 'is not', null)
      .execute();
    expect(rooms.length).toBeGreaterThan(0);
    const at = world.worldTime();
    for (const r of rooms) {
      const index = world.creatorIndexByMid(Number(r.mid));
      const state = index === undefined ? null : liveState(world, index, at);
      expect(r.is_live, r.mid).toBe(state?.liveStatus === 1 ? 1 : 0);
    }
  });

  it('queues the nightly rollups of the day before once, after 00:30 in Shanghai', async () => {
    const next = addDays(kit.today, 1);
    kit.clock.set(dayStartMs(next) + 10 * 60_000);
    expect((await kit.pipeline.scheduler.tick()).periodic).not.toContain('rollup.nightly');
    kit.clock.set(dayStartMs(next) + 40 * 60_000);
    expect((await kit.pipeline.scheduler.tick()).periodic).toContain('rollup.nightly');
    expect((await kit.pipeline.scheduler.tick()).periodic).not.toContain('rollup.nightly');
    await kit.pipeline.runPending({ names: ['rollup.nightly'] });
    const job = await sql<{ data: { day: string }; output: { skipped?: boolean; day: string }; state: string }>`
      SELECT data, output, state FROM pgboss.job WHERE name = 'rollup.nightly' AND data->>'day' = ${kit.today}`.execute(
      t.ctx.db,
    );
    expect(job.rows).toHaveLength(1);
    expect(job.rows[0]?.data.day).toBe(kit.today);
    expect(job.rows[0]?.state).toBe('completed');
    const available = (await loadNightlyRollups()) !== null;
    expect(job.rows[0]?.output.skipped ?? false).toBe(!available);
  });

  it("rebuilds the libraries' read models (0074, 0075): the video orders daily, the goods aggregates hourly", async () => {
    // written by earlier ticks of this file (never written at their first tick): run them
    await kit.pipeline.runPending({ names: ['library.refresh-video-tops', 'commerce.refresh-goods-stats'] });
    const runs = await sql<{ v: string; g: string }>`
      SELECT (SELECT count(*) FROM video_top_runs) AS v, (SELECT count(*) FROM goods_stats_runs) AS g`.execute(
      t.ctx.db,
    );
    expect(Number(runs.rows[0]?.v)).toBe(1);
    expect(Number(runs.rows[0]?.g)).toBe(1);
    expect(
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM video_top`.execute(t.ctx.db)).rows[0]?.n),
    ).toBeGreaterThan(0);
    kit.clock.advance(60 * 60_000);
    const hour = (await kit.pipeline.scheduler.tick()).periodic;
    expect(hour).toContain('commerce.refresh-goods-stats');
    expect(hour).not.toContain('library.refresh-video-tops');
    kit.clock.set(dayStartMs(addDays(kit.today, 3)) + 60_000);
    expect((await kit.pipeline.scheduler.tick()).periodic).toContain('library.refresh-video-tops');
    expect((await kit.pipeline.scheduler.tick()).periodic).not.toContain('library.refresh-video-tops');
  });
});
