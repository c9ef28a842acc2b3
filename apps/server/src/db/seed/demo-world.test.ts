import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { DEMO_WORLD_KEY, seedDemoWorld } from './demo-world.js';
import { addDays } from './world/days.js';
import { planWorld } from './world/generate.js';

/** The template database was seeded by the global setup (scale TEST_SCALE, seed 7); each file gets a clone. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const r = await sql<{ creators: string; videos: string; daily: string; partitions: string }>`
    SELECT (SELECT count(*) FROM creators) AS creators, (SELECT count(*) FROM videos) AS videos,
           (SELECT count(*) FROM creator_daily) AS daily, (SELECT count(*) FROM partitions) AS partitions`.execute(
    t.ctx.db,
  );
  const row = r.rows[0];
  return {
    creators: Number(row?.creators),
    videos: Number(row?.videos),
    daily: Number(row?.daily),
    partitions: Number(row?.partitions),
  };
}

describe('seedDemoWorld', () => {
  it('loaded the world of the test scale, with its marker', async () => {
    expect(await counts()).toMatchObject({ creators: 250, videos: 5000, daily: 250 * 90 });
    const marker = await t.ctx.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_WORLD_KEY)
      .executeTakeFirstOrThrow();
    expect(marker.value).toMatchObject({ seed: 7, scale: TEST_SCALE, creators: 250, videos: 5000 });
  });

  it('wrote what the generator plans (same seed → same creators)', async () => {
    const marker = await t.ctx.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_WORLD_KEY)
      .executeTakeFirstOrThrow();
    const historyEnd = (marker.value as { historyEnd: string }).historyEnd;
    const plan = planWorld({ seed: 7, scale: TEST_SCALE, today: addDays(historyEnd, 1) });
    const rows = await t.ctx.db
      .selectFrom('creators')
      .select(['id', 'mid', 'name', 'fans'])
      .orderBy('id')
      .limit(20)
      .execute();
    expect(rows.map((r) => ({ id: Number(r.id), mid: Number(r.mid), name: r.name, fans: Number(r.fans) }))).toEqual(
      plan.creators.slice(0, 20).map((c) => ({ id: c.id, mid: c.mid, name: c.name, fans: c.fans })),
    );
  });

  it('keeps the latest counters equal to the last history day and video_count to the videos', async () => {
    const bad = await sql<{ n: string }>`
      SELECT count(*) AS n FROM creators c
      JOIN creator_daily d ON d.creator_id = c.id AND d.day = (SELECT max(day) FROM creator_daily)
      WHERE c.fans <> d.fans OR c.plays <> d.plays OR c.likes <> d.likes OR c.video_count <> d.video_count
         OR c.video_count <> (SELECT count(*) FROM videos v WHERE v.creator_id = c.id AND v.status = 0)`.execute(
      t.ctx.db,
    );
    expect(Number(bad.rows[0]?.n)).toBe(0);
    const range = await sql<{ lo: string; hi: string; zero: string }>`
      SELECT min(index_num) AS lo, max(index_num) AS hi, count(*) FILTER (WHERE index_num = 0) AS zero FROM creators`.execute(
      t.ctx.db,
    );
    expect(Number(range.rows[0]?.lo)).toBeGreaterThan(0);
    expect(Number(range.rows[0]?.hi)).toBeLessThanOrEqual(100);
  });

  it('upserts the real partition tree', async () => {
    const rows = await t.ctx.db
      .selectFrom('partitions')
      .select(['tid', 'parent_id', 'name'])
      .where('tid', 'in', [4, 17, 36, 201])
      .orderBy('tid')
      .execute();
    expect(rows).toEqual([
      { tid: 4, parent_id: null, name: '游戏' },
      { tid: 17, parent_id: 4, name: '单机游戏' },
      { tid: 36, parent_id: null, name: '知识' },
      { tid: 201, parent_id: 36, name: '科学科普' },
    ]);
  });

  it('does not load twice', async () => {
    const before = await counts();
    const lines: string[] = [];
    const result = await seedDemoWorld(t.ctx.db, { scale: TEST_SCALE, seed: 7, log: (l) => lines.push(l) });
    expect(result).toMatchObject({ loaded: false, creators: 250, videos: 5000 });
    expect(result.ms).toBeLessThan(2000);
    expect(await counts()).toEqual(before);
    expect(lines.join('\n')).toContain('already loaded');
  });

  it('leaves existing creators alone when the marker is missing', async () => {
    await t.ctx.db.deleteFrom('app_meta').where('key', '=', DEMO_WORLD_KEY).execute();
    const before = await counts();
    const result = await seedDemoWorld(t.ctx.db, { scale: TEST_SCALE, seed: 7, log: () => undefined });
    expect(result.loaded).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
