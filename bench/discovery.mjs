// Discovery HTTP load test (issue #6; not part of `npm test`). See bench/README.md.
//
// Against the bench world in the machine's PostgreSQL (the database of bench/search.mjs): migrates it,
// computes the derived data once when missing, signs in a 专业版 bench account, starts the built app and a
// bare-Fastify baseline (one indexed query) as separate processes, and loads each from this process with
// autocannon (32 connections): the baseline, creator search (1/2/3-character Chinese, UIDs, filters),
// rankings and creator detail. Prints req/s and p50/p95/p99 per scenario, and the ratio to the baseline.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import autocannon from 'autocannon';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
await import(dist('db/client.js'));
const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
const { backfillRollups } = await import(dist('modules/metrics/index.js'));
const { SessionRepository } = await import(dist('modules/session/session.repository.js'));
const { SessionService } = await import(dist('modules/session/session.service.js'));
const { signHeaders, encodeKeyword } = await import(new URL('packages/shared/dist/index.js', root).href);

import { benchDatabase } from './bench-db.mjs';

const env = process.env;
const { adminUrl, dbName, benchUrl } = benchDatabase(env, 'xg_bench');
const scale = Number(env.BENCH_SCALE ?? 20);
const seed = Number(env.BENCH_SEED ?? 20261121);
const duration = Number(env.BENCH_DURATION ?? 15);
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(',') : null;
const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// 1. The bench world, migrated, with derived data ----------------------------------------------------------
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
if (!exists) {
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
const hasRankings = (await pool.query(`SELECT 1 FROM rankings LIMIT 1`)).rowCount > 0;
if (!hasRankings) {
  say('[bench] computing derived data (fan events, metrics, rankings of the last day) …');
  await backfillRollups(db, 31, { rankingDays: 1, log: say });
  await pool.query('ANALYZE');
  say(`[bench] derived data ready (${elapsed()})`);
}

// 2. A 专业版 bench account and the inputs of each scenario --------------------------------------------------
const n = crypto.randomInt(10_000_000, 99_999_999);
const user = await pool.query(
  `INSERT INTO users (username, phone, password_hash, invite_code, user_type, maturity_time)
   VALUES ($1, $2, 'x', $3, 2, now() + interval '30 days') RETURNING id`,
  [`压测${n}`, `136${n}`, `B${n}`],
);
const token = await new SessionService(new SessionRepository(db)).open(user.rows[0].id, { ip: null, userAgent: null });

const pick = (arr) => arr[Math.floor(Math.random() * arr.length)];
// Keyword pools: every 1-character keyword of the names (a few hundred: they repeat in real traffic too), and
// BENCH_POOL (3,000) distinct 2-character grams, 3-character substrings and UIDs, so that most of those are
// searched once or twice in a run and the 30 s page cache of searchKol rarely answers them.
const pool1 = Number(env.BENCH_POOL1 ?? 5000);
const poolN = Number(env.BENCH_POOL ?? 3000);
const rows = async (text, params = []) => (await pool.query(text, params)).rows;
const common1 = ['小', '的', '老', '阿', '大'];
const random1 = (
  await rows(`SELECT g FROM (SELECT DISTINCT g FROM (SELECT unnest(name_grams) g FROM creators TABLESAMPLE SYSTEM (5)) s
  WHERE char_length(g) = 1 AND g ~ '^[\\u4e00-\\u9fff]$') x ORDER BY random() LIMIT ${pool1}`)
).map((r) => r.g);
const bigrams = (
  await rows(`SELECT g FROM (SELECT DISTINCT g FROM (SELECT unnest(name_grams) g FROM creators TABLESAMPLE SYSTEM (5)) s
  WHERE char_length(g) = 2 AND g ~ '^[\\u4e00-\\u9fff]+$') x ORDER BY random() LIMIT ${poolN}`)
).map((r) => r.g);
const names = await rows(
  `SELECT name, mid FROM creators TABLESAMPLE SYSTEM (10) WHERE char_length(name) >= 4 ORDER BY random() LIMIT ${poolN}`,
);
const trigrams = names.map((r) => Array.from(r.name).slice(1, 4).join(''));
const mids = names.map((r) => String(r.mid));
const kolIds = (await rows(`SELECT id FROM creators TABLESAMPLE SYSTEM (2) LIMIT 1000`)).map((r) => String(r.id));
const tops = (await rows(`SELECT tid FROM partitions WHERE parent_id IS NULL`)).map((r) => r.tid);
const latest = (await rows(`SELECT max(day) AS day FROM rankings WHERE kind = 'fans' AND period = 'day'`))[0].day;
await db.destroy();

// Each pool is split in two: the search warm-up (JIT, connections) draws from one half, the measured runs from
// the other, so the measured keywords are not in the app's caches when the measurement starts.
const halves = (arr) => [arr.filter((_, i) => i % 2 === 0), arr.filter((_, i) => i % 2 === 1)];
const pools = { random1: halves(random1), bigrams: halves(bigrams), trigrams: halves(trigrams), mids: halves(mids) };
let half = 0; // 0 while warming up, 1 while measuring

/** The query-string of a searchKol request of one kind, and the kinds of the mix (equal shares). */
const searchKinds = {
  '1-char top': () => ({ keyword: encodeKeyword(pick(common1)) }),
  '1-char': () => ({ keyword: encodeKeyword(pick(pools.random1[half])) }),
  '2-char': () => ({ keyword: encodeKeyword(pick(pools.bigrams[half])) }),
  '3-char': () => ({ keyword: encodeKeyword(pick(pools.trigrams[half])) }),
  UID: () => ({ keyword: pick(pools.mids[half]) }),
  filters: () => ({
    tid: pick(tops),
    fansMin: pick([1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000]),
    level: pick(['4,5,6', '5,6', '6', '3,4']),
    sort: pick(['fans', 'indexNum', 'plays']),
  }),
  'keyword+filter': () => ({
    keyword: encodeKeyword(pick(common1)),
    fansMin: pick([10_000, 100_000, 500_000, 1_000_000]),
    isApprove: pick(['1,2', '0', '1']),
  }),
};
const rankingQuery = () => ({
  kind: pick(['fans', 'increase', 'decrease', 'business']),
  period: pick(['day', 'week', 'month']),
  tid: pick([0, 0, 0, ...tops]),
  pageNo: pick([1, 1, 2, 3]),
});

// 3. Servers in their own processes -----------------------------------------------------------------------
async function startServer(mode) {
  // BENCH_SERVER_ARGS: extra node flags for the server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const nodeArgs = env.BENCH_SERVER_ARGS ? env.BENCH_SERVER_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, new URL('discovery-server.mjs', import.meta.url).pathname], {
    env: { ...process.env, BENCH_MODE: mode, BENCH_URL: benchUrl, BENCH_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = await once(child.stdout, 'data');
  const port = Number(/ready (\d+)/.exec(String(chunk))?.[1]);
  if (!port) throw new Error(`server ${mode} did not start: ${chunk}`);
  return { child, port };
}
async function stopServer(server) {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

/** One autocannon run; latencies of every response collected for exact percentiles; body codes checked. */
async function load(name, port, makeRequest) {
  const latencies = [];
  let bad = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => {
          const { path, query } = makeRequest();
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
          return { ...req, method: 'GET', path: qs ? `${path}?${qs}` : path, headers: signHeaders({ path, token }) };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith('{"code":200')) bad++;
        },
      },
    ],
    setupClient: (client) => client.on('response', (_status, _bytes, ms) => latencies.push(ms)),
  });
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  const line = {
    name,
    rps: result.requests.average,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    requests: latencies.length,
    errors: result.errors + result.non2xx + bad,
  };
  say(
    `[bench] ${name.padEnd(22)} ${line.rps.toFixed(0).padStart(6)} req/s  p50 ${line.p50.toFixed(1)}  p95 ${line.p95.toFixed(1)}  p99 ${line.p99.toFixed(1)} ms  (${line.requests} requests, ${line.errors} errors)`,
  );
  return line;
}

const scenarios = [];
const want = (name) => !only || only.some((o) => name.startsWith(o));

const base = await startServer('baseline');
if (want('baseline')) {
  await load('warm-up', base.port, () => ({ path: '/base/ranking', query: { day: latest } }));
  scenarios.push(
    await load('baseline (1 query)', base.port, () => ({
      path: '/base/ranking',
      query: { day: latest, kind: pick(['fans', 'increase', 'decrease', 'business']), offset: pick([0, 0, 20, 40]) },
    })),
  );
}
await stopServer(base);

const app = await startServer('app');
// searches are measured on the search index (apps/server/src/modules/creators/search-index.ts): wait for its
// first build (GET /api/health says how many creators it holds; null without the index)
{
  const waitStarted = Date.now();
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${app.port}/api/health`).then((r) => r.json());
    if (health.searchIndex === null || health.searchIndex.creators !== null) {
      say(
        `[bench] search index: ${health.searchIndex === null ? 'off' : `${health.searchIndex.creators} creators`} (waited ${Date.now() - waitStarted} ms)`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
await load('warm-up', app.port, () => ({ path: '/api/ranking', query: rankingQuery() }));
if (want('ranking'))
  scenarios.push(await load('ranking', app.port, () => ({ path: '/api/ranking', query: rankingQuery() })));
if (want('detail')) {
  scenarios.push(await load('kolDetail', app.port, () => ({ path: '/api/kolDetail', query: { kolId: pick(kolIds) } })));
}
if (want('search')) {
  const kinds = Object.keys(searchKinds);
  await load('warm-up (search)', app.port, () => ({ path: '/api/searchKol', query: searchKinds[pick(kinds)]() }));
  half = 1;
  scenarios.push(
    await load('searchKol (mix)', app.port, () => ({ path: '/api/searchKol', query: searchKinds[pick(kinds)]() })),
  );
  if (env.BENCH_SEARCH_KINDS === '1') {
    for (const kind of kinds) {
      scenarios.push(
        await load(`searchKol ${kind}`, app.port, () => ({ path: '/api/searchKol', query: searchKinds[kind]() })),
      );
    }
  }
}
await stopServer(app);

const baseline = scenarios.find((s) => s.name.startsWith('baseline'));
const ranking = scenarios.find((s) => s.name === 'ranking');
if (baseline && ranking)
  say(`[bench] ranking throughput = ${((ranking.rps / baseline.rps) * 100).toFixed(0)} % of the baseline`);
say(`[bench] done in ${elapsed()}`);
