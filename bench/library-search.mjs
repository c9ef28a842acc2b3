// Video-library and goods search over HTTP (issue #26; not part of `npm test`). See bench/README.md and
// docs/performance.md "Library search at 1M". The honest-bench rules of bench/discovery.mjs: separate server
// processes (BENCH_MODE=app of discovery-server.mjs, ROLE=api), BENCH_ACCOUNTS (1,000) signed-in 企业版 accounts
// (each request uses one at random), autocannon with BENCH_CONNECTIONS (32), every key used once (uncached: the
// keys are drawn without replacement from a pool never warmed up; `wraps` says when a pool ran out), and the
// start-up work done before the timed load: the read models of migrations 0074 (video_top) and 0075 (goods_stats)
// are built, timed, when missing or not of today — what the jobs library.refresh-video-tops and
// commerce.refresh-goods-stats do at start.
//
// BENCH_DB (default xg_bench_library): an existing world (e.g. xg_bench_1m_commerce after bench/world-commerce.mjs)
// is used as it is; an empty database gets the demo world at BENCH_SCALE (1) and generated goods.
// BENCH_ONLY=video,goods picks scenario groups (prefixes of the scenario names).
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import {
  benchDatabase,
  createBenchDatabase,
  hugePagesLine,
  lcgDraw,
  loadAverages,
  signedInAccounts,
  statementProfile,
} from './bench-db.mjs';
import { fresh, signedLoad, startBenchServer, stopBenchServer, waitForSearchIndex } from './bench-load.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
await import(dist('db/client.js'));
const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
const { fillCommerceWorld } = await import(dist('modules/commerce/testing/commerce-world.js'));
const { VideoLibraryRepository } = await import(dist('modules/video-library/video-library.repository.js'));
const { CommerceRepository } = await import(dist('modules/commerce/commerce.repository.js'));
const { goodsStatsPlan } = await import(dist('modules/commerce/commerce.service.js'));
const { shanghaiDay } = await import(dist('jobs/clock.js'));
const { encodeKeyword } = await import(new URL('packages/shared/dist/index.js', root).href);

const env = process.env;
const { adminUrl, dbName, benchUrl } = benchDatabase(env, 'xg_bench_library');
if (dbName === 'xg_bench_1m' || dbName === 'xg_bench_1m_read') throw new Error(`${dbName} is shared: use a copy`);
const duration = Number(env.BENCH_DURATION ?? 15);
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(',') : null;
const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// 1. The world, migrated, with goods, and the start-up work --------------------------------------------------
await createBenchDatabase({ adminUrl, dbName });
const applied = await migrate(benchUrl);
if (applied.length) say(`[bench] migrated: ${applied.join(', ')} (${elapsed()})`);
const pool = new pg.Pool({ connectionString: benchUrl, max: 4 });
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
const rows = async (text, params = []) => (await pool.query(text, params)).rows;
if ((await rows('SELECT 1 FROM videos LIMIT 1')).length === 0) {
  await seedDemoWorld(db, { scale: Number(env.BENCH_SCALE ?? 1), seed: 20261121, log: say });
}
if ((await rows('SELECT 1 FROM goods LIMIT 1')).length === 0) {
  const w = await fillCommerceWorld(db, { seed: 20261121, log: say });
  say(`[bench] goods generated: ${JSON.stringify(w)} (${elapsed()})`);
}
const world = (
  await rows(`SELECT (SELECT count(*) FROM creators)::int AS creators, (SELECT count(*) FROM videos)::int AS videos,
    (SELECT count(*) FROM goods)::int AS goods, (SELECT count(*) FROM video_goods)::int AS pairs`)
)[0];
say(`[bench] world: ${JSON.stringify(world)}`);
say(`[bench] database: ${await hugePagesLine(pool)}`);
const today = shanghaiDay(Date.now());
if ((await rows('SELECT 1 FROM video_top_runs LIMIT 1')).length === 0) {
  const r = await new VideoLibraryRepository(db).refreshTops();
  say(`[bench] start-up: video_top built, ${r.rows} rows in ${r.ms} ms (load ${loadAverages()})`);
}
const commerce = new CommerceRepository(db);
if ((await commerce.statsDay()) !== today) {
  const plan = goodsStatsPlan(today);
  const r = await commerce.refreshStats(today, plan.windows, plan.periods);
  say(`[bench] start-up: goods_stats built, ${r.rows} rows in ${r.ms} ms (load ${loadAverages()})`);
}
await pool.query('ANALYZE video_top; ANALYZE goods_stats; ANALYZE goods_rank_stats');

// 2. Accounts and key pools --------------------------------------------------------------------------------
const accounts = Number(env.BENCH_ACCOUNTS ?? 1000);
const tokens = await signedInAccounts(pool, db, {
  count: accounts,
  userType: 3,
  phonePrefix: '14',
  invitePrefix: 'L',
});
say(`[bench] ${tokens.length} signed-in accounts (${elapsed()})`);

// the key pools and their order come from BENCH_SEED, so two builds (or two runs) meet the same keys in the same
// order; another seed draws other keys (a run that should not find the previous run's pages in the caches)
const seed = Number(env.BENCH_SEED ?? 20261129);
const draw = lcgDraw(seed);
const random = () => draw(1_000_000) / 1_000_000;
say(`[bench] keys from BENCH_SEED=${seed}`);
const pick = (arr) => arr[draw(arr.length)];
const cjk = /^[\u4e00-\u9fff]+$/;
/** `count` distinct CJK substrings of `length` characters of the texts. */
function grams(texts, length, count) {
  const out = new Set();
  for (let guard = 0; out.size < count && guard < count * 50; guard++) {
    const chars = Array.from(pick(texts) ?? '');
    if (chars.length < length) continue;
    const start = draw(chars.length - length + 1);
    const s = chars.slice(start, start + length).join('');
    if (cjk.test(s)) out.add(s);
  }
  return [...out];
}
const titles = (await rows(`SELECT title FROM videos TABLESAMPLE SYSTEM (1) REPEATABLE (${seed}) LIMIT 20000`)).map(
  (r) => r.title,
);
const goodsTitles = (await rows(`SELECT title FROM goods ORDER BY md5(id::text || '${seed}') LIMIT 5000`)).map(
  (r) => r.title,
);
const tops = (await rows(`SELECT tid FROM partitions WHERE parent_id IS NULL`)).map((r) => r.tid);
const allTids = (await rows(`SELECT tid FROM partitions`)).map((r) => r.tid);
const N = Number(env.BENCH_POOL ?? 4000);
const V = '/api/searchVideo';
const video = (query) => ({ path: V, query });
const sorts = ['time', 'play', 'like'];

const pools = {
  // the kept orders (video_top): no keyword, plays / likes, 全部 or a partition, either library, any page
  'video: sorted, no keyword': allTids
    .concat([0])
    .flatMap((tid) =>
      ['play', 'like'].flatMap((sort) =>
        [0, 1].flatMap((short) =>
          [1, 2, 5, 10, 50].map((pageNo) =>
            video({ sort, pageNo, ...(tid ? { tid } : {}), ...(short ? { short } : {}) }),
          ),
        ),
      ),
    ),
  'video: keyword': [1, 2, 3].flatMap((len) =>
    grams(titles, len, N / 3).map((k) => video({ keyword: encodeKeyword(k), sort: pick(sorts) })),
  ),
  'video: newest + filters': Array.from({ length: N }, (_, i) =>
    video({
      sort: 'time',
      pageNo: 1 + (i % 20),
      ...(i % 2 ? { tid: pick(tops) } : {}),
      ...(i % 3 === 0 ? { durationMin: 61, durationMax: 300 + (i % 97) } : {}),
      ...(i % 5 === 0 ? { playMin: 1000 * (i % 50) } : {}),
    }),
  ),
  'goods search': [
    ...[1, 2, 3].flatMap((len) =>
      grams(goodsTitles, len, N / 6).map((k) => ({
        path: '/api/goods/search',
        query: { keyword: encodeKeyword(k), days: pick([7, 30, 90, 0]), sort: pick(['videoNum', 'playNum']) },
      })),
    ),
    ...Array.from({ length: N / 2 }, (_, i) => ({
      path: '/api/goods/search',
      query: {
        days: pick([7, 30, 90, 0]),
        sort: pick(['videoNum', 'playNum', 'price', 'lastSeen']),
        pageNo: 1 + (i % 10),
        ...(i % 2 ? { categoryId: pick([1, 2, 3, 4, 5, 9, 10]) } : {}),
        ...(i % 3 === 0 ? { platform: pick(['taobao', 'tmall', 'jd', 'bilibili', 'pdd']) } : {}),
        ...(i % 4 === 0 ? { priceMin: 10 * (i % 20), priceMax: 200 + 10 * (i % 50) } : {}),
      },
    })),
  ],
  'goods rank': ['day', 'week', 'month'].flatMap((period) =>
    ['video', 'sales', 'play'].flatMap((by) =>
      [undefined, 1, 2, 3, 4, 5, 9].flatMap((categoryId) =>
        [undefined, 'taobao', 'jd', 'tmall'].flatMap((platform) =>
          [1, 2, 3, 5, 10].map((pageNo) => ({
            path: '/api/goods/rank',
            query: { period, by, pageNo, ...(categoryId ? { categoryId } : {}), ...(platform ? { platform } : {}) },
          })),
        ),
      ),
    ),
  ),
};
await db.destroy();

// 3. The server and the load ------------------------------------------------------------------------------
async function load(name, port, next, seconds = duration) {
  const run = await signedLoad({ ports: port, connections, seconds, tokens, makeVisit: () => [next()] });
  const line = { name, ...run.figures, wraps: next.wraps, load: loadAverages() };
  say(
    `[bench] ${name.padEnd(28)} ${line.rps.toFixed(0).padStart(5)} req/s  p50 ${line.p50.toFixed(1)}  p95 ${line.p95.toFixed(1)}  p99 ${line.p99.toFixed(1)} ms  (${line.requests} requests, ${line.errors} errors, pool wrapped ${line.wraps}×, load ${line.load})`,
  );
  return line;
}

const server = await startBenchServer({ BENCH_MODE: 'app', BENCH_ROLE: 'api', BENCH_URL: benchUrl });
await waitForSearchIndex(server, say); // no timed load beside the start-up's index build
say(`[bench] server up (${elapsed()}); ${connections} connections, ${duration} s per scenario; load ${loadAverages()}`);
// warm-up: the code paths and the pools of connections, with keys no scenario uses (a different account set)
await load(
  'warm-up',
  server.port,
  fresh([video({ sort: 'time', pageNo: 3 }), { path: '/api/goods/search', query: { days: 30, pageNo: 11 } }], random),
  3,
);
const scenarios = [];
const statements = await statementProfile(benchUrl, env, say);
for (const [name, keys] of Object.entries(pools)) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  await statements?.reset();
  scenarios.push(await load(name, server.port, fresh(keys, random)));
  await statements?.print(name);
}
await statements?.close();
await stopBenchServer(server);
say(`[bench] summary ${JSON.stringify({ world, accounts: tokens.length, connections, duration, scenarios })}`);
