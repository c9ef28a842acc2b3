// Creator-search benchmark (not part of `npm test`). See bench/README.md.
//
// Migrates and seeds a separate database with the built server code, then times the search repository
// (the same SQL /api/searchKol runs: the page query and the count, in parallel) for 1-, 2-, 3- and
// 5-character Chinese substrings, UIDs and misses, and prints p50/p95/p99 per query kind.
import { performance } from 'node:perf_hooks';
import {
  benchDatabase,
  cjkSubstrings,
  dropOtherWorld,
  explainStatements,
  lcgDraw,
  quantile,
  seededWorld,
} from './bench-db.mjs';

const dist = (p) => new URL(`../apps/server/dist/${p}`, import.meta.url).href;
const { CreatorRepository } = await import(dist('modules/creators/creators.repository.js'));
const { creatorMatchFor } = await import(dist('modules/creators/creators.service.js'));

const env = process.env;
const world = { scale: Number(env.BENCH_SCALE ?? 20), seed: Number(env.BENCH_SEED ?? 20261121) };
const iterations = Number(env.BENCH_ITERATIONS ?? 300);
const pageSize = Number(env.BENCH_PAGE_SIZE ?? 20);
const explain = env.BENCH_EXPLAIN === '1';
const say = (line) => process.stdout.write(`${line}\n`);

// 1. A separate database (recreated when asked, or when it holds a world of another scale), migrated and seeded
await dropOtherWorld(benchDatabase(env, 'xg_bench'), world, { reset: env.BENCH_RESET === '1' }, say);
/** `captured`: the SQL and parameters of the last queries, for EXPLAIN */
const { pool, db, captured, seeded } = await seededWorld(env, 'xg_bench', { ...world, max: 4 }, say);
say(
  `[bench] world: ${seeded.creators} creators, ${seeded.videos} videos (${seeded.loaded ? `loaded in ${(seeded.ms / 1000).toFixed(1)} s` : 'already loaded'})`,
);

// 2. Query samples drawn from real names (so they hit), plus UIDs and misses
const names = (
  await pool.query(`SELECT name FROM creators TABLESAMPLE SYSTEM (5) REPEATABLE (7) LIMIT 20000`)
).rows.map((r) => r.name);
const mids = (
  await pool.query(`SELECT mid::text FROM creators TABLESAMPLE SYSTEM (5) REPEATABLE (8) LIMIT 5000`)
).rows.map((r) => r.mid);
const rand = lcgDraw();
const substrings = (length, count) => cjkSubstrings(names, rand, length, count);
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
    `${kind.padEnd(12)} ${String(times.length).padStart(4)} ${f(quantile(times, 0.5))} ${f(quantile(times, 0.95))} ${f(quantile(times, 0.99))} ${f(times[times.length - 1])}   ${(matches / times.length).toFixed(1)}`,
  );
  if (explain) await explainStatements(pool, captured, `${kind} '${queries[0]}'`, () => run(queries[0]), say);
}

await db.destroy();
