// The nightly rollup at 1M creators (issue #3; not part of `npm test`). See bench/README.md.
//
// Runs the nightly job's work — rollupDay(db, day) with the defaults, which is what runNightlyRollups(db, day)
// does — on the bench world (default: the 1M world of bench/world-1m.mjs) for BENCH_ROLLUP_DAY (default: the latest
// stored snapshot day, e.g. the day bench/ingest.mjs wrote), BENCH_ROLLUP_RUNS times, and prints the time of each
// step and the total against the target (60 s). A rollup replaces the day's derived rows, so it can run repeatedly.
import os from 'node:os';

const root = new URL('../', import.meta.url);
// BENCH_DIST: another build of the server (e.g. the code before a change, copied aside) to compare with
const dist = (p) => new URL(`${process.env.BENCH_DIST ?? 'apps/server/dist'}/${p}`, root).href;
const { createDb } = await import(dist('db/client.js'));
const { rollupDay } = await import(dist('modules/metrics/index.js'));
const { migrate } = await import(dist('db/migrate.js'));

import { benchDatabase } from './bench-db.mjs';

const env = process.env;
const { dbName, benchUrl } = benchDatabase(env, 'xg_bench_1m');
const runs = Number(env.BENCH_ROLLUP_RUNS ?? 1);
const say = (line) => process.stdout.write(`${line}\n`);

// the app's own migrations first: a world built before a migration gets it as a deployment would
await migrate(benchUrl);
const { db, pool } = createDb(benchUrl, 2);
// BENCH_EXPLAIN=<ms>: every statement of the rollup that runs at least that long prints its plan with actual times
// and buffers (auto_explain at the notice level, nested statements included; the timing adds some overhead).
if (env.BENCH_EXPLAIN) {
  const ms = Number(env.BENCH_EXPLAIN);
  pool.on('connect', (client) => {
    client.on('notice', (n) => process.stdout.write(`${n.message}\n`));
    client
      .query(
        `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${ms}; SET auto_explain.log_analyze = on;
         SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on;
         SET auto_explain.log_level = notice`,
      )
      .catch((err) => process.stderr.write(`[rollup] auto_explain: ${err.message}\n`));
  });
}
const facts = (
  await pool.query(
    `SELECT (SELECT max(day)::text FROM creator_daily) AS last, (SELECT count(*) FROM creators) AS creators,
            (SELECT count(*) FROM videos) AS videos, (SELECT reltuples::bigint FROM pg_class WHERE relname = 'creator_daily') AS daily`,
  )
).rows[0];
const day = env.BENCH_ROLLUP_DAY ?? facts.last;
// A nightly rollup follows a day on which every creator was collected. Creators without a snapshot on `day` (e.g.
// when bench/ingest.mjs wrote a sample only) get one carried forward from their last two days (the same daily
// change again), so the rollup sees a full day of new values — unless BENCH_ROLLUP_FILL=0.
if (env.BENCH_ROLLUP_FILL !== '0') {
  const s = Date.now();
  const r = await pool.query(
    `INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count, charging)
     SELECT p.creator_id, $1::date, greatest(1, p.fans + (p.fans - coalesce(q.fans, p.fans))), p.following,
            p.likes + greatest(0, p.likes - coalesce(q.likes, p.likes)), p.plays + greatest(0, p.plays - coalesce(q.plays, p.plays)),
            p.video_count, p.charging
     FROM creator_daily p
     LEFT JOIN creator_daily q ON q.creator_id = p.creator_id AND q.day = $1::date - 2
     WHERE p.day = $1::date - 1
     ON CONFLICT (creator_id, day) DO NOTHING`,
    [day],
  );
  if (r.rowCount)
    say(`[rollup] filled ${r.rowCount} missing snapshots of ${day} in ${((Date.now() - s) / 1000).toFixed(1)} s`);
}
// A day also brings new videos, and with them the creators whose partition the rollup derives again (migration
// 0030 marks them): as many as the world published per day over the 30 days before `day`, each for the creator
// and in the partition of a sampled existing video, published at noon of `day` — unless BENCH_ROLLUP_NEW_VIDEOS=0,
// or when `day` already has that many (a second run of the same day).
if (env.BENCH_ROLLUP_NEW_VIDEOS !== '0') {
  const s = Date.now();
  const r = await pool.query(
    `WITH per_day AS (
       SELECT (count(*) / 30)::int AS n FROM videos
       WHERE pubdate >= ($1::date - 30)::timestamp AT TIME ZONE 'Asia/Shanghai'
         AND pubdate < $1::date::timestamp AT TIME ZONE 'Asia/Shanghai'
     ), have AS (
       SELECT count(*)::int AS n FROM videos
       WHERE pubdate >= $1::date::timestamp AT TIME ZONE 'Asia/Shanghai'
         AND pubdate < ($1::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'
     ), base AS (SELECT max(aid) AS aid FROM videos), pick AS (
       SELECT v.creator_id, v.tid, v.duration, row_number() OVER () AS rn
       FROM videos v TABLESAMPLE SYSTEM (5) WHERE v.status = 0
       LIMIT greatest(0, (SELECT n FROM per_day) - (SELECT n FROM have))
     )
     INSERT INTO videos (aid, bvid, creator_id, title, pubdate, tid, duration, play, likes)
     SELECT base.aid + p.rn, 'BVday' || (base.aid + p.rn), p.creator_id, '当天新视频 ' || p.rn,
            ($1::date + time '12:00') AT TIME ZONE 'Asia/Shanghai', p.tid, p.duration, 100, 5
     FROM pick p, base`,
    [day],
  );
  const marks = (await pool.query('SELECT count(*)::int AS n FROM creator_partition_stale')).rows[0].n;
  say(
    `[rollup] ${r.rowCount} new videos published on ${day} in ${((Date.now() - s) / 1000).toFixed(1)} s; ` +
      `${marks} creators marked for the partition derivation`,
  );
}
say(
  `[rollup] ${dbName}: ${facts.creators} creators, ${facts.videos} videos, ~${facts.daily} creator_daily rows; day ${day}`,
);
for (let i = 1; i <= runs; i++) {
  const load = os.loadavg();
  const r = await rollupDay(db, day);
  const steps = Object.entries(r.steps)
    .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)}`)
    .join(', ');
  say(
    `[rollup] run ${i}: ${(r.ms / 1000).toFixed(1)} s (target ≤ 60 s: ${r.ms <= 60_000 ? 'met' : 'missed'}) — ${steps} s; ` +
      `${r.events} fan events, ${r.rankingRows} ranking rows, current parts ${r.current ? 'written' : 'skipped'}` +
      `${r.aside === undefined ? '' : `, video window ${r.aside ? 'on the second connection' : 'on the rollup’s connection'}`}; ` +
      `load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} after`,
  );
}
// BENCH_ROLLUP_DIGEST=1: an md5 of every table the rollup of the day wrote (rows in key order; the times they were
// computed left out), to compare two builds' output on the same world (issue #28: identical rows).
if (env.BENCH_ROLLUP_DIGEST === '1') {
  const digests = {
    rankings: `SELECT * FROM rankings WHERE day = $1::date ORDER BY kind, period, partition_tid, rank, creator_id, mcn_id`,
    fan_events: `SELECT creator_id, day, kind, delta, baseline, fans, cause_video_id FROM fan_events WHERE day = $1::date
                 ORDER BY creator_id, kind`,
    mcn_daily: `SELECT * FROM mcn_daily WHERE day = $1::date ORDER BY mcn_id`,
    creator_metrics: `SELECT to_jsonb(m) - 'computed_at' AS m FROM creator_metrics m WHERE $1::date IS NOT NULL ORDER BY creator_id`,
    creators: `SELECT id, index_num, partition_tid, plays, likes, video_count FROM creators WHERE $1::date IS NOT NULL ORDER BY id`,
    partition_portraits: `SELECT to_jsonb(p) - 'computed_at' AS p FROM partition_portraits p WHERE $1::date IS NOT NULL ORDER BY tid`,
  };
  for (const [table, q] of Object.entries(digests)) {
    const r = await pool.query(`SELECT md5(string_agg(t::text, '|')) AS md5, count(*) AS n FROM (${q}) t`, [day]);
    say(`[rollup] digest ${table}: ${r.rows[0].n} rows, md5 ${r.rows[0].md5}`);
  }
}
await db.destroy();
