/**
 * The first start's smaller world (issue #13 item 11, docs/performance.md "First start"): `npm start` loads the
 * plan's first creators before it listens and grows the rest in behind the running server. Grown, the world is
 * the one a whole load gives (the test template, same seed, scale and day), also when the growth was interrupted
 * part-way (a crash: the next start resumes it) and when the collector stored one of the missing creators first.
 * It finishes with the collector's snapshot jobs writing beside it (issue #23 item 11: it deadlocked and stopped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createEmptyTestApp, createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import type { Db } from '../client.js';
import { DEMO_HISTORY_KEY, DEMO_WORLD_KEY, growDemoWorld, parseMarker, seedDemoWorld } from './demo-world.js';
import { addDays } from './world/days.js';
import { planWorld } from './world/generate.js';
import { loadWorldRest } from './world/load.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';

let whole: TestApp;
let grown: TestApp;
let today = '';

beforeAll(async () => {
  whole = await createTestApp();
  grown = await createEmptyTestApp();
  const marker = await whole.ctx.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', DEMO_WORLD_KEY)
    .executeTakeFirstOrThrow();
  today = addDays(parseMarker(marker.value)?.historyEnd ?? '', 1);
}, 120_000);
afterAll(async () => {
  await whole.close();
  await grown.close();
});

const TIME_COLUMNS = sql`ARRAY['created_at', 'updated_at', 'read_at', 'computed_at', 'first_seen']`;

/** A digest of every row of each table that the world's load writes (time-of-load columns left out). */
async function digest(db: Db): Promise<Record<string, string>> {
  const tables = [
    'creators',
    'videos',
    'creator_daily',
    'video_daily',
    'video_materials',
    'rankings',
    'fan_events',
    'mcn_daily',
    'creator_metrics',
  ];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const r = await sql<{ n: string; h: string | null }>`
      SELECT count(*) AS n, md5(string_agg(x, '|' ORDER BY x)) AS h
      FROM (SELECT (to_jsonb(t) - ${TIME_COLUMNS}::text[])::text AS x FROM ${sql.table(table)} t) s`.execute(db);
    out[table] = `${r.rows[0]?.n} ${r.rows[0]?.h}`;
  }
  return out;
}

async function count(db: Db, table: string): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.n);
}

describe('a first world that grows in the background', () => {
  it('loads the first creators with every screen’s data, then grows to the whole world, resuming after a crash', async () => {
    const db = grown.ctx.db;
    const lines: string[] = [];
    const first = await seedDemoWorld(db, {
      scale: TEST_SCALE,
      seed: 7,
      today,
      firstCreators: 100,
      log: (l) => lines.push(l),
    });
    expect(first).toMatchObject({ loaded: true, creators: 100 });
    expect(await count(db, 'creators')).toBe(100);
    const marker = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_WORLD_KEY)
      .executeTakeFirstOrThrow();
    expect(parseMarker(marker.value)).toMatchObject({ firstCreators: 100, creators: 100 });
    // the first screens: ranking lists of a week of days (all periods on the last), creator history, video
    // history of the recent videos, metrics of every creator
    const days = await sql<{ period: string; n: string }>`
      SELECT period, count(DISTINCT day) AS n FROM rankings GROUP BY period ORDER BY period`.execute(db);
    expect(days.rows).toEqual([
      { period: 'day', n: '7' },
      { period: 'month', n: '1' },
      { period: 'week', n: '1' },
    ]);
    expect(await count(db, 'creator_daily')).toBe(100 * 90);
    expect(await count(db, 'video_daily')).toBeGreaterThan(0);
    expect(await count(db, 'creator_metrics')).toBe(100);
    // the ids of the rest of the plan are held back from anyone else's inserts
    const seq = await sql<{ c: string; v: string }>`
      SELECT (SELECT last_value FROM creators_id_seq) AS c, (SELECT last_value FROM videos_id_seq) AS v`.execute(db);
    const plan = planWorld({ seed: 7, scale: TEST_SCALE, today });
    expect(Number(seq.rows[0]?.c)).toBe(plan.creators.length);
    expect(Number(seq.rows[0]?.v)).toBe(plan.videoCount);

    // a crash in the growth: the first round commits, the second fails
    let rounds = 0;
    await expect(
      loadWorldRest(
        db,
        plan,
        100,
        async (work) => {
          rounds++;
          if (rounds === 2) throw new Error('crash');
          await db.transaction().execute(work);
        },
        undefined,
        50,
      ),
    ).rejects.toThrow('crash');
    expect(await count(db, 'creators')).toBe(150);

    // the next start resumes: the done round is skipped, the rest loads, the derived data covers everyone
    const result = await growDemoWorld(db, (l) => lines.push(l));
    expect(result?.rows).toBeGreaterThan(0);
    expect(await count(db, 'creators')).toBe(plan.creators.length);
    expect(await growDemoWorld(db, () => undefined)).toBeNull();
    const done = await db
      .selectFrom('app_meta')
      .select(['key', 'value'])
      .where('key', 'in', [DEMO_WORLD_KEY, DEMO_HISTORY_KEY])
      .orderBy('key')
      .execute();
    expect(done.map((r) => r.key)).toEqual([DEMO_WORLD_KEY, DEMO_HISTORY_KEY]);
    expect(parseMarker(done[0]?.value)).toMatchObject({
      firstCreators: plan.creators.length,
      creators: plan.creators.length,
      videos: plan.videoCount,
    });

    // the same world as a whole load of the same seed, scale and day
    expect(await digest(db)).toEqual(await digest(whole.ctx.db));
  }, 300_000);

  it('leaves out a missing creator the collector stored first, with its content', async () => {
    const t = await createEmptyTestApp();
    try {
      const db = t.ctx.db;
      const scale = 0.02;
      await seedDemoWorld(db, { scale, seed: 7, today, firstCreators: 50, log: () => undefined });
      const plan = planWorld({ seed: 7, scale, today });
      const taken = plan.creators[70];
      if (!taken) throw new Error('plan too small');
      // what the ingestor does for a collected UID: a new row with the next id
      await sql`INSERT INTO creators (mid, name, tracked_since) VALUES (${taken.mid}, '用户收录', now())`.execute(db);
      await growDemoWorld(db, () => undefined);
      const rows = await sql<{ id: string; name: string }>`
        SELECT id, name FROM creators WHERE mid = ${taken.mid}`.execute(db);
      expect(rows.rows).toEqual([{ id: String(plan.creators.length + 1), name: '用户收录' }]);
      expect(await count(db, 'creators')).toBe(plan.creators.length);
      const orphans = await sql<{ n: string }>`
        SELECT count(*) AS n FROM videos WHERE creator_id = ${taken.id}`.execute(db);
      expect(orphans.rows[0]?.n).toBe('0');
    } finally {
      await t.close();
    }
  }, 300_000);

  it('grows to the whole world while collector jobs write creators beside it: no deadlock, every creator rolled up', async () => {
    const t = await createEmptyTestApp();
    let kit: PipelineKit | null = null;
    try {
      const db = t.ctx.db;
      const scale = 0.02;
      await seedDemoWorld(db, { scale, seed: 7, today, firstCreators: 50, log: () => undefined });
      kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: 7, scale, lockKey: 734_299_123 });
      const pipeline = kit.pipeline;
      const lines: string[] = [];
      let growing = true;
      let snapshots = 0;
      // the collector: snapshot jobs of stored creators (card, stats, videos → creators, creator_daily, videos),
      // sent and run in rounds for as long as the growth runs
      const collector = (async () => {
        while (growing) {
          const ids = await sql<{ id: string }>`SELECT id FROM creators ORDER BY random() LIMIT 12`.execute(db);
          await pipeline.jobs.sendMany(
            'collect.creator-snapshot',
            ids.rows.map((r) => ({ data: { creatorId: Number(r.id) } })),
          );
          snapshots += await pipeline.runPending({ names: ['collect.creator-snapshot'] });
        }
      })();
      const started = Date.now();
      const grown = await growDemoWorld(db, (l) => lines.push(l)).finally(() => {
        growing = false;
      });
      await collector;
      const ms = Date.now() - started;
      expect(grown).not.toBeNull();
      expect(lines.filter((l) => /deadlock/i.test(l))).toEqual([]);
      expect(snapshots).toBeGreaterThan(0);
      // no snapshot job lost to a deadlock either
      const deadlocked = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pgboss.job WHERE output::text ILIKE '%deadlock%'`.execute(db);
      expect(deadlocked.rows[0]?.n).toBe('0');
      const plan = planWorld({ seed: 7, scale, today });
      expect(await count(db, 'creators')).toBe(plan.creators.length);
      // every creator has its metrics and 云指数 of the last day (the swap went through)
      const metrics = await sql<{ n: string; day: string | null }>`
        SELECT count(*) AS n, min(day)::text AS day FROM creator_metrics`.execute(db);
      expect(Number(metrics.rows[0]?.n)).toBe(plan.creators.length);
      expect(metrics.rows[0]?.day).toBe(addDays(today, -1));
      const done = await db.selectFrom('app_meta').select('key').where('key', '=', DEMO_HISTORY_KEY).execute();
      expect(done).toHaveLength(1);
      expect(ms).toBeLessThan(240_000);
    } finally {
      await kit?.close();
      await t.close();
    }
  }, 300_000);
});
