/**
 * The collector against the simulator on a frozen clock: the same snapshots collected (a) without faults,
 * (b) through a share of −412 / −352 / 5xx / malformed answers, and (c) with the worker stopped in the middle
 * of the batch and started again, must leave identical rows — nothing lost, nothing duplicated — and the
 * faulty run must show the client's backoff.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { JOB_PRIORITY } from '../../jobs/names.js';

const SEED = 7;
const CREATORS = 16;

interface Run {
  t: TestApp;
  kit: PipelineKit;
}

const runs: Run[] = [];

async function open(options: Partial<Parameters<typeof startPipelineKit>[0]> = {}): Promise<Run> {
  const t = await createTestApp();
  const kit = await startPipelineKit({
    ctx: t.ctx,
    databaseUrl: t.databaseUrl,
    seed: SEED,
    scale: TEST_SCALE,
    ...options,
  });
  const run = { t, kit };
  runs.push(run);
  return run;
}

afterAll(async () => {
  for (const r of runs) {
    await r.kit.close().catch(() => undefined);
    await r.t.close();
  }
});

/** The creators of the batch: the first CREATORS by id (the same in every clone of the template). */
async function batch(t: TestApp): Promise<number[]> {
  const rows = await t.ctx.db.selectFrom('creators').select('id').orderBy('id').limit(CREATORS).execute();
  return rows.map((r) => Number(r.id));
}

async function enqueue(run: Run, ids: number[]): Promise<void> {
  const sent = await run.kit.pipeline.jobs.sendMany(
    'collect.creator-snapshot',
    ids.map((creatorId) => ({ data: { creatorId }, priority: JOB_PRIORITY.daily })),
  );
  expect(sent).toBe(ids.length);
}

/** Every row the snapshots write, without write times. */
async function state(t: TestApp, ids: number[]) {
  const db = t.ctx.db;
  const creators = await sql`
    SELECT c.mid, c.name, c.face, c.sign, c.level, c.sex, c.official_type, c.fans, c.following, c.likes, c.plays,
           c.video_count, s.last_collected_at, s.next_collect_at, s.cadence
    FROM creators c LEFT JOIN creator_schedule s ON s.creator_id = c.id
    WHERE c.id = ANY(${ids}::bigint[]) ORDER BY c.mid`.execute(db);
  const daily = await sql`
    SELECT c.mid, d.day, d.fans, d.following, d.likes, d.plays, d.video_count
    FROM creator_daily d JOIN creators c ON c.id = d.creator_id
    WHERE d.creator_id = ANY(${ids}::bigint[]) ORDER BY c.mid, d.day`.execute(db);
  const videos = await sql`
    SELECT aid, bvid, title, duration, pubdate, tid, status, play, likes, coin, favorite, share, reply, danmaku
    FROM videos WHERE creator_id = ANY(${ids}::bigint[]) ORDER BY aid`.execute(db);
  const videoDaily = await sql`
    SELECT v.aid, d.day, d.play, d.likes, d.coin, d.favorite, d.share, d.reply, d.danmaku
    FROM video_daily d JOIN videos v ON v.id = d.video_id
    WHERE v.creator_id = ANY(${ids}::bigint[]) ORDER BY v.aid, d.day`.execute(db);
  return { creators: creators.rows, daily: daily.rows, videos: videos.rows, videoDaily: videoDaily.rows };
}

let reference: Awaited<ReturnType<typeof state>>;
let ids: number[];

beforeAll(async () => {
  const run = await open();
  ids = await batch(run.t);
  await enqueue(run, ids);
  expect(await run.kit.pipeline.runPending()).toBe(ids.length);
  reference = await state(run.t, ids);
});

describe('creator snapshots against the simulator', () => {
  it('collects the batch: today’s creator_daily row, videos and the next slot of every creator', async () => {
    const today = runs[0]!.kit.today;
    expect(reference.creators).toHaveLength(CREATORS);
    for (const c of reference.creators as { last_collected_at: Date | null; next_collect_at: Date | null }[]) {
      expect(c.last_collected_at).not.toBeNull();
      expect(c.next_collect_at!.getTime()).toBeGreaterThan(c.last_collected_at!.getTime());
    }
    const daily = reference.daily as { mid: string; day: string; fans: string }[];
    const todays = daily.filter((d) => d.day === today);
    expect(todays).toHaveLength(CREATORS);
    // The simulated world moved on since the seeded history ended: most creators' fans changed.
    let changed = 0;
    for (const row of todays) {
      const before = daily.filter((d) => d.mid === row.mid && d.day < today).at(-1);
      expect(before).toBeDefined();
      if (before!.fans !== row.fans) changed += 1;
    }
    expect(changed).toBeGreaterThan(CREATORS / 2);
    const counts = await runs[0]!.t.ctx.db
      .selectFrom('job_status')
      .selectAll()
      .where('name', '=', 'collect.creator-snapshot')
      .executeTakeFirstOrThrow();
    expect(Number(counts.successes)).toBe(CREATORS);
  });

  it('loses and duplicates nothing through −412 / −352 / 5xx / malformed answers, with backoff', async () => {
    const run = await open({ faults: { p412: 0.1, p352: 0.1, p5xx: 0.08, pMalformed: 0.08 } });
    expect(await batch(run.t)).toEqual(ids);
    await enqueue(run, ids);
    await run.kit.pipeline.runPending();
    expect(await state(run.t, ids)).toEqual(reference);

    const { counters } = run.kit.client;
    expect(counters.retries).toBeGreaterThan(5);
    expect(counters.byKind.risk ?? 0).toBeGreaterThan(0);
    expect(counters.byKind.http_retry ?? 0).toBeGreaterThan(0);
    expect(counters.byKind.malformed ?? 0).toBeGreaterThan(0);
    const retries = run.kit.attempts.filter((a) => a.outcome === 'retry');
    expect(retries.length).toBe(counters.retries);
    for (const r of retries) expect(r.delayMs).toBeGreaterThanOrEqual(0);
    expect(retries.some((r) => (r.delayMs ?? 0) > 0)).toBe(true);
    // Backoff grows with the attempt: the largest delay after a second failure exceeds the first window.
    const laterDelays = retries.filter((r) => r.attempt >= 3).map((r) => r.delayMs ?? 0);
    if (laterDelays.length) expect(Math.max(...laterDelays)).toBeGreaterThan(2);
  });

  it('a worker stopped in the middle of the batch and started again ends in the same state', async () => {
    // A slow budget so that the batch takes a while: 4 requests per snapshot at 25 requests/s.
    const run = await open({ rps: 25 });
    await enqueue(run, ids);
    const first = run.kit.pipeline;
    await first.startWorkers();
    const deadline = Date.now() + 20_000;
    let done = 0;
    while (Date.now() < deadline) {
      const r = await run.t.ctx.db
        .selectFrom('creator_schedule')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('creator_id', 'in', ids.map(String))
        .where('last_collected_at', 'is not', null)
        .executeTakeFirstOrThrow();
      done = Number(r.n);
      if (done >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(done).toBeGreaterThanOrEqual(3);
    // Stopped without grace: the jobs in flight are failed and their requests aborted.
    await first.jobs.stop(1000, false);
    const midway = await run.t.ctx.db
      .selectFrom('creator_schedule')
      .select('creator_id')
      .where('creator_id', 'in', ids.map(String))
      .where('last_collected_at', 'is not', null)
      .execute();
    expect(midway.length).toBeLessThan(CREATORS);

    // "Start again": a new job system on the same database picks the interrupted and the waiting jobs up.
    const second = await startPipelineKit({
      ctx: run.t.ctx,
      databaseUrl: run.t.databaseUrl,
      seed: SEED,
      scale: TEST_SCALE,
    });
    second.clock.set(run.kit.clock.now());
    try {
      await second.pipeline.runPending();
      expect(await state(run.t, ids)).toEqual(reference);
      // Some jobs were taken away from the stopped worker and ran again.
      const retried = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pgboss.job WHERE name = 'collect.creator-snapshot' AND retry_count > 0`.execute(
        run.t.ctx.db,
      );
      expect(Number(retried.rows[0]?.n)).toBeGreaterThan(0);
      const states = await sql<{ state: string; n: string }>`
        SELECT state, count(*) AS n FROM pgboss.job WHERE name = 'collect.creator-snapshot' GROUP BY state`.execute(
        run.t.ctx.db,
      );
      expect(states.rows).toEqual([{ state: 'completed', n: String(CREATORS) }]);
    } finally {
      await second.close();
    }
  });
});
