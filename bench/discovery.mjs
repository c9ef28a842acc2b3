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
import fs from 'node:fs';
import os from 'node:os';
import {
  scale,
  connections,
  duration,
  env,
  say,
  elapsed,
  tokens,
  pick,
  skewed,
  fresh,
  searchPools,
  searchKinds,
  rankingKeys,
  detailKols,
  DETAIL_CALLS,
  HOT,
  latest,
  snapshotFile,
  startServer,
  stopServer,
  waitForSearchIndex,
  load,
} from './discovery-lib.mjs';

const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(',') : null;
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
  // the stack is the whole app: its start-up work (the search index) ends before the timed load, as for the roles
  await waitForSearchIndex(stack);
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
        // every key once: a key asked again within 60 s is the page cache's (the pool is the whole key space)
        { amount: Math.min(rankingKeys[0].length, Math.round(duration * 2000)) },
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
    const pool = detailKols[0].slice(HOT);
    const next = fresh(pool);
    scenarios.push(
      await load(`${tag} detail page uncached`, app.port, () => visit(next()), {
        calls,
        amount: Math.min(pool.length, Math.round(duration * 300)) * calls,
      }),
    );
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
// Issue #28 item 1's targets (uncached, at 1M): p95 and ≥ 50 % of the product stack's throughput, met or missed
const TARGETS = [
  ['ranking uncached', 30],
  ['detail page uncached', 50],
  ['search mix uncached', 30],
];
const targets = [];
for (const s of scenarios) {
  const target = TARGETS.find(([suffix]) => s.name.endsWith(suffix));
  if (!target) continue;
  const [, p95Max] = target;
  // the detail page: each of its calls
  const p95s = s.calls ? s.calls.map((c, i) => [DETAIL_CALLS[i](0).path.slice(5), c.p95]) : [['', s.p95]];
  const share = stack ? s.rps / stack.rps : null;
  for (const [call, p95] of p95s) {
    const line = {
      scenario: `${s.name}${call ? ` ${call}` : ''}`,
      p95,
      p95Max,
      share,
      met: p95 <= p95Max && (share === null || share >= 0.5),
    };
    targets.push(line);
    say(
      `[bench] target ${line.scenario.padEnd(42)} p95 ${p95.toFixed(1)} ms (≤ ${p95Max}: ${p95 <= p95Max ? 'met' : `missed by ${(p95 - p95Max).toFixed(1)}`}), ` +
        `${share === null ? 'no stack ceiling in this run' : `${(share * 100).toFixed(0)} % of the product stack (≥ 50 %: ${share >= 0.5 ? 'met' : 'missed'})`} → ${line.met ? 'MET' : 'MISSED'}`,
    );
  }
}
say(
  `[bench] load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
say(`[bench] summary ${JSON.stringify({ scale, accounts: tokens.length, connections, duration, scenarios, targets })}`);
say(`[bench] done in ${elapsed()}`);
