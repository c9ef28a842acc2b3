// The server side of bench/discovery.mjs, started as its own process (see bench/README.md).
//   BENCH_MODE=app       the whole app (buildApp from apps/server/dist) on BENCH_PORT; with BENCH_ROLE=all the
//                        collector (simulator, job system, workers, scheduler) runs in the same process, as the
//                        default `npm start` does; logging at BENCH_LOG_LEVEL (default: the product's `info`)
//   BENCH_MODE=stack     the app as above plus GET /api/benchCeiling: the product's own stack (sign check,
//                        session, envelope) around the baseline's one indexed query — the fair ceiling
//   BENCH_MODE=baseline  bare Fastify + one pg pool and one indexed query (a ranking page by primary key): the
//                        physical ceiling
// Prints "ready <port>" once listening (the log follows on stdout).
import pg from 'pg';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const env = process.env;
const url = env.BENCH_URL;
const port = Number(env.BENCH_PORT ?? 0);
if (!url) throw new Error('BENCH_URL is required');

const CEILING_SQL = `SELECT creator_id, rank, value, delta, fans FROM rankings
  WHERE kind = $1 AND period = 'day' AND day = $2::date AND partition_tid = 0 AND rank > $3 AND rank <= $3 + 20
  ORDER BY rank`;

let app;
let background = null;
if (env.BENCH_MODE === 'app' || env.BENCH_MODE === 'stack') {
  const { buildApp } = await import(dist('app.js'));
  const { loadConfig } = await import(dist('config.js'));
  const role = env.BENCH_ROLE ?? 'api';
  const config = {
    ...loadConfig({
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'info',
      DATABASE_URL: url,
      ROLE: role,
    }),
    databaseUrl: url,
  };
  let ctx;
  ({ app, ctx } = await buildApp(config));
  if (env.BENCH_MODE === 'stack') {
    const { ok } = await import(dist('lib/reply.js'));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    app.get('/api/benchCeiling', async (request) => {
      await app.requireUser(request); // the session check every signed-in call makes
      const q = request.query;
      const r = await pool.query(CEILING_SQL, [q.kind ?? 'fans', q.day, Number(q.offset ?? 0)]);
      return ok({ rows: r.rows });
    });
    app.addHook('onClose', () => pool.end());
  }
  void ctx.searchIndex?.refresh(); // as main.ts does in API processes
  if (role === 'all') {
    const { rolesOf, startBackground } = await import(dist('jobs/bootstrap.js'));
    background = startBackground({
      config,
      ctx,
      databaseUrl: url,
      roles: rolesOf('all'),
      say: (line) => process.stderr.write(`${line}\n`),
    });
  }
} else {
  const { default: Fastify } = await import('fastify');
  await import(dist('db/client.js')); // same date parsing as the app
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  app = Fastify({ logger: false });
  app.get('/base/ranking', async (request) => {
    const q = request.query;
    const r = await pool.query(CEILING_SQL, [q.kind ?? 'fans', q.day, Number(q.offset ?? 0)]);
    return { code: 200, rows: r.rows };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ port, host: '127.0.0.1' });
if (background) await background;
process.stdout.write(`ready ${app.server.address().port}\n`);
// the load is over when this is signalled: exit at once (closing would fail requests still queued on the pool)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
