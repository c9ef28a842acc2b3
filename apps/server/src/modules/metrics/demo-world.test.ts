/**
 * The derived data of the seeded demo world (the test template loads it at a small scale, and the load
 * ends with backfillRollups): 云指数 identical to the seed's own computation, a portrait for every
 * creator from the partition priors, day rankings for the last 30 days, and the top-50 read on the key.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useDemoWorld, useTestApp } from '../../../test/harness.js';
import { sampledVideos } from '../../db/seed/world/comments.js';
import { refreshIndexNum } from '../../db/seed/world/index-num.js';
import { PORTRAIT_MIN_SAMPLE } from './metrics.repository.js';
import { runNightlyRollups } from './index.js';

const t = useTestApp();
const world = useDemoWorld(t);

describe('derived data of the demo world', () => {
  it('the rollup reproduces the seed’s 云指数 exactly', async () => {
    await refreshIndexNum(world.db, world.end);
    const seeded = await world.db.selectFrom('creators').select(['id', 'index_num']).orderBy('id').execute();
    await sql`UPDATE creators SET index_num = 0`.execute(world.db);
    await runNightlyRollups(world.db, world.end);
    const rolled = await world.db.selectFrom('creators').select(['id', 'index_num']).orderBy('id').execute();
    expect(rolled).toEqual(seeded);
    const m = await sql<{ diff: string; n: string }>`
      SELECT count(*) FILTER (WHERE m.index_num <> c.index_num) AS diff, count(*) AS n
      FROM creators c JOIN creator_metrics m ON m.creator_id = c.id`.execute(world.db);
    expect(m.rows[0]).toEqual({ diff: '0', n: String(seeded.length) });
  });

  it('every creator has figures and a portrait: its own from ≥ 30 sampled commenters, else the partition prior', async () => {
    const r = await sql<{ n: string; creators: string; honest: string; day: string }>`
      SELECT count(m.creator_id) AS n, count(*) AS creators,
             count(*) FILTER (WHERE (m.portrait_source = 'partition') = (m.portrait_sample < ${PORTRAIT_MIN_SAMPLE}))
               AS honest,
             min(m.day)::text AS day
      FROM creators c LEFT JOIN creator_metrics m ON m.creator_id = c.id`.execute(world.db);
    const row = r.rows[0];
    expect(row?.n).toBe(row?.creators);
    expect(row?.honest).toBe(row?.creators);
    expect(row?.day).toBe(world.end);
    // as readers show them: a partition-prior portrait is named by portrait_tid (the partition's), not copied
    const sample = await sql<{ gender_portrait: string; age_portrait: string; area_portrait: string }>`
      SELECT coalesce(m.gender_portrait, p.gender_portrait) AS gender_portrait,
             coalesce(m.age_portrait, p.age_portrait) AS age_portrait,
             coalesce(m.area_portrait, p.area_portrait) AS area_portrait
      FROM creator_metrics m JOIN creators c ON c.id = m.creator_id
      LEFT JOIN partition_portraits p ON p.tid = m.portrait_tid AND p.tid = coalesce(c.partition_tid, 0)
      ORDER BY m.creator_id LIMIT 20`.execute(world.db);
    for (const p of sample.rows) {
      for (const json of [p.gender_portrait, p.age_portrait, p.area_portrait]) {
        const entries = JSON.parse(json) as { 比例: number }[];
        expect(Math.round(entries.reduce((s, e) => s + e.比例, 0) * 10) / 10).toBe(100);
      }
    }
    const parts = await sql<{ missing: string }>`
      SELECT count(*) AS missing FROM (SELECT tid FROM partitions UNION SELECT 0) p
      WHERE NOT EXISTS (SELECT 1 FROM partition_portraits pp WHERE pp.tid = p.tid)`.execute(world.db);
    expect(parts.rows[0]?.missing).toBe('0');
  });

  it('the largest creators have the most sampled commenters: the top 5 have their own portrait (issue 23, item 18)', async () => {
    const r = await sql<{ fans: string; sample: number; source: string }>`
      SELECT c.fans, m.portrait_sample AS sample, m.portrait_source AS source
      FROM creators c JOIN creator_metrics m ON m.creator_id = c.id ORDER BY c.fans DESC, c.id`.execute(world.db);
    const rows = r.rows.map((x) => ({ fans: Number(x.fans), sample: x.sample, source: x.source }));
    for (const top of rows.slice(0, 5)) {
      expect(top.sample, `a creator of ${top.fans} fans`).toBeGreaterThanOrEqual(PORTRAIT_MIN_SAMPLE);
      expect(top.source).toBe('creator');
    }
    // the sample follows the fans: no creator has more sampled videos than a larger one (world/comments.ts)
    for (const x of rows) expect(sampledVideos(x.fans) > 0 || x.sample === 0, String(x.fans)).toBe(true);
    const mean = (xs: { sample: number }[]) => xs.reduce((s, x) => s + x.sample, 0) / Math.max(1, xs.length);
    const tenth = Math.ceil(rows.length / 10);
    expect(mean(rows.slice(0, tenth))).toBeGreaterThan(mean(rows.slice(tenth)));
    // the comments are the simulator's (the collector continues the sample, stopping at stored rpids)
    const c = await sql<{ n: string }>`SELECT count(*) AS n FROM comments`.execute(world.db);
    expect(Number(c.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('day rankings for the last 30 days, every period on the last day', async () => {
    const r = await sql<{ period: string; days: string; last: string }>`
      SELECT period, count(DISTINCT day) AS days, max(day)::text AS last FROM rankings GROUP BY period ORDER BY period`.execute(
      world.db,
    );
    expect(r.rows).toEqual([
      { period: 'day', days: '30', last: world.end },
      { period: 'month', days: '1', last: world.end },
      { period: 'week', days: '1', last: world.end },
    ]);
    const kinds = await sql<{
      kind: string;
    }>`SELECT DISTINCT kind FROM rankings WHERE day = ${world.end}::date ORDER BY kind`.execute(world.db);
    expect(kinds.rows.map((k) => k.kind)).toEqual(['business', 'company', 'decrease', 'fans', 'increase']);
    // the all-partition fans list is the creators by fans
    const top = await sql<{ creator_id: string }>`
      SELECT creator_id FROM rankings WHERE kind = 'fans' AND period = 'day' AND day = ${world.end}::date AND partition_tid = 0
      ORDER BY rank LIMIT 10`.execute(world.db);
    const expected = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans DESC, id LIMIT 10`.execute(
      world.db,
    );
    expect(top.rows.map((x) => x.creator_id)).toEqual(expected.rows.map((x) => x.id));
  });

  it('the backfilled day lists equal a single-day rollup of that day', async () => {
    const past = new Date(Date.parse(`${world.end}T00:00:00Z`) - 12 * 86_400_000).toISOString().slice(0, 10);
    const rows = async () =>
      (
        await sql`SELECT * FROM rankings WHERE day = ${past}::date AND period = 'day'
                  ORDER BY kind, partition_tid, rank`.execute(world.db)
      ).rows;
    const backfilled = await rows();
    expect(backfilled.length).toBeGreaterThan(100);
    await runNightlyRollups(world.db, past);
    expect(await rows()).toEqual(backfilled);
  });

  it('top 50 of a list is a range scan of the primary key, without a sort', async () => {
    await sql`ANALYZE rankings`.execute(world.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT * FROM rankings
      WHERE kind = 'increase' AND period = 'day' AND day = ${world.end}::date AND partition_tid = 0
      ORDER BY rank LIMIT 50`.execute(world.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using rankings_pkey/);
    expect(text).not.toMatch(/Sort/);
  });

  it('fan events over the 90 days name a video of the creator published in the week before', async () => {
    const r = await sql<{ events: string; bad: string; days: string }>`
      SELECT count(*) AS events,
             count(*) FILTER (WHERE v.id IS NOT NULL AND (v.creator_id <> e.creator_id
               OR v.pubdate < (e.day - 7)::timestamp AT TIME ZONE 'Asia/Shanghai'
               OR v.pubdate >= (e.day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')) AS bad,
             count(DISTINCT e.day) AS days
      FROM fan_events e LEFT JOIN videos v ON v.id = e.cause_video_id`.execute(world.db);
    expect(Number(r.rows[0]?.events)).toBeGreaterThan(0);
    expect(r.rows[0]?.bad).toBe('0');
    const mcn = await sql<{ days: string }>`SELECT count(DISTINCT day) AS days FROM mcn_daily`.execute(world.db);
    expect(mcn.rows[0]?.days).toBe('90');
  });
});
