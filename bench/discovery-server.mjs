// The server side of bench/discovery.mjs, started as its own process (see bench/README.md).
//   BENCH_MODE=app       the whole app (buildApp from apps/server/dist) on BENCH_PORT
//   BENCH_MODE=baseline  bare Fastify + one pg pool and one indexed query (a ranking page by primary key)
// Prints "ready <port>" once listening.
import pg from 'pg';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const env = process.env;
const url = env.BENCH_URL;
const port = Number(env.BENCH_PORT ?? 0);
if (!url) throw new Error('BENCH_URL is required');

let app;
if (env.BENCH_MODE === 'app') {
  const { buildApp } = await import(dist('app.js'));
  const { loadConfig } = await import(dist('config.js'));
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url }),
    databaseUrl: url,
  };
  let ctx;
  ({ app, ctx } = await buildApp(config));
  void ctx.searchIndex?.refresh(); // as main.ts does in API processes
} else {
  const { default: Fastify } = await import('fastify');
  await import(dist('db/client.js')); // same date parsing as the app
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  app = Fastify({ logger: false });
  app.get('/base/ranking', async (request) => {
    const q = request.query;
    const r = await pool.query(
      `SELECT creator_id, rank, value, delta, fans FROM rankings
       WHERE kind = $1 AND period = 'day' AND day = $2::date AND partition_tid = 0 AND rank > $3 AND rank <= $3 + 20
       ORDER BY rank`,
      [q.kind ?? 'fans', q.day, Number(q.offset ?? 0)],
    );
    return { code: 200, rows: r.rows };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port}\n`);
// the load is over when this is signalled: exit at once (closing would fail requests still queued on the pool)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
