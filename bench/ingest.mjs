// Ingestion rate (issue #3; not part of `npm test`). See bench/README.md.
//
// Writes one day of snapshots into the bench world (default: the 1M world of bench/world-1m.mjs) through the app's
// real ingestion path — PgIngestor.ingestCreators / ingestVideos, the code the collector and the importer use — and
// reports snapshot rows (creator_daily + video_daily) written per second. The records are built from the stored rows
// of a random sample of creators and all their videos, with every counter moved forward as a day of collection
// would (fans, plays, likes … grow), so every record changes its creator / video and writes a daily row.
//
// Modes (BENCH_INGEST_MODE):
//   batch     — BENCH_INGEST_BATCH creators per call and then their videos, BENCH_INGEST_CONCURRENCY calls at once
//               (the importer's shape and a bulk collector's);
//   collector — one call per creator and one per its video page, BENCH_INGEST_CONCURRENCY workers (the shape of
//               `collect.creator-snapshot` jobs, 4 per worker by default).
// The world moves forward: the day written (default the day after the newest stored snapshot) gets these snapshots.
// Running it again for the same day rewrites those daily rows with further-moved counters.

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { createDb } = await import(dist('db/client.js'));
const { PgIngestor } = await import(dist('modules/ingestion/index.js'));
const { Kysely, PostgresDialect } = await import('kysely');

import { benchDatabase } from './bench-db.mjs';

const env = process.env;
const { dbName, benchUrl } = benchDatabase(env, 'xg_bench_1m');
const creatorsN = Number(env.BENCH_INGEST_CREATORS ?? 100_000);
const batch = Number(env.BENCH_INGEST_BATCH ?? 2000);
const concurrency = Number(env.BENCH_INGEST_CONCURRENCY ?? 2);
const mode = env.BENCH_INGEST_MODE ?? 'batch';
if (!['batch', 'collector'].includes(mode)) throw new Error(`BENCH_INGEST_MODE must be batch or collector`);
const say = (line) => process.stdout.write(`${line}\n`);

// BENCH_PROFILE=1: the time of each statement as the driver sees it (client, network and server), summed per statement.
const profile = env.BENCH_PROFILE === '1' ? new Map() : null;
const { pool } = createDb(benchUrl, concurrency + 1);
const db = new Kysely({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    if (!profile || e.level !== 'query') return;
    const key = e.query.sql.replace(/\s+/g, ' ').trim().slice(0, 80);
    const p = profile.get(key) ?? { n: 0, ms: 0 };
    p.n++;
    p.ms += e.queryDurationMillis;
    profile.set(key, p);
  },
});
const ingestor = new PgIngestor(db);
const q = async (text, params = []) => (await pool.query(text, params)).rows;

const lastDay = (await q(`SELECT max(day)::text AS d FROM creator_daily`))[0].d;
const dayAfter = (d) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
// The next day after the newest stored snapshot: the collector's case (the current columns move forward).
const day = env.BENCH_INGEST_DAY ?? dayAfter(lastDay);
const salt = Number(env.BENCH_INGEST_SALT ?? Date.now() % 1_000_000); // the sample: a fixed salt takes the same creators

// 1. The records: a random sample of creators and every video of theirs, counters moved forward ------------------
const prepStarted = Date.now();
const { sampleRecords } = await import(new URL('ingest-records.mjs', import.meta.url).href);
const { units, videoCount } = await sampleRecords(q, creatorsN, salt);
say(
  `[ingest] ${dbName}, day ${day}: ${units.length} creators, ${videoCount} videos prepared in ${((Date.now() - prepStarted) / 1000).toFixed(1)} s; mode ${mode}, ${mode === 'batch' ? `${batch} creators per call, ` : ''}concurrency ${concurrency}`,
);

// 2. Ingest, timed ------------------------------------------------------------------------------------------------
const before = (
  await q(
    `SELECT (SELECT count(*) FROM creator_daily WHERE day = $1) AS c, (SELECT count(*) FROM video_daily WHERE day = $1) AS v`,
    [day],
  )
)[0];
const calls = [];
if (mode === 'batch') {
  for (let i = 0; i < units.length; i += batch) {
    const part = units.slice(i, i + batch);
    calls.push(async () => {
      const c = await ingestor.ingestCreators(
        part.map((u) => u.creator),
        day,
      );
      const v = await ingestor.ingestVideos(
        part.flatMap((u) => u.videos),
        day,
      );
      return c.dailyWritten + v.dailyWritten;
    });
  }
} else {
  for (const u of units) {
    calls.push(async () => {
      const c = await ingestor.ingestCreators([u.creator], day);
      const v = u.videos.length ? await ingestor.ingestVideos(u.videos, day) : { dailyWritten: 0 };
      return c.dailyWritten + v.dailyWritten;
    });
  }
}
// WAL written and HOT updates (pg_stat_user_tables) during the timed part: what each snapshot row costs.
const statsOf = async () => {
  const [w] = await q(`SELECT pg_current_wal_lsn()::text AS lsn`);
  const t = await q(
    `SELECT relname, n_tup_upd::bigint AS upd, n_tup_hot_upd::bigint AS hot FROM pg_stat_user_tables
     WHERE relname IN ('creators', 'videos')`,
  );
  return { lsn: w.lsn, tables: Object.fromEntries(t.map((r) => [r.relname, r])) };
};
const statsBefore = await statsOf();
const latencies = [];
let written = 0;
let next = 0;
const load = (await q(`SELECT 1`)) && (await import('node:os')).loadavg();
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < calls.length) {
      const call = calls[next++];
      const s = performance.now();
      const rows = await call();
      written += rows;
      latencies.push(performance.now() - s);
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
await q(`SELECT pg_stat_force_next_flush()`).catch(() => undefined); // PostgreSQL ≥ 15: this session's counters now
await new Promise((r) => setTimeout(r, 1500)); // other sessions flush their table counters within a second
const statsAfter = await statsOf();
const [walRow] = await q(`SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::bigint AS bytes`, [
  statsAfter.lsn,
  statsBefore.lsn,
]);
const loadAfter = (await import('node:os')).loadavg();
const after = (
  await q(
    `SELECT (SELECT count(*) FROM creator_daily WHERE day = $1) AS c, (SELECT count(*) FROM video_daily WHERE day = $1) AS v`,
    [day],
  )
)[0];

// 3. Idempotence: the same records again write nothing -------------------------------------------------------------
const sample = units.slice(0, Math.min(units.length, 500));
const again =
  (
    await ingestor.ingestCreators(
      sample.map((u) => u.creator),
      day,
    )
  ).dailyWritten +
  (
    await ingestor.ingestVideos(
      sample.flatMap((u) => u.videos),
      day,
    )
  ).dailyWritten;

latencies.sort((x, y) => x - y);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
const records = units.length + videoCount;
say(
  `[ingest] ${written} snapshot rows written (creator_daily ${after.c - before.c} new, video_daily ${after.v - before.v} new; the rest rewritten) in ${seconds.toFixed(1)} s`,
);
say(
  `[ingest] ${Math.round(written / seconds)} snapshot rows/s, ${Math.round(records / seconds)} records/s (creators + videos)`,
);
const hotShare = (t) => {
  const a = statsAfter.tables[t];
  const b = statsBefore.tables[t];
  if (!a || !b) return 'n/a';
  const upd = Number(a.upd) - Number(b.upd);
  return `${upd} updates, ${upd ? ((100 * (Number(a.hot) - Number(b.hot))) / upd).toFixed(0) : 0} % HOT`;
};
say(
  `[ingest] WAL ${(Number(walRow.bytes) / 1048576).toFixed(0)} MB (${Math.round(Number(walRow.bytes) / Math.max(1, written))} bytes per snapshot row); creators ${hotShare('creators')}; videos ${hotShare('videos')}`,
);
say(`[ingest] per call: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms over ${latencies.length} calls`);
say(
  `[ingest] load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after`,
);
say(
  `[ingest] idempotence: the first ${sample.length} records again wrote ${again} rows${again === 0 ? ' (ok)' : ' (NOT idempotent)'}`,
);
if (profile) {
  for (const [sql, p] of [...profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    say(`[ingest] ${p.ms.toFixed(0).padStart(7)} ms ${String(p.n).padStart(5)}× ${sql}`);
}
await db.destroy();
if (again !== 0) process.exit(1);
