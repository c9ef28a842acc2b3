// Goods, video_goods, prices and sponsorship verdicts for a world that has videos but no commerce rows (issue #26;
// not part of `npm test`). See bench/README.md. Against BENCH_DB (default xg_bench_1m_commerce — a copy of the 1M
// world; never the shared xg_bench_1m): migrates it with the app's migrate() (the read models of migrations 0074
// and 0075 included), then fills the commerce tables set-based in SQL with the same function the aggregate tests
// use (apps/server/src/modules/commerce/testing/commerce-world.ts): BENCH_CARRY_SHARE (0.04) of the visible
// videos carry goods, BENCH_READ_SHARE (0.3) have a verdict. Does nothing when the database already has goods
// (BENCH_RESET=1 empties the commerce rows first).
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { benchDatabase } from './bench-db.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { migrate } = await import(dist('db/migrate.js'));
await import(dist('db/client.js'));
const { fillCommerceWorld } = await import(dist('modules/commerce/testing/commerce-world.js'));

const env = process.env;
const { dbName, benchUrl } = benchDatabase(env, 'xg_bench_1m_commerce');
if (dbName === 'xg_bench_1m' || dbName === 'xg_bench_1m_read') throw new Error(`${dbName} is shared: use a copy`);
const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const applied = await migrate(benchUrl);
if (applied.length) say(`[world-commerce] migrated: ${applied.join(', ')} (${elapsed()})`);
const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
if (env.BENCH_RESET === '1') {
  await pool.query(`TRUNCATE video_goods, goods_price_daily, video_shop_links, video_sponsorship_evidence,
    video_sponsorships, goods_stats, goods_rank_stats, goods_stats_runs, goods RESTART IDENTITY CASCADE`);
}
const has = (await pool.query('SELECT 1 FROM goods LIMIT 1')).rowCount > 0;
if (has) {
  say('[world-commerce] the database has goods already: nothing to do (BENCH_RESET=1 to refill)');
} else {
  const w = await fillCommerceWorld(db, {
    seed: Number(env.BENCH_SEED ?? 20261121),
    carryShare: Number(env.BENCH_CARRY_SHARE ?? 0.04),
    readShare: Number(env.BENCH_READ_SHARE ?? 0.3),
    log: say,
  });
  say(
    `[world-commerce] ${w.goods} goods, ${w.pairs} video_goods rows on ${w.carrying} videos, ${w.verdicts} verdicts (${elapsed()})`,
  );
}
const c = (
  await pool.query(`SELECT (SELECT count(*) FROM videos)::int AS videos, (SELECT count(*) FROM goods)::int AS goods,
    (SELECT count(*) FROM video_goods)::int AS pairs, (SELECT count(*) FILTER (WHERE sponsored) FROM video_sponsorships)::int AS sponsored`)
).rows[0];
say(`[world-commerce] ${JSON.stringify(c)}`);
await db.destroy();
