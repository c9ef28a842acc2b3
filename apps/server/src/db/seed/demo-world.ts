import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../client.js';
import { backfillRollups, takeRollupLock } from '../../modules/metrics/index.js';
import { addDays, shanghaiToday } from './world/days.js';
import { HISTORY_DAYS, planWorld } from './world/generate.js';
import { loadCommentSample } from './world/comments.js';
import { refreshIndexNum } from './world/index-num.js';
import { loadVideoHistory, loadWorld, loadWorldRest, upsertMcns, upsertPartitions } from './world/load.js';

export interface DemoWorldResult {
  loaded: boolean;
  creators: number;
  videos: number;
  ms: number;
}

/** The app_meta row that records a loaded demo world. */
export const DEMO_WORLD_KEY = 'demo_world';
/** The app_meta row that records the demo world's second part (older videos' daily history) as loaded. */
export const DEMO_HISTORY_KEY = 'demo_world_video_history';
/** Days of day-ranking lists the demo world carries (the last one in the first load, the rest in growDemoWorld). */
const RANKING_HISTORY_DAYS = 30;
/** Days of day-ranking lists of a first world that is smaller than the plan (the ranking pages' date list). */
const FIRST_RANKING_DAYS = 7;
/**
 * Creators of the first world `npm start` loads before it listens (docs/performance.md "First start"); the rest
 * of the plan grows in behind the running server (growDemoWorld). 1,000 is the whole world up to scale 0.2.
 */
export const FIRST_WORLD_CREATORS = 1000;
/** Serialises two processes starting on the same empty database. */
const LOAD_LOCK = 734_211_002;

export interface DemoWorldMarker {
  seed: number;
  scale: number;
  creators: number;
  videos: number;
  historyEnd: string;
  loadedAt: string;
  /**
   * Creators of the plan in the first load when it was smaller than the plan (ids 1..firstCreators); the
   * rest are loaded by growDemoWorld, which then sets it to the plan's size. Absent: the whole plan.
   */
  firstCreators?: number;
}

/**
 * Loads the deterministic demo world (see world/generate.ts and docs/metrics.md) once per database.
 * Partitions are upserted on every call. The world itself is written in one transaction that ends by
 * recording `app_meta.demo_world`, so a crash part-way leaves no rows and no marker, and the next start
 * loads again; a database that has the marker returns `{ loaded: false }` at once. A database that
 * already holds creators without the marker (real collected data) is left alone.
 */
export async function seedDemoWorld(
  db: Db,
  options: {
    scale: number;
    seed: number;
    log: (l: string) => void;
    today?: string;
    /** load only the plan's first creators now (default: all); growDemoWorld loads the rest */
    firstCreators?: number;
  },
): Promise<DemoWorldResult> {
  const started = Date.now();
  const { scale, seed, log } = options;
  const elapsed = () => Date.now() - started;
  await upsertPartitions(db);

  const result = await db.transaction().execute(async (trx): Promise<DemoWorldResult> => {
    await sql`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`.execute(trx);
    const marker = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_WORLD_KEY)
      .executeTakeFirst();
    if (marker) {
      const value = parseMarker(marker.value);
      log(`[seed] demo world already loaded (seed ${value?.seed ?? '?'}, scale ${value?.scale ?? '?'}): skipped`);
      return { loaded: false, creators: value?.creators ?? 0, videos: value?.videos ?? 0, ms: elapsed() };
    }
    const existing = await trx.selectFrom('creators').select('id').limit(1).executeTakeFirst();
    if (existing) {
      log('[seed] creators exist without a demo-world marker: the demo world is not loaded over them');
      return { loaded: false, creators: 0, videos: 0, ms: elapsed() };
    }

    const plan = planWorld({ seed, scale, today: options.today ?? shanghaiToday() });
    const historyEnd = plan.days[plan.days.length - 1] ?? plan.today;
    const first = Math.min(plan.creators.length, Math.max(1, options.firstCreators ?? plan.creators.length));
    const partial = first < plan.creators.length;
    log(
      `[seed] loading demo world: ${plan.creators.length} creators, ${plan.videoCount} videos, ${plan.days.length} days up to ${historyEnd} (seed ${seed}, scale ${scale})` +
        (partial ? `; the first ${first} creators now, the rest in the background` : ''),
    );
    const mcnIds = await upsertMcns(trx, plan.mcnNames);
    // Secondary indexes are built once after the rows are in (a bulk build is several times faster than
    // maintaining the GIN and b-tree indexes row by row); the rows are invisible to others until the commit.
    const indexes = await dropSecondaryIndexes(trx, ['creators', 'videos']);
    let nextReport = 0.25;
    const done = await loadWorld(
      trx,
      plan,
      mcnIds,
      (p) => {
        const share = p.creators / first;
        if (share >= nextReport) {
          log(
            `[seed]   ${Math.round(share * 100)}%: ${p.creators} creators, ${p.videos} videos, ${p.daily} daily rows (${elapsed()} ms)`,
          );
          while (nextReport <= share) nextReport += 0.25;
        }
      },
      { creators: first },
    );
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
    for (const def of indexes) await sql.raw(def).execute(trx);
    log(`[seed]   ${indexes.length} indexes rebuilt (${elapsed()} ms)`);
    // the first comment sample, largest creators most (world/comments.ts), before the portraits are rolled up
    const comments = await loadCommentSample(trx, { seed, scale, today: plan.today, fromId: 1, toId: first });
    log(`[seed]   ${comments} sampled comments (${elapsed()} ms)`);
    // statistics before the 云指数 update: a new database has none (its tables were analysed empty), and without
    // them that update joined creator_daily by a sequential scan per creator (minutes at scale 1 on a busy machine)
    for (const table of ['creators', 'videos', 'creator_daily']) await sql`ANALYZE ${sql.id(table)}`.execute(trx);
    await refreshIndexNum(trx, historyEnd);
    await sql`ANALYZE creators`.execute(trx);
    await sql`ANALYZE videos`.execute(trx);
    await sql`ANALYZE creator_daily`.execute(trx);
    // Derived data (docs/metrics.md): fan events and MCN aggregates of the 90 days, the rankings (day, week,
    // month), metrics and portraits of the last day. The day rankings of the 29 days before follow in the
    // background (growDemoWorld); a first world smaller than the plan has those of the week before already (its
    // ranking pages list dates), as they cost little at its size.
    await backfillRollups(trx, HISTORY_DAYS, {
      end: historyEnd,
      rankingDays: partial ? FIRST_RANKING_DAYS : 1,
      rankingPeriods: ['day'],
      log,
    });
    const value: DemoWorldMarker = {
      seed,
      scale,
      creators: done.creators,
      videos: done.videos,
      historyEnd,
      loadedAt: new Date().toISOString(),
      ...(partial ? { firstCreators: first } : {}),
    };
    await trx
      .insertInto('app_meta')
      .values({ key: DEMO_WORLD_KEY, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }))
      .execute();
    return { loaded: true, creators: done.creators, videos: done.videos, ms: elapsed() };
  });
  if (result.loaded) {
    // The index_num UPDATE left a dead version of every creator row (and its GIN entries): reclaim them
    // and flush the GIN pending lists now, outside the transaction, rather than on the first searches.
    await sql`VACUUM (ANALYZE) creators`.execute(db);
    log(`[seed] demo world loaded in ${elapsed()} ms`);
  }
  return { ...result, ms: elapsed() };
}

/**
 * Drops the secondary indexes of `tables` (not those behind a primary-key or unique constraint) and answers
 * their definitions (pg_indexes.indexdef, read from the catalogue) to recreate them after a bulk load.
 */
async function dropSecondaryIndexes(trx: Db, tables: readonly string[]): Promise<string[]> {
  const r = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ANY(${[...tables]}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                      WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
    ORDER BY i.indexname`.execute(trx);
  for (const x of r.rows) await sql`DROP INDEX ${sql.id(x.name)}`.execute(trx);
  return r.rows.map((x) => x.def);
}

export interface DemoGrowthResult {
  rows: number;
  ms: number;
}

/**
 * The demo world's second part, loaded behind the running server (docs/performance.md "First start"): the
 * creators a smaller first world left out (with their videos and history) and then the derived data of the
 * whole world again, the day rankings of the 29 days before the last, and the daily history of the videos
 * published before the video-history window (≈ 2.5M rows at scale 1; the videos of the window got theirs with
 * their creators). Regenerated from the seed recorded in the marker, committed per round and idempotent (an
 * interrupted run resumes at the next start), and marked done in app_meta; null when there is nothing to do
 * (no demo world, or already done).
 */
export async function growDemoWorld(db: Db, log: (l: string) => void): Promise<DemoGrowthResult | null> {
  const started = Date.now();
  const rows = await db
    .selectFrom('app_meta')
    .select(['key', 'value'])
    .where('key', 'in', [DEMO_WORLD_KEY, DEMO_HISTORY_KEY])
    .execute();
  const world = parseMarker(rows.find((r) => r.key === DEMO_WORLD_KEY)?.value);
  if (!world || rows.some((r) => r.key === DEMO_HISTORY_KEY)) return null;
  const plan = planWorld({ seed: world.seed, scale: world.scale, today: addDays(world.historyEnd, 1) });
  const ms = () => Date.now() - started;
  const first = world.firstCreators ?? plan.creators.length;
  if (first < plan.creators.length) {
    log(
      `[seed] growing the demo world in the background: creators ${first + 1}–${plan.creators.length}, then derived data, day rankings of ${RANKING_HISTORY_DAYS} days, video history`,
    );
    let nextReport = 0.25;
    const rest = plan.creators.length - first;
    // each round in its own transaction, after a first load running elsewhere and apart from the rollups
    const round = (work: (trx: Db) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`.execute(trx);
        await takeRollupLock(trx);
        await work(trx);
      });
    const done = await loadWorldRest(db, plan, first, round, (p) => {
      const share = p.creators / rest;
      if (share >= nextReport) {
        log(`[seed]   ${p.creators} more creators, ${p.videos} videos, ${p.daily} daily rows (${ms()} ms)`);
        while (nextReport <= share) nextReport += 0.25;
      }
    });
    await round(async (trx) => {
      const n = await loadCommentSample(trx, {
        seed: world.seed,
        scale: world.scale,
        today: plan.today,
        fromId: first + 1,
        toId: plan.creators.length,
      });
      log(`[seed]   ${n} sampled comments of the added creators (${ms()} ms)`);
    });
    for (const table of ['creators', 'videos', 'creator_daily', 'video_daily'])
      await sql`ANALYZE ${sql.id(table)}`.execute(db);
    // the plan's rows now stored (an interrupted earlier run loaded some of them)
    const stored = await sql<{ creators: string; videos: string }>`
      SELECT (SELECT count(*) FROM creators WHERE id <= ${plan.creators.length}) AS creators,
             (SELECT count(*) FROM videos WHERE id <= ${plan.videoCount}) AS videos`.execute(db);
    const grown: DemoWorldMarker = {
      ...world,
      creators: Number(stored.rows[0]?.creators ?? world.creators),
      videos: Number(stored.rows[0]?.videos ?? world.videos),
      firstCreators: plan.creators.length,
    };
    await db
      .updateTable('app_meta')
      .set({ value: JSON.stringify(grown), updated_at: new Date() })
      .where('key', '=', DEMO_WORLD_KEY)
      .execute();
    log(`[seed]   creators loaded: ${done.creators} more (${ms()} ms)`);
  } else {
    log(
      `[seed] loading the rest of the demo world in the background: day rankings of ${RANKING_HISTORY_DAYS} days, video history`,
    );
  }
  // fan events and MCN figures (of the 90 days again when creators were added: they have their share in them),
  // the day rankings of the 29 days before the last, and every list, metric, portrait and 云指数 of the last day
  // The collector runs beside it: the rollup takes its table locks up front and its creator_metrics swap locks
  // creator_metrics only (no foreign key to creators, migration 0033), so a snapshot write waits for it rather than
  // deadlocking (tested with collector jobs running, demo-world-growth.test.ts). Should another writer still
  // deadlock a step (40P01), the steps are idempotent and run again.
  await againOnDeadlock(log, () =>
    backfillRollups(db, first < plan.creators.length ? HISTORY_DAYS : RANKING_HISTORY_DAYS, {
      end: world.historyEnd,
      rankingDays: RANKING_HISTORY_DAYS,
      rankingPeriods: ['day'],
      log,
    }),
  );
  if (first < plan.creators.length) await sql`VACUUM (ANALYZE) creators`.execute(db);
  let nextReport = 0.25;
  const written = await loadVideoHistory(db, plan, (creators, n) => {
    const share = creators / plan.creators.length;
    if (share >= nextReport) {
      log(`[seed]   video history ${Math.round(share * 100)}%: ${n} rows (${ms()} ms)`);
      while (nextReport <= share) nextReport += 0.25;
    }
  });
  await sql`ANALYZE video_daily`.execute(db);
  const value = { rows: written, loadedAt: new Date().toISOString() };
  await db
    .insertInto('app_meta')
    .values({ key: DEMO_HISTORY_KEY, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  log(`[seed] demo world complete: video history ${written} rows, ${ms()} ms in the background`);
  return { rows: written, ms: ms() };
}

const DEADLOCK_ATTEMPTS = 5;

async function againOnDeadlock<T>(log: (l: string) => void, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= DEADLOCK_ATTEMPTS) throw err;
      log(`[seed]   deadlock with another writer (attempt ${attempt} of ${DEADLOCK_ATTEMPTS}): running the step again`);
      await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
    }
  }
}

const MarkerSchema = z.object({
  seed: z.number(),
  scale: z.number(),
  creators: z.number(),
  videos: z.number(),
  historyEnd: z.string(),
  loadedAt: z.string(),
  firstCreators: z.number().optional(),
});

export function parseMarker(value: unknown): DemoWorldMarker | null {
  const parsed = MarkerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
