import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { DEMO_HISTORY_KEY, DEMO_WORLD_KEY, growDemoWorld, seedDemoWorld } from './demo-world.js';
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

  it('carries 31 days of daily history per visible video, ending at its counters (issue #13 item 6)', async () => {
    const r = await sql<{ videos: string; with_history: string; mismatched: string; before_pub: string }>`
      SELECT (SELECT count(*) FROM videos WHERE status = 0) AS videos,
             (SELECT count(DISTINCT video_id) FROM video_daily) AS with_history,
             (SELECT count(*) FROM videos v JOIN video_daily d ON d.video_id = v.id
                AND d.day = (SELECT max(day) FROM creator_daily)
              WHERE (d.play, d.likes, d.coin, d.favorite, d.share, d.reply, d.danmaku)
                    <> (v.play, v.likes, v.coin, v.favorite, v.share, v.reply, v.danmaku)) AS mismatched,
             (SELECT count(*) FROM videos v JOIN video_daily d ON d.video_id = v.id
              WHERE d.day < (v.pubdate AT TIME ZONE 'Asia/Shanghai')::date) AS before_pub`.execute(t.ctx.db);
    const row = r.rows[0];
    expect(Number(row?.with_history)).toBe(Number(row?.videos));
    expect(Number(row?.mismatched)).toBe(0);
    expect(Number(row?.before_pub)).toBe(0);
    const span = await sql<{ n: string }>`SELECT count(DISTINCT day) AS n FROM video_daily`.execute(t.ctx.db);
    expect(Number(span.rows[0]?.n)).toBe(31);
    // the second part was marked loaded, and a second call has nothing to do
    const marker = await t.ctx.db
      .selectFrom('app_meta')
      .select('key')
      .where('key', '=', DEMO_HISTORY_KEY)
      .executeTakeFirst();
    expect(marker).toBeDefined();
    expect(await growDemoWorld(t.ctx.db, () => undefined)).toBeNull();
  });

  it('rebuilt the indexes it dropped for the bulk load, and stored the videos’ tags', async () => {
    const r = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE tablename IN ('creators', 'videos')`.execute(t.ctx.db);
    const names = r.rows.map((x) => x.indexname);
    for (const name of [
      'creators_name_grams_idx',
      'creators_name_trgm_idx',
      'videos_title_trgm_idx',
      'videos_pubdate_idx',
    ])
      expect(names).toContain(name);
    const tagged = await sql<{ n: string }>`SELECT count(*) AS n FROM videos WHERE cardinality(tags) > 0`.execute(
      t.ctx.db,
    );
    expect(Number(tagged.rows[0]?.n)).toBeGreaterThan(1000);
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
