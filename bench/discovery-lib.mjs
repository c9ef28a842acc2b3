// The discovery bench's shared part (bench/discovery.mjs, bench/scale.mjs): on import, the bench world (BENCH_DB on
// BENCH_DATABASE_URL) migrated and derived, BENCH_ACCOUNTS signed-in accounts, the scenario keys; and the server
// processes (discovery-server.mjs) and the autocannon load. See bench/README.md and docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
await import(dist('db/client.js'));
const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
const { backfillRollups } = await import(dist('modules/metrics/index.js'));
const { encodeKeyword } = await import(new URL('packages/shared/dist/index.js', root).href);

import { benchDatabase, hugePagesLine, quantile, signedInAccounts } from './bench-db.mjs';
import {
  fresh,
  signedLoad,
  startBenchServer,
  stopBenchServer,
  waitForSearchIndex as waitForIndex,
} from './bench-load.mjs';

const env = process.env;
const { adminUrl, dbName, benchUrl } = benchDatabase(env, 'xg_bench');
export const scale = Number(env.BENCH_SCALE ?? 20);
const seed = Number(env.BENCH_SEED ?? 20261121);
export const duration = Number(env.BENCH_DURATION ?? 15);
export const connections = Number(env.BENCH_CONNECTIONS ?? 32);
export const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
export const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// 1. The bench world, migrated, with derived data ----------------------------------------------------------
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
if (!exists) {
  // a large world is made by bench/world-1m.mjs (and copied), never seeded here: a misspelt or not-yet-copied
  // BENCH_DB would otherwise start an hours-long seed, and take the name the copy was to get
  if (scale > 20) {
    await admin.end();
    throw new Error(`${dbName} does not exist: make it first (bench/world-1m.mjs), or use BENCH_SCALE ≤ 20`);
  }
  await admin.query(
    `CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
}
await admin.end();
const applied = await migrate(benchUrl);
if (applied.length) say(`[bench] migrated: ${applied.join(', ')} (${elapsed()})`);
const pool = new pg.Pool({ connectionString: benchUrl, max: 4 });
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
const world = await seedDemoWorld(db, { scale, seed, log: say });
say(`[bench] world: ${world.creators} creators, ${world.videos} videos`);
say(`[bench] database: ${await hugePagesLine(pool)}`);
const hasRankings = (await pool.query(`SELECT 1 FROM rankings LIMIT 1`)).rowCount > 0;
if (!hasRankings) {
  say('[bench] computing derived data (fan events, metrics, rankings of the last day) …');
  await backfillRollups(db, 31, { rankingDays: 1, log: say });
  await pool.query('ANALYZE');
  say(`[bench] derived data ready (${elapsed()})`);
}

// 2. BENCH_ACCOUNTS signed-in 专业版 accounts and the inputs of each scenario -----------------------------------
const accounts = Number(env.BENCH_ACCOUNTS ?? 1000);
export const tokens = await signedInAccounts(pool, db, {
  count: accounts,
  userType: 2,
  phonePrefix: '13',
  invitePrefix: 'B',
});
say(`[bench] ${tokens.length} signed-in accounts (${elapsed()})`);

export const pick = (arr) => arr[Math.floor(Math.random() * arr.length)];
/** A skewed draw (a few keys get most requests, like real traffic): index = n · u³. */
export const skewed = (arr) => arr[Math.floor(arr.length * Math.random() ** 3)];
const rows = async (text, params = []) => (await pool.query(text, params)).rows;
const poolN = Number(env.BENCH_POOL ?? 3000);
const common1 = ['小', '的', '老', '阿', '大'];
const random1 = (
  await rows(`SELECT g FROM (SELECT DISTINCT g FROM (SELECT unnest(name_grams) g FROM creators) s
  WHERE char_length(g) = 1 AND g ~ '^[\\u4e00-\\u9fff]$') x ORDER BY random() LIMIT ${poolN}`)
).map((r) => r.g);
const bigrams = (
  await rows(`SELECT g FROM (SELECT DISTINCT g FROM (SELECT unnest(name_grams) g FROM creators) s
  WHERE char_length(g) = 2 AND g ~ '^[\\u4e00-\\u9fff]+$') x ORDER BY random() LIMIT ${poolN}`)
).map((r) => r.g);
const names = await rows(
  `SELECT name, mid FROM creators WHERE char_length(name) >= 4 ORDER BY random() LIMIT ${poolN}`,
);
const trigrams = names.map((r) => Array.from(r.name).slice(1, 4).join(''));
const mids = names.map((r) => String(r.mid));
// creators from the whole world, biggest first (the skewed draws favour them, as users do)
const kolIds = (await rows(`SELECT id FROM creators ORDER BY fans DESC`)).map((r) => String(r.id));
const tops = (await rows(`SELECT tid FROM partitions WHERE parent_id IS NULL`)).map((r) => r.tid);
export const latest = (await rows(`SELECT max(day) AS day FROM rankings WHERE kind = 'fans' AND period = 'day'`))[0]
  .day;
const rankedRows = Number(
  (
    await rows(
      `SELECT count(*) AS n FROM rankings WHERE kind = 'fans' AND period = 'day'
  AND day = $1 AND partition_tid = 0`,
      [latest],
    )
  )[0].n,
);
await db.destroy();

/** Splits a pool in two: warm-ups draw from one half, measured runs from the other. */
const halves = (arr) => [arr.filter((_, i) => i % 2 === 0), arr.filter((_, i) => i % 2 === 1)];
export const HOT = Number(env.BENCH_HOT_KEYS ?? 50);

/** Search keys of one kind: [warm-up, measured] halves of the pool. */
export const searchPools = {
  '1-char': halves(random1.map((g) => ({ keyword: encodeKeyword(g) }))),
  '2-char': halves(bigrams.map((g) => ({ keyword: encodeKeyword(g) }))),
  '3-char': halves(trigrams.map((g) => ({ keyword: encodeKeyword(g) }))),
  UID: halves(mids.map((m) => ({ keyword: m }))),
  filters: halves(
    tops.flatMap((tid) =>
      [1_000, 10_000, 50_000, 100_000, 500_000].flatMap((fansMin) =>
        ['4,5,6', '5,6', '6', '3,4'].flatMap((level) =>
          ['fans', 'indexNum', 'plays'].map((sort) => ({ tid, fansMin, level, sort })),
        ),
      ),
    ),
  ),
  'keyword+filter': halves(
    common1.flatMap((k) =>
      [10_000, 100_000, 500_000, 1_000_000].flatMap((fansMin) =>
        ['1,2', '0', '1'].map((isApprove) => ({ keyword: encodeKeyword(k), fansMin, isApprove })),
      ),
    ),
  ),
};
export const searchKinds = Object.keys(searchPools);
export const rankingKeys = halves(
  ['fans', 'increase', 'decrease', 'business'].flatMap((kind) =>
    ['day', 'week', 'month'].flatMap((period) =>
      [0, ...tops].flatMap((tid) =>
        Array.from({ length: Math.max(1, Math.min(50, Math.ceil(rankedRows / 20))) }, (_, i) => ({
          kind,
          period,
          tid,
          pageNo: i + 1,
        })),
      ),
    ),
  ),
);
export const detailKols = halves(kolIds);

/** The calls the creator detail page makes when it opens (apps/web/src/features/creator), in that order. */
export const DETAIL_CALLS = [
  (kolId) => ({ path: '/api/kolDetail', query: { kolId } }),
  (kolId) => ({ path: '/api/kolTrend', query: { kolId, type: 1, dayNum: 30 } }),
  (kolId) => ({ path: '/api/kolFanEvents', query: { kolId, days: 90 } }),
  (kolId) => ({ path: '/api/kolVideos', query: { kolId, sort: 'pubdate', pageNo: 1, pageSize: 10 } }),
  (kolId) => ({ path: '/api/kolPortrait', query: { kolId } }),
  (kolId) => ({ path: '/api/kolCommercial', query: { kolId } }),
  (kolId) => ({ path: '/api/similarKol', query: { kolId } }),
];

// 3. Servers in their own processes -----------------------------------------------------------------------
// every server of this run keeps its files (the search index snapshot) here, never in the repository's data/
export const benchDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-bench-data-'));
process.on('exit', () => fs.rmSync(benchDataDir, { recursive: true, force: true }));
export const snapshotFile = path.join(benchDataDir, 'search-index.bin');

export function startServer(mode, extraEnv = {}) {
  return startBenchServer({ DATA_DIR: benchDataDir, ...extraEnv, BENCH_MODE: mode, BENCH_URL: benchUrl });
}
export const stopServer = stopBenchServer;
export const waitForSearchIndex = (server) => waitForIndex(server, say);

/**
 * One autocannon run. `makeRequests` gives the request sequence of one visit (a page's calls, or one call);
 * each connection repeats visits, each visit with one of the signed-in accounts. Latencies per call position.
 */
export async function load(name, port, makeVisit, { seconds = duration, calls = 1, amount } = {}) {
  const run = await signedLoad({ ports: port, connections, seconds, amount, tokens, makeVisit, calls });
  const line = {
    name,
    ...run.figures,
    // the machine's 1-minute load average at the end of the run (the machine may be shared)
    load: Number(os.loadavg()[0].toFixed(2)),
  };
  if (calls > 1) line.calls = run.perCall.map((l) => ({ p50: quantile(l, 0.5), p95: quantile(l, 0.95) }));
  say(
    `[bench] ${name.padEnd(34)} ${line.rps.toFixed(0).padStart(6)} req/s  p50 ${line.p50.toFixed(1)}  p95 ${line.p95.toFixed(1)}  p99 ${line.p99.toFixed(1)} ms  (${line.requests} requests, ${line.errors} errors, load ${line.load})`,
  );
  if (line.calls)
    say(
      `[bench]   per call p95: ${line.calls.map((c, i) => `${DETAIL_CALLS[i](0).path.slice(5)} ${c.p95.toFixed(1)}`).join(', ')} ms`,
    );
  return line;
}

export { benchUrl, env, fresh };
