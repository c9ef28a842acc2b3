// Throughput and p95 with 1 and 2 API processes against one database, without and with a streaming replica
// (issue #28 "Tests and benchmarks"; not part of `npm test`; docs/scaling.md "API processes and a replica").
//
// Layouts, each with fresh ROLE=api server processes (bench/discovery-server.mjs, logging at `info`):
//   1 API → primary · 2 API → primary · 1 API → primary + replica · 2 API → primary + replica
// and in each the discovery bench's three uncached loads (bench/discovery-lib.mjs: every key once, 1,000 signed-in
// accounts, BENCH_CONNECTIONS in all, split evenly between the processes as a round-robin balancer would):
// ranking, the creator detail page's 7 calls, the creator search mix. Before any timed load each server's start-up
// work is done (its search index built; the bench prints that it waited). The key pools are the same for every
// layout (new processes: their caches are empty; PostgreSQL's buffer cache is warm for all but the first).
//
// BENCH_REPLICA=1 (default): an embedded PostgreSQL primary (db/embedded.ts, the product's own settings for this
// machine) in a temporary directory holds the bench world (seeded at BENCH_SCALE), and a hot standby is made from
// it with db/embedded-replica.ts (the replica test's way: a real streaming replica from the same binaries);
// every layout runs against that primary. BENCH_REPLICA=0: the machine's server (BENCH_DATABASE_URL/BENCH_DB, e.g.
// the 1M world), the two layouts without a replica.
// Run: npm run build -w packages/shared && npm run build -w apps/server && BENCH_SCALE=4 node bench/scale.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const env = process.env;
const withReplica = (env.BENCH_REPLICA ?? '1') !== '0';
const out = (line) => process.stdout.write(`${line}\n`);
const loadAvg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

let primary = null;
let replica = null;
const dirs = [];
const tempDir = (prefix) => {
  const dir = fs.mkdtempSync(path.join(env.BENCH_TMP ?? os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the embedded server runs as its own OS user
  dirs.push(dir);
  return dir;
};
async function cleanUp() {
  await replica?.stop().catch(() => undefined);
  await primary?.stop().catch(() => undefined);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

if (withReplica) {
  const { startEmbeddedPostgres } = await import(dist('db/embedded.js'));
  const { embeddedBinaries } = await import(dist('db/embedded-replica.js'));
  if (!(await embeddedBinaries())) {
    out(
      '[scale] SKIPPED the replica layouts: the embedded PostgreSQL binaries are not installed (BENCH_REPLICA=0 runs the others)',
    );
    process.exit(1);
  }
  const primaryDir = tempDir('xg-scale-primary-');
  primary = await startEmbeddedPostgres(primaryDir, () => undefined, { tuning: 'machine' });
  out(`[scale] embedded primary on port ${primary.port}; its settings: ${JSON.stringify(primary.settings)}`);
  env.BENCH_DATABASE_URL = primary.url;
  primary.dir = path.join(primaryDir, 'pg');
}

// the world, accounts, keys, servers and load of the discovery bench (on import)
const lib = await import('./discovery-lib.mjs');
const { benchUrl, say, elapsed, fresh, pick, rankingKeys, detailKols, searchPools, searchKinds, DETAIL_CALLS, HOT } =
  lib;
const { startServer, stopServer, waitForSearchIndex, load, connections, duration } = lib;

let replicaUrl = null;
if (withReplica) {
  const { startEmbeddedReplica } = await import(dist('db/embedded-replica.js'));
  replica = await startEmbeddedReplica({
    primaryUrl: primary.url,
    primaryDir: primary.dir,
    dir: path.join(tempDir('xg-scale-standby-'), 'pg'),
  });
  const u = new URL(replica.url);
  u.pathname = new URL(benchUrl).pathname;
  replicaUrl = u.toString();
  // caught up: the standby sees as many accounts as the primary has now
  const count = async (url) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const n = (await c.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    await c.end();
    return n;
  };
  const want = await count(benchUrl);
  while ((await count(replicaUrl)) < want) await new Promise((resolve) => setTimeout(resolve, 500));
  say(`[scale] streaming replica on port ${replica.port} caught up (${elapsed()})`);
}

const layouts = [
  { name: '1 API → primary', processes: 1, replica: false },
  { name: '2 API → primary', processes: 2, replica: false },
  ...(withReplica
    ? [
        { name: '1 API → primary + replica', processes: 1, replica: true },
        { name: '2 API → primary + replica', processes: 2, replica: true },
      ]
    : []),
];

const one = (request) => () => [request()];
const results = [];
for (const layout of layouts) {
  say(`[scale] ${layout.name} (load ${loadAvg()})`);
  const extra = { BENCH_ROLE: 'api', SEARCH_INDEX_SNAPSHOT: 'false' };
  if (layout.replica) extra.DATABASE_REPLICA_URL = replicaUrl;
  const servers = [];
  for (let i = 0; i < layout.processes; i++) servers.push(await startServer('app', extra));
  for (const s of servers) await waitForSearchIndex(s); // prints that it waited
  const ports = servers.map((s) => s.port);
  const row = { layout: layout.name, loadBefore: loadAvg() };
  const ranking = fresh(rankingKeys[0]);
  row.ranking = await load(
    `${layout.name}: ranking uncached`,
    ports,
    one(() => ({ path: '/api/ranking', query: ranking() })),
  );
  const kols = fresh(detailKols[0].slice(HOT));
  row.detail = await load(
    `${layout.name}: detail page uncached`,
    ports,
    () => {
      const kolId = kols();
      return DETAIL_CALLS.map((call) => call(kolId));
    },
    { calls: DETAIL_CALLS.length },
  );
  const nexts = Object.fromEntries(searchKinds.map((k) => [k, fresh(searchPools[k][0])]));
  row.search = await load(
    `${layout.name}: search mix uncached`,
    ports,
    one(() => ({ path: '/api/searchKol', query: nexts[pick(searchKinds)]() })),
  );
  row.loadAfter = loadAvg();
  results.push(row);
  for (const s of servers) await stopServer(s);
}

out('');
out(
  `| layout (${connections} connections, ${duration} s each) | ranking req/s | p95 ms | detail page req/s | p95 ms | search mix req/s | p95 ms | load before → after |`,
);
out('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results)
  out(
    `| ${r.layout} | ${r.ranking.rps.toFixed(0)} | ${r.ranking.p95.toFixed(1)} | ${r.detail.rps.toFixed(0)} | ${r.detail.p95.toFixed(1)} | ${r.search.rps.toFixed(0)} | ${r.search.p95.toFixed(1)} | ${r.loadBefore} → ${r.loadAfter} |`,
  );
say(`[scale] summary ${JSON.stringify({ scale: lib.scale, connections, duration, withReplica, results })}`);
say(`[scale] done in ${elapsed()}`);
await cleanUp();
process.exit(0);
