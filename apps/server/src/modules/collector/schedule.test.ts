/**
 * The creators' scheduling state lives in creator_schedule (migration 0014): a creator without a row (inserted
 * by ingestion, the importer or the seeds) is scheduled like a daily creator never collected, and scheduling
 * or collecting a creator never writes its creators row (so snapshots of creators stay HOT updates).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { shanghaiDay } from '../../jobs/clock.js';
import { dayStartMs } from '../../db/seed/world/days.js';
import { SampleIngestor } from '../ingestion/samples.js';
import { PipelineRepository } from '../pipeline/pipeline.repository.js';
import {
  CLAIM_LEASE_MS,
  CollectorRepository,
  SCHEDULE_CURSOR_OVERLAP,
  SCHEDULE_SWEEP_MS,
} from './collector.repository.js';

let t: TestApp;
let repo: CollectorRepository;
let samples: SampleIngestor;

beforeAll(async () => {
  t = await createTestApp();
  repo = new CollectorRepository(t.ctx.db);
  samples = new SampleIngestor(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

// 21:00 in Shanghai: every daily slot of the day (00:00–20:00) has passed.
const today = shanghaiDay(Date.now());
const todayStart = new Date(dayStartMs(today));
const evening = new Date(todayStart.getTime() + 21 * 3600_000);

async function init(now: Date): Promise<number> {
  return repo.initNextCollect(now, today, todayStart);
}

/** A creator inserted the way ingestion and the seeds insert them: no schedule row. */
async function insertCreator(mid: number, id?: number): Promise<number> {
  const r =
    id === undefined
      ? await sql<{ id: string }>`
          INSERT INTO creators (mid, name) VALUES (${mid}, ${`新UP主${mid}`}) RETURNING id`.execute(t.ctx.db)
      : await sql<{ id: string }>`
          INSERT INTO creators (id, mid, name) VALUES (${id}, ${mid}, ${`新UP主${mid}`}) RETURNING id`.execute(
          t.ctx.db,
        );
  return Number(r.rows[0]?.id);
}

async function schedule(id: number) {
  return t.ctx.db.selectFrom('creator_schedule').selectAll().where('creator_id', '=', String(id)).executeTakeFirst();
}

async function creatorVersions(): Promise<Map<string, string>> {
  const r = await sql<{ id: string; v: string }>`
    SELECT id, xmin::text || '/' || ctid::text AS v FROM creators ORDER BY id`.execute(t.ctx.db);
  return new Map(r.rows.map((x) => [x.id, x.v]));
}

describe('creator_schedule', () => {
  it('a creator without a schedule row counts as daily and never collected, then gets a row and is claimed', async () => {
    const id = await insertCreator(9_000_000_001);
    expect(await schedule(id)).toBeUndefined();
    expect((await repo.creatorById(id))?.cadence).toBe('daily');
    const staleness = await new PipelineRepository(t.ctx.db).staleness(evening);
    const creators = await t.ctx.db
      .selectFrom('creators')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(staleness.reduce((n, s) => n + s.creators, 0)).toBe(Number(creators.n));
    const daily = staleness.find((s) => s.cadence === 'daily')!;
    expect(daily.neverCollected).toBeGreaterThanOrEqual(1);

    // The first tick gives every creator its row: no snapshot today, so today's slot (passed by now).
    expect(await init(evening)).toBe(Number(creators.n));
    const row = await schedule(id);
    expect(row).toMatchObject({ cadence: 'daily', last_collected_at: null, viewed_at: null });
    const slot = await sql<{ slot: Date }>`
      SELECT pipeline_next_slot(9000000001, 'daily', ${todayStart.toISOString()}::timestamptz - interval '1 second')
        AS slot`.execute(t.ctx.db);
    expect(row!.next_collect_at).toEqual(slot.rows[0]!.slot);
    expect(await init(evening)).toBe(0);

    const claimed = await repo.claimDue(evening, 100_000);
    expect(claimed).toContainEqual({ id, cadence: 'daily' });
    expect((await schedule(id))!.next_collect_at).toEqual(new Date(evening.getTime() + CLAIM_LEASE_MS));
    expect(await repo.claimDue(evening, 100_000)).toEqual([]);

    // A creator inserted later is found above the cursor by the next tick.
    const later = await insertCreator(9_000_000_002);
    expect(await init(evening)).toBe(1);
    expect((await repo.claimDue(evening, 100_000)).map((c) => c.id)).toEqual([later]);
  });

  it('a creator the cursor passed without a row is found by the next pass over all creators', async () => {
    const first = await t.ctx.db.selectFrom('creators').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    // A creator far above the others moves the cursor beyond the overlap it looks back.
    const top = await insertCreator(9_000_000_003, Number(first.id) + 10 * SCHEDULE_CURSOR_OVERLAP);
    const at = new Date(evening.getTime() + 60_000);
    expect(await init(at)).toBe(1);
    expect(await schedule(top)).toBeDefined();
    await t.ctx.db.deleteFrom('creator_schedule').where('creator_id', '=', first.id).execute();
    expect(await init(at)).toBe(0); // below the cursor
    expect(await init(new Date(at.getTime() + SCHEDULE_SWEEP_MS))).toBe(1);
    expect(await schedule(Number(first.id))).toMatchObject({ cadence: 'daily' });
  });

  it('collecting, claiming, cadence refresh and views write creator_schedule only, never the creators row', async () => {
    const settings = { ...t.ctx.config.pipeline, hotTopFans: 3, hotTopGrowth: 3, highTopIndex: 3 };
    const ids = (await t.ctx.db.selectFrom('creators').select('id').orderBy('id').limit(3).execute()).map((r) =>
      Number(r.id),
    );
    const [a, b, c] = ids as [number, number, number];
    const fresh = await insertCreator(9_000_000_004); // no schedule row yet
    const before = await creatorVersions();

    const at = new Date(evening.getTime() + 2 * 3600_000);
    const next = await samples.markCollected(a, at);
    const stored = await schedule(a);
    expect(stored?.last_collected_at).toEqual(at);
    expect(stored?.next_collect_at).toEqual(next);
    const slot = await sql<{ slot: Date }>`
      SELECT pipeline_next_slot(mid, 'daily', ${at.toISOString()}::timestamptz) AS slot FROM creators
      WHERE id = ${a}`.execute(t.ctx.db);
    expect(next).toEqual(slot.rows[0]!.slot);
    // A creator without a row gets one; an explicit cadence is kept.
    expect(await samples.markCollected(fresh, at, 'hot')).not.toBeNull();
    expect(await schedule(fresh)).toMatchObject({ cadence: 'hot', last_collected_at: at });
    expect(await samples.markCollected(999_999_999, at)).toBeNull(); // unknown creator: nothing written

    await repo.markViewed(b, at);
    expect(await schedule(b)).toMatchObject({ cadence: 'viewed', viewed_at: at });
    await repo.refreshCadence(new Date(at.getTime() + 2 * 3600_000), today, settings);
    await init(new Date(at.getTime() + 3 * 3600_000));
    await repo.claimDue(new Date(at.getTime() + 3 * 3600_000), 100_000);
    await samples.markCollected(c, new Date(at.getTime() + 3 * 3600_000));

    // No creators row has a new version (xmin) or moved (ctid).
    expect(await creatorVersions()).toEqual(before);
  });
});
