// Creator-search benchmark (not part of `npm test`). See bench/README.md.
//
// Migrates and seeds a separate database with the built server code, then times the search repository
// (the same SQL /api/searchKol runs: the page query and the count, in parallel) for 1-, 2-, 3- and
// 5-character Chinese substrings, UIDs and misses, and prints p50/p95/p99 per query kind.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
await import(dist('db/client.js')); // installs the date type parser used by the app
const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
const { CreatorRepository } = await import(dist('modules/creators/creators.repository.js'));
const { creatorMatchFor } = await import(dist('modules/creators/creators.service.js'));

import { benchDatabase, capturingDb } from './bench-db.mjs';

const env = process.env;
const { adminUrl, dbName, benchUrl } = benchDatabase(env, 'xg_bench');
const scale = Number(env.BENCH_SCALE ?? 20);
const seed = Number(env.BENCH_SEED ?? 20261121);
const iterations = Number(env.BENCH_ITERATIONS ?? 300);
const pageSize = Number(env.BENCH_PAGE_SIZE ?? 20);
const explain = env.BENCH_EXPLAIN === '1';
const reset = env.BENCH_RESET === '1';

const say = (line) => process.stdout.write(`${line}\n`);

// 1. A separate database (recreated when asked, or when it holds a world of another scale)
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
let exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
if (exists && !reset) {
  const probe = new pg.Client({ connectionString: benchUrl });
  await probe.connect();
  const marker = await probe
    .query(`SELECT value FROM app_meta WHERE key = 'demo_world'`)
    .then((r) => r.rows[0]?.value ?? null)
    .catch(() => null);
  await probe.end();
  if (marker && (marker.scale !== scale || marker.seed !== seed)) {
    say(`[bench] ${dbName} holds scale ${marker.scale} seed ${marker.seed}: recreating`);
    exists = false;
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  }
}
if (reset && exists) {
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  exists = false;
}
if (!exists) {
  await admin.query(
    `CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
}
await admin.end();

// 2. Migrate and seed with the built server code
await migrate(benchUrl);
/** `captured`: the SQL and parameters of the last queries, for EXPLAIN */
const { pool, db, captured } = await capturingDb(benchUrl, 4);
const seeded = await seedDemoWorld(db, { scale, seed, log: say });
say(
  `[bench] world: ${seeded.creators} creators, ${seeded.videos} videos (${seeded.loaded ? `loaded in ${(seeded.ms / 1000).toFixed(1)} s` : 'already loaded'})`,
);

// 3. Query samples drawn from real names (so they hit), plus UIDs and misses
const names = (
  await pool.query(`SELECT name FROM creators TABLESAMPLE SYSTEM (5) REPEATABLE (7) LIMIT 20000`)
).rows.map((r) => r.name);
const mids = (
  await pool.query(`SELECT mid::text FROM creators TABLESAMPLE SYSTEM (5) REPEATABLE (8) LIMIT 5000`)
).rows.map((r) => r.mid);
let state = 12345;
const rand = (n) => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return state % n;
};
const cjk = /^[\u4e00-\u9fff]+$/;
function substrings(length, count) {
  const out = [];
  for (let guard = 0; out.length < count && guard < count * 200; guard++) {
    const chars = Array.from(names[rand(names.length)] ?? '');
    if (chars.length < length) continue;
    const start = rand(chars.length - length + 1);
    const s = chars.slice(start, start + length).join('');
    if (cjk.test(s)) out.push(s);
  }
  return out;
}
const HAN =
  '的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会家可下而过天去能对小多然于心学么之都好看起发当没成只如事把还用第样道想作种开美总从无情己面最女但现前些所同日手又行意动方期它头经长儿回位分爱老因很给名法间斯知世什两次使身者被高已亲其进此话常与活正感';
const kinds = [
  { kind: '1-char', queries: substrings(1, iterations) },
  { kind: '1-char top', queries: ['小', '的', '老', '阿', '大'] },
  { kind: '2-char', queries: substrings(2, iterations) },
  { kind: '3-char', queries: substrings(3, iterations) },
  { kind: '5-char', queries: substrings(5, iterations) },
  { kind: 'UID', queries: Array.from({ length: iterations }, () => mids[rand(mids.length)]) },
  {
    kind: '3-char miss',
    queries: Array.from({ length: iterations }, () => Array.from({ length: 3 }, () => HAN[rand(HAN.length)]).join('')),
  },
];

const repo = new CreatorRepository(db);
const run = (q) => repo.search(creatorMatchFor(q), { limit: pageSize, offset: 0 });
for (const q of substrings(2, 50)) await run(q); // warm-up

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
say(`\n[bench] ${iterations} queries per kind (page size ${pageSize}; page + count per query), times in ms`);
say('kind          n     p50     p95     p99     max   avg matches');
for (const { kind, queries } of kinds) {
  const times = [];
  let matches = 0;
  const rounds = kind === '1-char top' ? Math.ceil(iterations / queries.length) : 1;
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t0 = performance.now();
      const { total } = await run(q);
      times.push(performance.now() - t0);
      matches += total;
    }
  }
  times.sort((a, b) => a - b);
  const f = (v) => v.toFixed(2).padStart(7);
  say(
    `${kind.padEnd(12)} ${String(times.length).padStart(4)} ${f(pct(times, 0.5))} ${f(pct(times, 0.95))} ${f(pct(times, 0.99))} ${f(times[times.length - 1])}   ${(matches / times.length).toFixed(1)}`,
  );
  if (explain) {
    captured.length = 0;
    await run(queries[0]);
    for (const { sql, parameters } of captured) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, parameters);
      say(`  -- ${kind} '${queries[0]}':\n${plan.rows.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }
}

await db.destroy();
