// The plans of one ingest call (issue #3; not part of `npm test`). See bench/README.md.
//
// Builds the records of BENCH_INGEST_CREATORS (default 2,000) creators of the bench world as bench/ingest.mjs does
// (bench/ingest-records.mjs), then runs one PgIngestor.ingestCreators and one ingestVideos call with the first
// BENCH_EXPLAIN_N (default 2) batch statements — those starting `WITH i AS MATERIALIZED`: the counters-only and the
// full path's resolving statements — under EXPLAIN (ANALYZE, BUFFERS) and prints their plans. The statements run
// (the world moves a day); the ingestor sees an empty answer for an explained statement, so its records take the
// full path after it.
import pg from 'pg';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { createDb } = await import(dist('db/client.js'));
const { PgIngestor } = await import(dist('modules/ingestion/index.js'));
const { sampleRecords } = await import(new URL('ingest-records.mjs', import.meta.url).href);

import { benchDatabase } from './bench-db.mjs';

const env = process.env;
const { dbName, benchUrl } = benchDatabase(env, 'xg_bench_1m');
const say = (line) => process.stdout.write(`${line}\n`);
const explainN = Number(env.BENCH_EXPLAIN_N ?? 2);

const { db, pool } = createDb(benchUrl, 2);
const q = async (text, params = []) => (await pool.query(text, params)).rows;
const [{ d: lastDay }] = await q(`SELECT max(day)::text AS d FROM creator_daily`);
const day =
  env.BENCH_INGEST_DAY ?? new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const salt = Number(env.BENCH_INGEST_SALT ?? Date.now() % 1_000_000);
const { units, videoCount } = await sampleRecords(q, Number(env.BENCH_INGEST_CREATORS ?? 2000), salt);
say(`[explain] ${dbName}, day ${day}: ${units.length} creators, ${videoCount} videos`);

const query = pg.Client.prototype.query;
let explained = 0;
pg.Client.prototype.query = function (text, params, cb) {
  if (typeof text === 'string' && text.trimStart().startsWith('WITH i AS MATERIALIZED') && explained < explainN) {
    explained++;
    return query.call(this, `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params).then((r) => {
      say(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
      return { rows: [], rowCount: 0 };
    });
  }
  return query.call(this, text, params, cb);
};
const ingestor = new PgIngestor(db);
const t0 = performance.now();
await ingestor.ingestCreators(
  units.map((u) => u.creator),
  day,
);
const t1 = performance.now();
await ingestor.ingestVideos(
  units.flatMap((u) => u.videos),
  day,
);
say(`[explain] creators ${(t1 - t0).toFixed(0)} ms, videos ${(performance.now() - t1).toFixed(0)} ms (plans included)`);
await db.destroy();
