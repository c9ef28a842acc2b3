/**
 * The nightly rollup's faster plan (issue #28, item 2) writes the same rows as the plan before it, on the seeded
 * demo world: the video window filled on a second connection beside the day table, and the ranking lists ranked
 * over each list's candidate rows (value buckets) instead of sorting every listed creator once per list. The
 * reference is the plan before (`reference: true`: the day table in one statement, every list over the whole day
 * table); every output table of the day is compared row by row.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useDemoWorld, useTestApp } from '../../../test/harness.js';
import { PERIODS, buildRankingDays, dropTempTables, writeRankings } from './metrics.repository.js';
import { addDays, rollupDay, type RollupDayOptions } from './metrics.service.js';

const t = useTestApp();
const world = useDemoWorld(t);

/** Every table the rollup of `day` writes, in a fixed order (without the time they were computed). */
async function outputs(day: string) {
  const rows = async (q: ReturnType<typeof sql>) => (await q.execute(world.db)).rows;
  return {
    rankings: await rows(sql`SELECT * FROM rankings WHERE day = ${day}::date
                             ORDER BY kind, period, partition_tid, rank, creator_id, mcn_id`),
    fanEvents: await rows(sql`SELECT creator_id, day, kind, delta, baseline, fans, cause_video_id FROM fan_events
                              WHERE day = ${day}::date ORDER BY creator_id, kind`),
    mcnDaily: await rows(sql`SELECT * FROM mcn_daily WHERE day = ${day}::date ORDER BY mcn_id`),
    metrics: await rows(sql`SELECT to_jsonb(m) - 'computed_at' AS m FROM creator_metrics m ORDER BY creator_id`),
    creators: await rows(sql`SELECT id, index_num, partition_tid, plays, likes, video_count FROM creators ORDER BY id`),
    portraits: await rows(sql`SELECT to_jsonb(p) - 'computed_at' AS p FROM partition_portraits p ORDER BY tid`),
  };
}

describe('the nightly rollup: the same rows as the plan before issue #28', () => {
  it.each([
    ['the product’s list length', {}],
    ['short lists (more ties at the cut)', { listSize: 3 }],
    ['lists of 40', { listSize: 40 }],
  ] as [string, RollupDayOptions][])('%s', async (_name, options) => {
    await rollupDay(world.db, world.end, { ...options, reference: true });
    const before = await outputs(world.end);
    expect(before.rankings.length).toBeGreaterThan(0);
    expect(before.metrics.length).toBeGreaterThan(0);
    const summary = await rollupDay(world.db, world.end, options);
    // the video window came from the second connection (the plan under test, not a fallback)
    expect(summary.aside).toBe(true);
    const after = await outputs(world.end);
    expect(after.rankings).toEqual(before.rankings);
    expect(after.fanEvents).toEqual(before.fanEvents);
    expect(after.mcnDaily).toEqual(before.mcnDaily);
    expect(after.metrics).toEqual(before.metrics);
    expect(after.creators).toEqual(before.creators);
    expect(after.portraits).toEqual(before.portraits);
    // no table of the second connection is left behind
    const left = await sql<{ t: string | null }>`SELECT to_regclass('rollup_video_window')::text AS t`.execute(
      world.db,
    );
    expect(left.rows[0]?.t).toBeNull();
  });

  it('an older day (no current parts) and a day inside a caller’s transaction (one connection) too', async () => {
    const day = addDays(world.end, -3);
    await rollupDay(world.db, day, { reference: true });
    const before = await outputs(day);
    expect((await rollupDay(world.db, day)).aside).toBe(true);
    expect(await outputs(day)).toEqual(before);
    const inTrx = await world.db.transaction().execute((trx) => rollupDay(trx, day));
    expect(inTrx.aside).toBe(false);
    expect(await outputs(day)).toEqual(before);
  });

  it('the lists of a range of days (backfill): candidates per day equal every list over the whole day table', async () => {
    const from = addDays(world.end, -3);
    const to = addDays(world.end, -1);
    const lists = async (prefilter: boolean, listSize: number) =>
      world.db.transaction().execute(async (trx) => {
        await dropTempTables(trx);
        await buildRankingDays(trx, from, to);
        await writeRankings(trx, from, to, listSize, PERIODS, prefilter);
        await dropTempTables(trx);
        return (
          await sql`SELECT * FROM rankings WHERE day BETWEEN ${from}::date AND ${to}::date
                    ORDER BY day, kind, period, partition_tid, rank, creator_id, mcn_id`.execute(trx)
        ).rows;
      });
    for (const listSize of [5]) {
      const before = await lists(false, listSize);
      expect(before.length).toBeGreaterThan(0);
      expect(await lists(true, listSize)).toEqual(before);
    }
  });
});
