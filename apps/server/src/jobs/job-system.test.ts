/**
 * The job system on pg-boss 10 (the newest release that supports Node 20): the schema version it creates,
 * a newer schema left by pg-boss 12 is recreated, `sendMany` counts what it inserted and only raises waiting
 * priorities, and a worker runs a queue's concurrency as that many workers. A job left active by a lost worker
 * (killed, or its answer lost in an outage) no longer blocks its key until its expiry (issue #23 item 14).
 */
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { JobLeases } from './job-leases.js';
import { BOSS_SCHEMA_VERSION, JobSystem } from './job-system.js';

let t: TestApp;
let jobs: JobSystem;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await jobs?.stop(1000, false);
  await t.close();
});

const waiting = async (key: string) =>
  (
    await sql<{ priority: number; state: string }>`
      SELECT priority, state FROM pgboss.job WHERE name = 'collect.creator-snapshot' AND singleton_key = ${key}`.execute(
      t.ctx.db,
    )
  ).rows;

describe('job system (pg-boss 10)', () => {
  it('knows the schema version the installed pg-boss creates', () => {
    const require = createRequire(import.meta.url);
    expect((require('pg-boss/version.json') as { schema: number }).schema).toBe(BOSS_SCHEMA_VERSION);
  });

  it('recreates a pgboss schema left by a newer pg-boss, then creates every queue', async () => {
    await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(t.ctx.db);
    await sql`CREATE SCHEMA pgboss`.execute(t.ctx.db);
    await sql`CREATE TABLE pgboss.version (version int PRIMARY KEY, cron_on timestamptz)`.execute(t.ctx.db);
    await sql`INSERT INTO pgboss.version (version) VALUES (31)`.execute(t.ctx.db);
    jobs = new JobSystem({ databaseUrl: t.databaseUrl, db: t.ctx.db, retryDelaySeconds: 0, poolMax: 2 });
    await jobs.start();
    const v = await sql<{ version: number }>`SELECT version FROM pgboss.version`.execute(t.ctx.db);
    expect(Number(v.rows[0]?.version)).toBe(BOSS_SCHEMA_VERSION);
    const queues = await sql<{ name: string; policy: string }>`SELECT name, policy FROM pgboss.queue`.execute(t.ctx.db);
    expect(queues.rows.find((q) => q.name === 'collect.creator-snapshot')?.policy).toBe('stately');
  });

  it('sendMany answers the jobs it inserted and raises (never lowers) the priority of waiting ones', async () => {
    const item = (creatorId: number, priority: number) => ({ data: { creatorId }, priority });
    expect(await jobs.sendMany('collect.creator-snapshot', [item(9_000_001, 10), item(9_000_002, 30)])).toBe(2);
    // same keys again: nothing inserted; 9000001 raised from 10 to 40, 9000002 (30) not lowered to 20
    const again = await jobs.sendMany('collect.creator-snapshot', [item(9_000_001, 40), item(9_000_002, 20)], {
      raiseFrom: 20,
    });
    expect(again).toBe(0);
    expect(await waiting('creator:9000001')).toEqual([{ priority: 40, state: 'created' }]);
    expect(await waiting('creator:9000002')).toEqual([{ priority: 30, state: 'created' }]);
    // below raiseFrom: not raised
    await jobs.sendMany('collect.creator-snapshot', [item(9_000_002, 35)], { raiseFrom: 50 });
    expect(await waiting('creator:9000002')).toEqual([{ priority: 30, state: 'created' }]);
  });

  it('runs pending jobs with their retry count and records failures', async () => {
    const seen: { id: number; retry: number; aborted: boolean }[] = [];
    const ran = await jobs.runPending(
      {
        'collect.creator-snapshot': (data, ctx) => {
          seen.push({ id: data.creatorId, retry: ctx.retryCount, aborted: ctx.signal.aborted });
          if (data.creatorId === 9_000_002 && ctx.retryCount === 0)
            return Promise.reject(new Error('first attempt fails'));
          return Promise.resolve({ ok: true });
        },
      },
      { names: ['collect.creator-snapshot'], batchSize: 1 },
    );
    expect(ran).toBe(3);
    // higher priority first
    expect(seen[0]).toEqual({ id: 9_000_001, retry: 0, aborted: false });
    expect(seen.filter((s) => s.id === 9_000_002).map((s) => s.retry)).toEqual([0, 1]);
    const done = await sql<{ state: string; n: string }>`
      SELECT state, count(*) AS n FROM pgboss.job WHERE name = 'collect.creator-snapshot' GROUP BY state`.execute(
      t.ctx.db,
    );
    expect(done.rows).toEqual([{ state: 'completed', n: '2' }]);
  });

  it('fails a job left active without a heartbeat, so the next job of its key runs (issue #23 item 14)', async () => {
    const db = t.ctx.db;
    const snapshot = { 'collect.creator-snapshot': () => Promise.resolve({ ok: true }) };
    // a job fetched by a process that then died (kill -9): active, no lease
    await jobs.send('collect.creator-snapshot', { creatorId: 9_000_100 });
    const [orphan] = await jobs.boss.fetch('collect.creator-snapshot');
    expect(orphan).toBeTruthy();
    // a job of another, live process: active with a fresh lease
    await jobs.send('collect.creator-snapshot', { creatorId: 9_000_101 });
    const [alive] = await jobs.boss.fetch('collect.creator-snapshot');
    const other = new JobLeases(db, { info: () => undefined, warn: () => undefined, error: () => undefined });
    await other.hold('collect.creator-snapshot', alive?.id ?? '');
    // both started 60 s ago
    await sql`UPDATE pgboss.job SET started_on = now() - interval '60 seconds'
              WHERE id = ANY(${[orphan?.id, alive?.id]}::uuid[])`.execute(db);
    // the scheduler queues the orphan's creator again: its fetch fails on the stately unique index
    await jobs.send('collect.creator-snapshot', { creatorId: 9_000_100 });
    // (pg-boss answers no job, or throws 'duplicate key'): nothing of that queue runs
    expect(await jobs.runPending(snapshot, { names: ['collect.creator-snapshot'], batchSize: 1 }).catch(() => 0)).toBe(
      0,
    );

    expect(await jobs.sweepLost()).toBe(1);
    const state = async (id: string | undefined) =>
      (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(db)).rows[0]?.state;
    expect(await state(orphan?.id)).toBe('retry');
    expect(await state(alive?.id)).toBe('active');
    // the key runs again: the new job and the orphan's retry
    expect(await jobs.runPending(snapshot, { names: ['collect.creator-snapshot'], batchSize: 1 })).toBe(2);
    expect(await waiting('creator:9000100')).toEqual([
      { priority: 0, state: 'completed' },
      { priority: 0, state: 'completed' },
    ]);

    // the live process stops beating (killed): 40 s later its job is lost too
    await sql`UPDATE job_leases SET beat_at = now() - interval '60 seconds' WHERE job_id = ${alive?.id}::uuid`.execute(
      db,
    );
    expect(await jobs.sweepLost()).toBe(1);
    expect(await state(alive?.id)).toBe('retry');
  });
});
