// Discovery HTTP load test (issues #6, #18; not part of `npm test`). See bench/README.md and docs/performance.md.
//
// Against the bench world in the machine's PostgreSQL (BENCH_DB, default xg_bench): migrates it, computes the
// derived data once when missing, opens BENCH_ACCOUNTS (1,000) signed-in 专业版 accounts (each request uses one
// at random), and loads separate server processes from this one with autocannon (BENCH_CONNECTIONS, 32):
//   - the ceiling twice: bare Fastify + one indexed query (physical), and the product's own stack (sign check,
//     session, envelope) + the same query (fair);
//   - per BENCH_ROLES (default "api,all": the API alone, and with the collector in the same process as the
//     default ROLE=all), logging at the product's default level (`info`): ranking, the creator detail page as
//     the browser loads it (its 7 calls, per-call figures) and the creator search mix, each **cached** (keys
//     drawn with a skew from a small hot set, warmed up) and **uncached** (every key used once, never warmed);
//   - search during the first BENCH_RESTART_SECONDS (60) after a restart: `restart` without a search index snapshot
//     (the index builds, SQL answers meanwhile), `restart-snapshot` with the snapshot the previous start wrote
//     (DATA_DIR/search-index.bin, issue #28 item 3; the server of each scenario uses a DATA_DIR of this run).
// Prints req/s and p50/p95/p99 per scenario, the ratios to both ceilings, and a JSON summary line.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

// 2. BENCH_ACCOUNTS signed-in 专业版 accounts and the inputs of each scenario -----------------------------------
const accounts = Number(env.BENCH_ACCOUNTS ?? 1000);
const runId = crypto.randomInt(10_000_000, 99_999_999);
const users = await pool.query(
  `INSERT INTO users (username, phone, password_hash, invite_code, user_type, maturity_time)
   SELECT '压测' || $1::text || '_' || i, '13' || lpad(($2::bigint * 1000 + i)::text, 9, '0'), 'x',
          'B' || $1::text || '_' || i, 2, now() + interval '30 days'
   FROM generate_series(1, $3::int) i
   RETURNING id`,
  [String(runId), runId % 100_000, accounts],
);
const sessions = new SessionService(new SessionRepository(db));
const tokens = [];
for (const row of users.rows) tokens.push(await sessions.open(row.id, { ip: null, userAgent: null }));
say(`[bench] ${tokens.length} signed-in accounts (${elapsed()})`);

const pick = (arr) => arr[Math.floor(Math.random() * arr.length)];
/** A skewed draw (a few keys get most requests, like real traffic): index = n · u³. */
const skewed = (arr) => arr[Math.floor(arr.length * Math.random() ** 3)];
/** Every key once, in a shuffled order (uncached); `wraps` counts how often a pool ran out. */
function fresh(arr) {
  const order = [...arr].sort(() => Math.random() - 0.5);
  let i = 0;
  const next = () => {
    if (i >= order.length) {
      next.wraps++;
      i = 0;
    }
    return order[i++];
  };
  next.wraps = 0;
  return next;
}

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
const latest = (await rows(`SELECT max(day) AS day FROM rankings WHERE kind = 'fans' AND period = 'day'`))[0].day;
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
const HOT = Number(env.BENCH_HOT_KEYS ?? 50);

/** Search keys of one kind: [warm-up, measured] halves of the pool. */
const searchPools = {
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
const searchKinds = Object.keys(searchPools);
const rankingKeys = halves(
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
const detailKols = halves(kolIds);

/** The calls the creator detail page makes when it opens (apps/web/src/features/creator), in that order. */
const DETAIL_CALLS = [
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
const benchDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-bench-data-'));
process.on('exit', () => fs.rmSync(benchDataDir, { recursive: true, force: true }));
const snapshotFile = path.join(benchDataDir, 'search-index.bin');

async function startServer(mode, extraEnv = {}) {
  // BENCH_SERVER_ARGS: extra node flags for the server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const nodeArgs = env.BENCH_SERVER_ARGS ? env.BENCH_SERVER_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, new URL('discovery-server.mjs', import.meta.url).pathname], {
    env: {
      ...process.env,
      DATA_DIR: benchDataDir,
      ...extraEnv,
      BENCH_MODE: mode,
      BENCH_URL: benchUrl,
      BENCH_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // the server logs at `info` on stdout (written and drained like a real log): find "ready <port>" in it. A
  // listener, not `for await … break`: breaking destroys the pipe, and the server's next log line died of EPIPE.
  let text = '';
  let port = 0;
  await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      if (port) return; // drained, like a real log
      text += String(chunk);
      const m = /^ready (\d+)$/m.exec(text);
      if (m) {
        port = Number(m[1]);
        resolve();
      }
      if (text.length > 1_000_000) text = text.slice(-10_000);
    });
    child.once('exit', resolve);
  });
  if (!port) throw new Error(`server ${mode} did not start: ${text.slice(-2000)}`);
  return { child, port, startedAt: Date.now() };
}
async function stopServer(server) {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}
async function waitForSearchIndex(server) {
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`).then((r) => r.json());
    if (health.searchIndex === null || health.searchIndex.creators !== null) {
      say(
        `[bench] search index: ${health.searchIndex === null ? 'off' : `${health.searchIndex.creators} creators`} (ready ${Date.now() - server.startedAt} ms after start)`,
      );
      return Date.now() - server.startedAt;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/**
 * One autocannon run. `makeRequests` gives the request sequence of one visit (a page's calls, or one call);
 * each connection repeats visits, each visit with one of the signed-in accounts. Latencies per call position.
 */
async function load(name, port, makeVisit, { seconds = duration, calls = 1 } = {}) {
  const latencies = [];
  const perCall = Array.from({ length: calls }, () => []);
  let bad = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: Array.from({ length: calls }, (_, i) => ({
      setupRequest: (req, context) => {
        if (i === 0) {
          context.visit = makeVisit();
          context.token = pick(tokens);
        }
        const { path, query } = context.visit[i];
        const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
        return {
          ...req,
          method: 'GET',
          path: qs ? `${path}?${qs}` : path,
          headers: signHeaders({ path, token: context.token }),
        };
      },
      onResponse: (status, body) => {
        if (status !== 200 || !body.startsWith('{"code":200')) bad++;
      },
    })),
    setupClient: (client) => {
      let n = 0;
      client.on('response', (_status, _bytes, ms) => {
        latencies.push(ms);
        perCall[n % calls].push(ms);
        n++;
      });
    },
  });
  latencies.sort((a, b) => a - b);
  const line = {
    name,
    rps: result.requests.average,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    requests: latencies.length,
    errors: result.errors + result.non2xx + bad,
  };
  if (calls > 1) {
    line.calls = perCall.map((l) => {
      l.sort((a, b) => a - b);
      return { p50: quantile(l, 0.5), p95: quantile(l, 0.95) };
    });
  }
  say(
    `[bench] ${name.padEnd(34)} ${line.rps.toFixed(0).padStart(6)} req/s  p50 ${line.p50.toFixed(1)}  p95 ${line.p95.toFixed(1)}  p99 ${line.p99.toFixed(1)} ms  (${line.requests} requests, ${line.errors} errors)`,
  );
  if (line.calls)
    say(
      `[bench]   per call p95: ${line.calls.map((c, i) => `${DETAIL_CALLS[i](0).path.slice(5)} ${c.p95.toFixed(1)}`).join(', ')} ms`,
    );
  return line;
}

const scenarios = [];
const want = (name) => !only || only.some((o) => name.startsWith(o));
const one = (request) => () => [request()];
const ceilingQuery = () => ({
  path: '/base/ranking',
  query: { day: latest, kind: pick(['fans', 'increase', 'decrease', 'business']), offset: pick([0, 0, 20, 40]) },
});

// The ceilings: bare Fastify, then the product's stack around the same query.
if (want('ceiling')) {
  const base = await startServer('baseline');
  await load('warm-up', base.port, one(ceilingQuery), { seconds: 3 });
  scenarios.push(await load('ceiling: bare Fastify + 1 query', base.port, one(ceilingQuery)));
  await stopServer(base);
  const stack = await startServer('stack', { BENCH_ROLE: 'api' });
  const stackQuery = () => ({ ...ceilingQuery(), path: '/api/benchCeiling' });
  await load('warm-up', stack.port, one(stackQuery), { seconds: 3 });
  scenarios.push(await load('ceiling: product stack + 1 query', stack.port, one(stackQuery)));
  await stopServer(stack);
}

// no server per role when BENCH_ONLY names none of its scenario groups (e.g. BENCH_ONLY=ceiling)
const roles = ['ranking', 'detail', 'search'].some(want) ? (env.BENCH_ROLES ?? 'api,all').split(',') : [];
for (const role of roles) {
  const tag = `ROLE=${role}`;
  const app = await startServer('app', { BENCH_ROLE: role });
  await waitForSearchIndex(app);
  if (want('ranking')) {
    const hot = rankingKeys[1].slice(0, HOT);
    await load(
      'warm-up',
      app.port,
      one(() => ({ path: '/api/ranking', query: skewed(hot) })),
      { seconds: 3 },
    );
    scenarios.push(
      await load(
        `${tag} ranking cached`,
        app.port,
        one(() => ({ path: '/api/ranking', query: skewed(hot) })),
      ),
    );
    const next = fresh(rankingKeys[0]);
    scenarios.push(
      await load(
        `${tag} ranking uncached`,
        app.port,
        one(() => ({ path: '/api/ranking', query: next() })),
      ),
    );
    if (next.wraps) say(`[bench]   (the ${rankingKeys[0].length} uncached ranking keys ran out ${next.wraps}×)`);
  }
  if (want('detail')) {
    const hot = detailKols[1].slice(0, HOT);
    const visit = (kolId) => DETAIL_CALLS.map((call) => call(kolId));
    const calls = DETAIL_CALLS.length;
    await load('warm-up', app.port, () => visit(skewed(hot)), { seconds: 3, calls });
    scenarios.push(await load(`${tag} detail page cached`, app.port, () => visit(skewed(hot)), { calls }));
    const next = fresh(detailKols[0].slice(HOT));
    scenarios.push(await load(`${tag} detail page uncached`, app.port, () => visit(next()), { calls }));
    if (next.wraps) say(`[bench]   (the uncached creators ran out ${next.wraps}×)`);
  }
  if (want('search')) {
    const hot = Object.fromEntries(searchKinds.map((k) => [k, searchPools[k][1].slice(0, Math.ceil(HOT / 6))]));
    const cached = () => ({ path: '/api/searchKol', query: skewed(hot[pick(searchKinds)]) });
    await load('warm-up', app.port, one(cached), { seconds: 3 });
    scenarios.push(await load(`${tag} search mix cached`, app.port, one(cached)));
    const nexts = Object.fromEntries(searchKinds.map((k) => [k, fresh(searchPools[k][0])]));
    scenarios.push(
      await load(
        `${tag} search mix uncached`,
        app.port,
        one(() => ({ path: '/api/searchKol', query: nexts[pick(searchKinds)]() })),
      ),
    );
  }
  await stopServer(app);
}

// Search in the first minute after a restart (ROLE=api): the requests start as soon as the server listens.
// `restart`: no snapshot file (the index builds; SQL answers until it is ready). `restart-snapshot`: a server
// builds the index and writes its snapshot, stops; the next start loads that file (issue #28 item 3).
const restartScenarios = [
  ['restart', 'no snapshot: index building', { SEARCH_INDEX_SNAPSHOT: 'false' }],
  ['restart-snapshot', 'snapshot file loaded', { SEARCH_INDEX_SNAPSHOT: 'true' }],
].filter(([name]) => want(name));
for (const [name, label, extra] of restartScenarios) {
  const seconds = Number(env.BENCH_RESTART_SECONDS ?? 60);
  if (name === 'restart-snapshot') {
    fs.rmSync(snapshotFile, { force: true });
    const first = await startServer('app', { BENCH_ROLE: 'api', ...extra });
    await waitForSearchIndex(first);
    while (!fs.existsSync(snapshotFile)) await new Promise((resolve) => setTimeout(resolve, 250));
    say(`[bench]   (snapshot written: ${(fs.statSync(snapshotFile).size / 1e6).toFixed(0)} MB)`);
    await stopServer(first);
  }
  const app = await startServer('app', { BENCH_ROLE: 'api', ...extra });
  const nexts = Object.fromEntries(searchKinds.map((k) => [k, fresh(searchPools[k][1].slice(Math.ceil(HOT / 6)))]));
  const indexReady = waitForSearchIndex(app);
  scenarios.push(
    await load(
      `search in the first ${seconds} s after a restart (${label})`,
      app.port,
      one(() => ({ path: '/api/searchKol', query: nexts[pick(searchKinds)]() })),
      { seconds },
    ),
  );
  const readyMs = await indexReady;
  say(`[bench]   (the search index was ready ${readyMs} ms after the start)`);
  await stopServer(app);
}

const find = (name) => scenarios.find((s) => s.name === name);
const bare = find('ceiling: bare Fastify + 1 query');
const stack = find('ceiling: product stack + 1 query');
for (const s of scenarios) {
  if (s.name.startsWith('ceiling') || !bare || !stack) continue;
  say(
    `[bench] ${s.name.padEnd(34)} ${((s.rps / bare.rps) * 100).toFixed(0).padStart(4)} % of bare, ${((s.rps / stack.rps) * 100).toFixed(0).padStart(4)} % of the product stack`,
  );
}
say(`[bench] summary ${JSON.stringify({ scale, accounts: tokens.length, connections, duration, scenarios })}`);
say(`[bench] done in ${elapsed()}`);
