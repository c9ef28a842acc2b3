// Video-library search benchmark (issue #26 item 5; not part of `npm test`). See bench/README.md.
//
// Migrates and seeds a separate database with the built server code (the demo world at BENCH_SCALE, default 1 =
// the demo size: 5,000 creators, ≈ 100,000 videos), then times the SQL GET /api/searchVideo runs uncached —
// VideoLibraryRepository.pageIds and .countCapped in parallel, as VideoLibraryService.search does on a cache miss —
// for keyword lengths, filters and the three orders, one query at a time and then with BENCH_CONCURRENCY queries in
// flight. Prints p50 / p95 / p99 / max in milliseconds and the mean capped total per kind.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { cjkSubstrings, explainStatements, lcgDraw, loadAverages, quantile, seededWorld } from './bench-db.mjs';

const dist = (p) => new URL(`../apps/server/dist/${p}`, import.meta.url).href;
const { VideoLibraryRepository } = await import(dist('modules/video-library/video-library.repository.js'));
const { NO_VIDEO_FILTER } = await import(dist('modules/video-library/testing/no-filter.js'));

const env = process.env;
const scale = Number(env.BENCH_SCALE ?? 1);
const seed = Number(env.BENCH_SEED ?? 20261121);
const iterations = Number(env.BENCH_ITERATIONS ?? 100);
const concurrency = Number(env.BENCH_CONCURRENCY ?? 8);
const pageSize = Number(env.BENCH_PAGE_SIZE ?? 20);
const explain = env.BENCH_EXPLAIN === '1';

const say = (line) => process.stdout.write(`${line}\n`);

// 1. A separate database (created when missing), migrated and seeded with the built server code
const { pool, db, captured, seeded } = await seededWorld(
  env,
  'xg_bench_video',
  { scale, seed, max: Math.max(4, concurrency) },
  say,
);
await pool.query('ANALYZE videos');
const counts = (
  await pool.query(`SELECT count(*)::int AS videos, count(*) FILTER (WHERE status = 0)::int AS visible,
    count(*) FILTER (WHERE status = 0 AND (duration <= 60 OR vertical))::int AS short FROM videos`)
).rows[0];
say(
  `[bench] world: ${seeded.creators} creators, ${counts.videos} videos (${counts.visible} visible, ${counts.short} short or vertical)`,
);

// 2. Queries drawn from real titles (so they hit), the partitions and the counters' spread
const titles = (
  await pool.query(`SELECT title FROM videos TABLESAMPLE SYSTEM (10) REPEATABLE (7) LIMIT 20000`)
).rows.map((r) => r.title);
const tops = (await pool.query(`SELECT tid FROM partitions WHERE parent_id IS NULL ORDER BY tid`)).rows.map(
  (r) => r.tid,
);
const leaves = new Map();
for (const r of (await pool.query(`SELECT tid, coalesce(parent_id, tid) AS top FROM partitions`)).rows) {
  const list = leaves.get(r.top) ?? [];
  list.push(r.tid);
  leaves.set(r.top, list);
}
const rand = lcgDraw();
const substrings = (length, count) => cjkSubstrings(titles, rand, length, count);
const base = NO_VIDEO_FILTER;
const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const partition = () => {
  const top = tops[rand(tops.length)];
  return leaves.get(top) ?? [top];
};
const n = iterations;
const many = (f) => Array.from({ length: n }, f);
const kinds = [
  { kind: 'newest, no filter', sort: 'time', filters: many(() => ({ ...base })) },
  { kind: 'newest, partition', sort: 'time', filters: many(() => ({ ...base, tids: partition() })) },
  { kind: '1-char, newest', sort: 'time', filters: substrings(1, n).map((k) => ({ ...base, keyword: k })) },
  { kind: '2-char, newest', sort: 'time', filters: substrings(2, n).map((k) => ({ ...base, keyword: k })) },
  { kind: '3-char, newest', sort: 'time', filters: substrings(3, n).map((k) => ({ ...base, keyword: k })) },
  { kind: '1-char, plays', sort: 'play', filters: substrings(1, n).map((k) => ({ ...base, keyword: k })) },
  { kind: '2-char, likes', sort: 'like', filters: substrings(2, n).map((k) => ({ ...base, keyword: k })) },
  {
    kind: 'plays, 30 days',
    sort: 'play',
    filters: many(() => ({ ...base, pubFrom: day(30), pubTo: day(0) })),
  },
  { kind: 'plays, no filter', sort: 'play', filters: many(() => ({ ...base })) },
  {
    kind: 'ranges, newest',
    sort: 'time',
    filters: many(() => ({ ...base, durationMin: 61, durationMax: 300, playMin: 10_000, likeMin: 1_000 })),
  },
  { kind: 'short, newest', sort: 'time', filters: many(() => ({ ...base, short: true })) },
  { kind: 'short vertical', sort: 'time', filters: many(() => ({ ...base, short: true, shape: 'vertical' })) },
  { kind: 'short, plays', sort: 'play', filters: many(() => ({ ...base, short: true })) },
  {
    kind: 'short, 2-char',
    sort: 'time',
    filters: substrings(2, n).map((k) => ({ ...base, short: true, keyword: k })),
  },
  { kind: 'page 50, newest', sort: 'time', filters: many(() => ({ ...base })), offset: 980 },
];

const repo = new VideoLibraryRepository(db);
const run = async (f, sort, offset = 0) => {
  const [, total] = await Promise.all([repo.pageIds(f, sort, { limit: pageSize, offset }), repo.countCapped(f)]);
  return total;
};
for (const k of substrings(2, 30)) await run({ ...base, keyword: k }, 'time'); // warm-up

const f = (v) => v.toFixed(1).padStart(7);
say(`\n[bench] ${n} queries per kind (page ${pageSize}; page + capped count per query, no cache), times in ms`);
say(`[bench] machine: ${os.cpus().length} cores, load average at start ${loadAverages()}`);
say('kind                    n     p50     p95     p99     max  avg total');
for (const { kind, sort, filters, offset } of kinds) {
  const times = [];
  let matches = 0;
  for (const filter of filters) {
    const t0 = performance.now();
    matches += await run(filter, sort, offset);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  say(
    `${kind.padEnd(20)} ${String(times.length).padStart(4)} ${f(quantile(times, 0.5))} ${f(quantile(times, 0.95))} ${f(quantile(times, 0.99))} ${f(times.at(-1))}  ${(matches / times.length).toFixed(0).padStart(8)}`,
  );
  if (explain) await explainStatements(pool, captured, kind, () => run(filters[0], sort, offset), say);
}

// 3. The same mix with `concurrency` queries in flight (every kind in turn), one latency per query
const mix = kinds.flatMap(({ sort, filters, offset }) => filters.map((filter) => ({ filter, sort, offset })));
for (let i = mix.length - 1; i > 0; i--) {
  const j = rand(i + 1);
  [mix[i], mix[j]] = [mix[j], mix[i]];
}
const times = [];
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < mix.length) {
      const q = mix[next++];
      const s = performance.now();
      await run(q.filter, q.sort, q.offset);
      times.push(performance.now() - s);
    }
  }),
);
const wall = (performance.now() - t0) / 1000;
times.sort((a, b) => a - b);
say(
  `\n[bench] mixed, ${concurrency} in flight: ${times.length} queries in ${wall.toFixed(1)} s (${(times.length / wall).toFixed(0)}/s); p50 ${f(quantile(times, 0.5))} p95 ${f(quantile(times, 0.95))} p99 ${f(quantile(times, 0.99))} ms; load average at end ${loadAverages()}`,
);

await db.destroy();
