import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../client.js';
import { backfillRollups } from '../../modules/metrics/index.js';
import { shanghaiToday } from './world/days.js';
import { planWorld } from './world/generate.js';
import { refreshIndexNum } from './world/index-num.js';
import { loadWorld, upsertMcns, upsertPartitions } from './world/load.js';

export interface DemoWorldResult {
  loaded: boolean;
  creators: number;
  videos: number;
  ms: number;
}

/** The app_meta row that records a loaded demo world. */
export const DEMO_WORLD_KEY = 'demo_world';
/** Serialises two processes starting on the same empty database. */
const LOAD_LOCK = 734_211_002;

export interface DemoWorldMarker {
  seed: number;
  scale: number;
  creators: number;
  videos: number;
  historyEnd: string;
  loadedAt: string;
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
  options: { scale: number; seed: number; log: (l: string) => void; today?: string },
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
    log(
      `[seed] loading demo world: ${plan.creators.length} creators, ${plan.videoCount} videos, ${plan.days.length} days up to ${historyEnd} (seed ${seed}, scale ${scale})`,
    );
    const mcnIds = await upsertMcns(trx, plan.mcnNames);
    let nextReport = 0.25;
    const done = await loadWorld(trx, plan, mcnIds, (p) => {
      const share = p.creators / plan.creators.length;
      if (share >= nextReport) {
        log(
          `[seed]   ${Math.round(share * 100)}%: ${p.creators} creators, ${p.videos} videos, ${p.daily} daily rows (${elapsed()} ms)`,
        );
        while (nextReport <= share) nextReport += 0.25;
      }
    });
    await refreshIndexNum(trx, historyEnd);
    await sql`ANALYZE creators`.execute(trx);
    await sql`ANALYZE videos`.execute(trx);
    await sql`ANALYZE creator_daily`.execute(trx);
    // Derived data (docs/metrics.md): fan events and MCN aggregates of the 90 days, day rankings of the
    // last 30, week/month rankings, metrics and portraits of the last day.
    await backfillRollups(trx, 90, { end: historyEnd, rankingDays: 30, rankingPeriods: ['day'], log });
    const value: DemoWorldMarker = {
      seed,
      scale,
      creators: done.creators,
      videos: done.videos,
      historyEnd,
      loadedAt: new Date().toISOString(),
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

const MarkerSchema = z.object({
  seed: z.number(),
  scale: z.number(),
  creators: z.number(),
  videos: z.number(),
  historyEnd: z.string(),
  loadedAt: z.string(),
});

function parseMarker(value: unknown): DemoWorldMarker | null {
  const parsed = MarkerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
