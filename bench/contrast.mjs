// Comparison report (issue #17): how long generating a 5-creator report takes (POST /api/user/kolContrast), and
// reopening it (GET /api/user/kolContrastResult), through the built app (buildApp + app.inject: sign check, session,
// quota spend, the figures, the overlap, the verdicts, the insert — everything but the socket).
//
// Against the bench database (BENCH_DB, default xg_bench_contrast; BENCH_DB=xg_bench_1m for the 1M world of
// world-1m.mjs): migrates it, loads the demo world at BENCH_SCALE when the database has no creators, computes the
// derived data once when missing, then — in this database only — raises the contrast quota, opens BENCH_ACCOUNTS
// 高级企业版 accounts with library prices for the creator pool, and (BENCH_COMMENTS, default 2000) gives every pool
// creator that many comments under its latest videos when it has fewer, so the overlap query reads a full sample
// (the demo world has no comments). Each generation compares 5 creators drawn at random from the BENCH_POOL
// (500) biggest. Prints p50 / p95 / p99 / max in ms and a JSON line. See bench/README.md and docs/performance.md.
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openBenchApp } from './bench-db.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
const { seedMenus } = await import(dist('db/seed/menus.js'));
const { backfillRollups } = await import(dist('modules/metrics/index.js'));
const { signHeaders } = await import('@xg/shared');

const env = process.env;
const scale = Number(env.BENCH_SCALE ?? 1);
const seed = Number(env.BENCH_SEED ?? 20261121);
const iterations = Number(env.BENCH_ITERATIONS ?? 300);
const warmup = Number(env.BENCH_WARMUP ?? 20);
const poolSize = Number(env.BENCH_POOL ?? 500);
const accountsN = Number(env.BENCH_ACCOUNTS ?? 10);
const commentsPer = Number(env.BENCH_COMMENTS ?? 2000);
const concurrency = Number(env.BENCH_CONCURRENCY ?? 1);
const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// 1. The bench world ------------------------------------------------------------------------------------------
const { dbName, app, ctx, q } = await openBenchApp(env, 'xg_bench_contrast', say);
if ((await q(`SELECT 1 FROM creators LIMIT 1`)).length === 0) {
  await seedMenus(ctx.db);
  const world = await seedDemoWorld(ctx.db, { scale, seed, log: (l) => say(`[seed] ${l}`) });
  say(`[bench] world scale ${scale}: ${world.creators} creators, ${world.videos} videos (${elapsed()})`);
}
if ((await q(`SELECT 1 FROM creator_metrics LIMIT 1`)).length === 0) {
  say('[bench] computing derived data (metrics and portraits of the last day) …');
  await backfillRollups(ctx.db, 31, { rankingDays: 1 });
  await ctx.pool.query('ANALYZE');
}
const [{ creators }] = await q(`SELECT count(*)::int AS creators FROM creators`);
const [{ videos }] = await q(`SELECT count(*)::int AS videos FROM videos`);

// 2. Accounts, quota, library prices and comments (this database only) -----------------------------------------
await ctx.pool.query(`UPDATE quota_rules SET monthly_total = 100000000 WHERE kind = 'contrast'`);
const pool = (await q(`SELECT id, mid FROM creators ORDER BY fans DESC, id LIMIT $1`, [poolSize])).map((r) => ({
  id: String(r.id),
  mid: String(r.mid),
}));
const runId = crypto.randomInt(10_000_000, 99_999_999);
const tokens = [];
for (let i = 0; i < accountsN; i++) {
  const [user] = await q(
    `INSERT INTO users (username, phone, password_hash, invite_code, user_type, maturity_time)
     VALUES ($1, $2, 'x', $3, 4, now() + interval '30 days') RETURNING id`,
    [`对比压测${runId}_${i}`, `14${String(runId).slice(-7)}${String(i).padStart(2, '0')}`, `C${runId}_${i}`],
  );
  // library prices for the pool: every creator of the report has one
  await ctx.pool.query(
    `INSERT INTO library_entries (team_id, kol_uid, creator_id, main_index_url, nickname, implantation_price)
     SELECT $1, c.mid, c.id, 'https://space.bilibili.com/' || c.mid, c.name, 1000 + (c.id % 50) * 100
     FROM creators c WHERE c.id = ANY($2::bigint[])
     ON CONFLICT (team_id, kol_uid) DO NOTHING`,
    [user.id, pool.map((p) => p.id)],
  );
  tokens.push(await ctx.sessions.open(user.id, { ip: null, userAgent: null }));
}
if (commentsPer > 0) {
  // commenters drawn from a shared population of 20 × commentsPer mids, so the pairs overlap a little
  const before = Date.now();
  const added = await q(
    `WITH need AS (
       SELECT c.id AS creator_id, $1::int - coalesce((SELECT count(*) FROM comments m JOIN videos v ON v.id = m.video_id
                                                      WHERE v.creator_id = c.id), 0) AS n
       FROM creators c WHERE c.id = ANY($2::bigint[])
     ), vids AS (
       SELECT need.creator_id, need.n, v.ids
       FROM need CROSS JOIN LATERAL (
         SELECT array_agg(id) AS ids FROM (SELECT id FROM videos WHERE creator_id = need.creator_id
                                           ORDER BY pubdate DESC LIMIT 20) x) v
       WHERE need.n > 0 AND v.ids IS NOT NULL
     ), ins AS (
       INSERT INTO comments (video_id, rpid, mid, uname, message, ctime)
       SELECT vids.ids[1 + (g % cardinality(vids.ids))],
              8000000000000 + vids.creator_id * 100000 + g,
              1000000 + (hashint8(vids.creator_id * 100000 + g)::bigint & 2147483647) % ($1::bigint * 20),
              '压测用户', '压测评论',
              now() - (g % 80) * interval '1 day' - (g % 1440) * interval '1 minute'
       FROM vids CROSS JOIN LATERAL generate_series(1, vids.n) g
       ON CONFLICT (rpid) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [commentsPer, pool.map((p) => p.id)],
  );
  if (added[0].n > 0) {
    await ctx.pool.query('ANALYZE comments');
    say(`[bench] added ${added[0].n} comments to the pool's creators (${Date.now() - before} ms)`);
  }
}
const [{ comments }] = await q(`SELECT count(*)::int AS comments FROM comments`);
say(
  `[bench] ${dbName}: ${creators} creators, ${videos} videos, ${comments} comments; pool ${pool.length}, ` +
    `${tokens.length} accounts (${elapsed()})`,
);

// 3. The measured loop -----------------------------------------------------------------------------------------
const five = () => {
  const picked = new Set();
  while (picked.size < 5) picked.add(pool[Math.floor(Math.random() * pool.length)].id);
  return [...picked].join(',');
};
let turn = 0;
async function inject(method, path, params) {
  const token = tokens[turn++ % tokens.length];
  const headers = signHeaders({ path, token });
  const req =
    method === 'GET'
      ? { method, url: path, query: params, headers }
      : {
          method,
          url: path,
          payload: new URLSearchParams(params).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        };
  const started = performance.now();
  const res = await app.inject(req);
  const ms = performance.now() - started;
  const body = res.json();
  if (body.code !== 200) throw new Error(`${path}: ${res.body.slice(0, 200)}`);
  return { ms, body, token };
}

async function run(n, fn) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      times.push(await fn());
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return {
    n: times.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: times[times.length - 1],
    perSecond: (times.length / wall) * 1000,
  };
}

const made = [];
const generate = async () => {
  const { ms, body, token } = await inject('POST', '/api/user/kolContrast', { kolIds: five() });
  if (body.flag !== 0 || typeof body.id !== 'number') throw new Error(`flag ${body.flag}`);
  made.push({ id: body.id, token });
  return ms;
};
await run(warmup, generate);
const gen = await run(iterations, generate);
let k = 0;
const reopen = async () => {
  const r = made[k++ % made.length];
  const path = '/api/user/kolContrastResult';
  const started = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: path,
    query: { contrastId: String(r.id) },
    headers: signHeaders({ path, token: r.token }),
  });
  const ms = performance.now() - started;
  if (res.json().code !== 200) throw new Error(res.body.slice(0, 200));
  return ms;
};
const open = await run(iterations, reopen);
const f = (x) => x.toFixed(1);
const line = (label, s) =>
  say(
    `[bench] ${label}: n ${s.n}, p50 ${f(s.p50)} ms, p95 ${f(s.p95)} ms, p99 ${f(s.p99)} ms, max ${f(s.max)} ms, ${f(s.perSecond)}/s`,
  );
line(`kolContrast (5 creators, concurrency ${concurrency})`, gen);
line(`kolContrastResult (concurrency ${concurrency})`, open);
say(
  `[bench] load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${os.cpus().length} cores`,
);
say(JSON.stringify({ db: dbName, creators, videos, comments, concurrency, kolContrast: gen, kolContrastResult: open }));
await app.close();
