// Excel export (issue #16): how long an export takes and how much the process's memory (RSS) grows.
//   1. the app (buildApp, app.inject) exports the largest lists that exist today with 全部结果: 内容搜索 of a
//      common character (capped at 1,000 rows by the list) and 粉丝榜 (500 rows);
//   2. 100,000 rows through the same ExportService and writer, from a bench-only list that pages the stored videos
//      by id with the video lists' own row reader (readVideoItems), cycling when the world has fewer videos.
// The bar of issue #16 is 100,000 rows in ≤ 10 s with RSS growing ≤ 300 MB on the 1M world; this script runs on
// the demo world at BENCH_SCALE (default 0.2) and says so in its output. See bench/README.md.
import { performance } from 'node:perf_hooks';
import { benchDatabase, createBenchDatabase } from './bench-db.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
const { buildApp } = await import(dist('app.js'));
const { loadConfig } = await import(dist('config.js'));
const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
const { seedMenus } = await import(dist('db/seed/menus.js'));
const { buildExportLists } = await import(dist('modules/export/export.registry.js'));
const { ExportService, EXPORT_CHUNK_ROWS } = await import(dist('modules/export/export.service.js'));
const { exportDb } = await import(dist('modules/export/export.tables.js'));
const { membershipServices } = await import(dist('modules/membership/membership.services.js'));
const { readVideoItems } = await import(dist('modules/videos/video-items.js'));
const { signHeaders } = await import('@xg/shared');

const env = process.env;
const { adminUrl, dbName, benchUrl } = benchDatabase(env, 'xg_bench_export');
const scale = Number(env.BENCH_SCALE ?? 0.2);
const seed = Number(env.BENCH_SEED ?? 20261121);
const bigRows = Number(env.BENCH_ROWS ?? 100_000);
const say = (line) => process.stdout.write(`${line}\n`);
const loadavg = async () =>
  (await import('node:fs/promises')).readFile('/proc/loadavg', 'utf8').then((t) => t.split(' ').slice(0, 3).join(' '));
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

await createBenchDatabase({ adminUrl, dbName });
await migrate(benchUrl);

const config = {
  ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: benchUrl, SEARCH_INDEX: 'false' }),
  databaseUrl: benchUrl,
  exportInlineWaitMs: 55_000,
};
const { app, ctx } = await buildApp(config);
await app.ready();
await seedMenus(ctx.db);
const world = await seedDemoWorld(ctx.db, { scale, seed, log: (l) => say(`[seed] ${l}`) });
say(`[bench] world scale ${scale}: ${JSON.stringify(world?.counts ?? world ?? {})}`);

// a 高级企业版 account with a quota large enough for the bench (this database only)
const user = await ctx.db
  .insertInto('users')
  .values({
    username: `导出压测${Date.now()}`,
    phone: `139${String(Date.now()).slice(-8)}`,
    password_hash: 'x',
    invite_code: `B${Date.now()}`,
    user_type: 4,
    version_type: 1,
    maturity_time: null,
    buy_month_num: 12,
    parent_id: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await ctx.pool.query(`UPDATE quota_rules SET monthly_total = 100000000 WHERE kind = 'export'`);
const token = await ctx.sessions.open(user.id, { ip: null, userAgent: null });

/** Runs `fn` while sampling the RSS every 20 ms: elapsed ms and the RSS growth over the start. */
async function measured(fn) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await fn();
  const ms = performance.now() - started;
  const cpu1 = process.cpuUsage(cpu0);
  const cpuMs = (cpu1.user + cpu1.system) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, cpuMs, growth: peak - base, base };
}

async function viaApp(path, params) {
  return measured(async () => {
    const res = await app.inject({ method: 'GET', url: path, query: params, headers: signHeaders({ path, token }) });
    if (!String(res.headers['content-type']).includes('spreadsheet')) throw new Error(`${path}: ${res.body}`);
    return { bytes: res.rawPayload.length };
  });
}

const common = await ctx.pool.query(
  `SELECT substr(title, 1, 1) AS ch, count(*) AS n FROM videos WHERE status = 0 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
);
const keyword = common.rows[0].ch;
const hotOnly = env.BENCH_HOT_ONLY === '1';
for (const [label, path, params] of hotOnly
  ? []
  : [
      ['内容搜索 全部结果', '/api/export/searchContent', { keyword: encodeURIComponent(keyword), export: 'all' }],
      ['粉丝榜 全部结果', '/api/export/fansRanking', { period: 'day', export: 'all' }],
    ]) {
  const r = await viaApp(path, params);
  const rec = await ctx.pool.query(`SELECT rows_done FROM exports ORDER BY id DESC LIMIT 1`);
  say(
    `[bench] ${label}: ${rec.rows[0].rows_done} rows, ${(r.result.bytes / 1024).toFixed(0)} KB in ${r.ms.toFixed(0)} ms ` +
      `(CPU ${r.cpuMs.toFixed(0)} ms), RSS +${mb(r.growth)}; load ${await loadavg()}`,
  );
}

// 100,000 rows through the same service and writer, from a bench-only list over the stored videos
const { membership, quotas, users } = membershipServices(ctx);
const { lists, themes } = buildExportLists(ctx, membership);
const videoCount = Number((await ctx.pool.query(`SELECT count(*) AS n FROM videos`)).rows[0].n);
const benchList = {
  ...lists.searchContent,
  all: undefined, // paged by page() below, not the search's one pass
  title: () => '压测',
  filters: () => [['列表', `全部视频（循环，${videoCount}个）`]],
  page: async (_userId, p) => {
    const offset = ((p.pageNo - 1) * p.pageSize) % videoCount;
    const ids = await ctx.pool.query(`SELECT id FROM videos ORDER BY id LIMIT $1 OFFSET $2`, [p.pageSize, offset]);
    let rows = await readVideoItems(
      ctx.db,
      ids.rows.map((r) => r.id),
    );
    if (rows.length < p.pageSize) {
      const more = await ctx.pool.query(`SELECT id FROM videos ORDER BY id LIMIT $1`, [p.pageSize - rows.length]);
      rows = rows.concat(
        await readVideoItems(
          ctx.db,
          more.rows.map((r) => r.id),
        ),
      );
    }
    return { rows, total: bigRows, dataTime: null };
  },
};
const service = new ExportService(
  exportDb(ctx.db),
  { ...lists, searchContent: benchList },
  themes,
  membership,
  quotas,
  users,
  { inlineWaitMs: 600_000 },
);
// 2a. the largest list the product exports today, 全部结果 through the same service: 热门视频 (moldbabyVideo) of the
//     last BENCH_HOT_DAYS (7) days, the one list whose size grows with the world (every visible video of the window,
//     ≈ 190,000 at 1M; the others are capped at 1,000 or 500 rows). The list's own page() is timed apart.
if (env.BENCH_HOT !== '0') {
  const hotDays = Number(env.BENCH_HOT_DAYS ?? 7);
  let pageMs = 0;
  let pages = 0;
  // all results are read in one pass (ExportList.all: counted once, then one cursor); page() is not called for them
  let countMs = 0;
  let firstRowsMs = null;
  const t0 = { at: 0 };
  const one = lists.moldbabyVideo.all;
  const timedHot = {
    ...lists.moldbabyVideo,
    page: async (...args) => {
      const s = performance.now();
      const r = await lists.moldbabyVideo.page(...args);
      pageMs += performance.now() - s;
      pages++;
      return r;
    },
    all: one && {
      total: async (...args) => {
        const s = performance.now();
        const r = await one.total(...args);
        countMs = performance.now() - s;
        return r;
      },
      each: async (userId, p, limit, chunk, onRows) => {
        t0.at = performance.now();
        return one.each(userId, p, limit, chunk, async (rows) => {
          firstRowsMs ??= performance.now() - t0.at;
          return onRows(rows);
        });
      },
    },
  };
  const hotService = new ExportService(
    exportDb(ctx.db),
    { ...lists, moldbabyVideo: timedHot },
    themes,
    membership,
    quotas,
    users,
    { inlineWaitMs: 3_600_000 },
  );
  const hot = await measured(() => hotService.start(user.id, 'moldbabyVideo', { days: hotDays, export: 'all' }));
  if (hot.result.kind !== 'file') throw new Error('expected a file');
  const rec = await ctx.pool.query(`SELECT rows_done, rows_total FROM exports ORDER BY id DESC LIMIT 1`);
  say(
    `[bench] 热门视频 ${hotDays}天 全部结果 (moldbabyVideo): ${rec.rows[0].rows_done} rows, ` +
      `${(hot.result.file.data.length / 1024 / 1024).toFixed(1)} MB in ${(hot.ms / 1000).toFixed(1)} s ` +
      `(this process's CPU ${(hot.cpuMs / 1000).toFixed(1)} s; the list's page() ${pages}× ${(pageMs / 1000).toFixed(1)} s; ` +
      `one pass: count ${(countMs / 1000).toFixed(1)} s, first ${EXPORT_CHUNK_ROWS} rows after ${((firstRowsMs ?? 0) / 1000).toFixed(1)} s), ` +
      `RSS ${mb(hot.base)} → +${mb(hot.growth)}; load ${await loadavg()}`,
  );
}

if (hotOnly) {
  await app.close();
  process.exit(0);
}
const big = await measured(() => service.start(user.id, 'searchContent', { keyword: 'x', export: 'all' }));
if (big.result.kind !== 'file') throw new Error('expected a file');
say(
  `[bench] ${bigRows.toLocaleString('en')} rows (demo world scale ${scale}, ${videoCount} videos cycled): ` +
    `${(big.result.file.data.length / 1024 / 1024).toFixed(1)} MB in ${(big.ms / 1000).toFixed(1)} s ` +
    `(this process's CPU ${(big.cpuMs / 1000).toFixed(1)} s), ` +
    `RSS ${mb(big.base)} → +${mb(big.growth)} (bar on the 1M world: ≤ 10 s, ≤ +300 MB); load ${await loadavg()}`,
);

// 3. the writer alone (one page of real rows written again and again): what the file costs without the database
const { XlsxStreamWriter } = await import(dist('modules/export/xlsx-writer.js'));
const os = await import('node:os');
const fs = await import('node:fs/promises');
const sample = (await benchList.page(user.id, { keyword: 'x', sort: 'play', pageNo: 1, pageSize: 500 })).rows;
const tmp = `${os.tmpdir()}/xg-bench-writer-${process.pid}.xlsx`;
const writerOnly = await measured(async () => {
  const writer = new XlsxStreamWriter(tmp, '压测', lists.searchContent.columns({}));
  for (let i = 0; i < bigRows; i++) writer.add(sample[i % sample.length]);
  await writer.finish([['行数', String(bigRows)]]);
  return (await fs.stat(tmp)).size;
});
await fs.rm(tmp, { force: true });
say(
  `[bench] writer alone, ${bigRows.toLocaleString('en')} rows: ${(writerOnly.result / 1024 / 1024).toFixed(1)} MB in ` +
    `${(writerOnly.ms / 1000).toFixed(1)} s (CPU ${(writerOnly.cpuMs / 1000).toFixed(1)} s), RSS +${mb(writerOnly.growth)}; ` +
    `load ${await loadavg()}`,
);
await app.close();
