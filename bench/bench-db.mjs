// The bench database every script uses: BENCH_DB (a plain identifier; each script has its default) on the server of
// BENCH_DATABASE_URL (any database there, default the machine's `test`), as an admin URL and the bench URL; and what
// the scripts share around it (the seeded world, EXPLAIN of captured statements, query samples, percentiles).
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

export function benchDatabase(env, defaultDb) {
  const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = env.BENCH_DB ?? defaultDb;
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_DB must be a plain identifier: ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return { adminUrl, dbName, benchUrl: u.toString() };
}

const dist = (p) => new URL(`../apps/server/dist/${p}`, import.meta.url).href;

/** Creates the bench database when it is missing (UTF-8, C collation, as the tests' databases). */
export async function createBenchDatabase({ adminUrl, dbName }) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount === 0) {
    await admin.query(
      `CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  }
  await admin.end();
}

/**
 * Drops the bench database when `reset`, or when it holds a demo world (app_meta `demo_world`) of another scale or
 * seed than `world`, so that the caller makes it again.
 */
export async function dropOtherWorld({ adminUrl, dbName, benchUrl }, world, { reset = false } = {}, say) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount === 0) return;
    if (!reset) {
      const probe = new pg.Client({ connectionString: benchUrl });
      await probe.connect();
      const marker = await probe
        .query(`SELECT value FROM app_meta WHERE key = 'demo_world'`)
        .then((r) => r.rows[0]?.value ?? null)
        .catch(() => null);
      await probe.end();
      if (!marker || (marker.scale === world.scale && marker.seed === world.seed)) return;
      say(`[bench] ${dbName} holds scale ${marker.scale} seed ${marker.seed}: recreating`);
    }
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * The demo world at `scale` / `seed` in the bench database (BENCH_DB, else `defaultDb`), created when missing,
 * migrated and seeded with the built server code (the app's type parsers installed), on a capturing Kysely of `max`
 * connections (`capturingDb`). `seeded` is seedDemoWorld's answer.
 */
export async function seededWorld(env, defaultDb, { scale, seed, max }, say) {
  await import(dist('db/client.js')); // installs the date type parser used by the app
  const { migrate } = await import(dist('db/migrate.js'));
  const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
  const where = benchDatabase(env, defaultDb);
  await createBenchDatabase(where);
  await migrate(where.benchUrl);
  const { pool, db, captured } = await capturingDb(where.benchUrl, max);
  const seeded = await seedDemoWorld(db, { scale, seed, log: say });
  return { ...where, pool, db, captured, seeded };
}

/**
 * The built server's app on the bench database (BENCH_DB, else `defaultDb`): the database created when missing and
 * migrated, the app built (production config, silent log, no search index) and ready. `q` runs SQL on its pool.
 */
export async function openBenchApp(env, defaultDb, say) {
  const { migrate } = await import(dist('db/migrate.js'));
  const { buildApp } = await import(dist('app.js'));
  const { loadConfig } = await import(dist('config.js'));
  const where = benchDatabase(env, defaultDb);
  await createBenchDatabase(where);
  const applied = await migrate(where.benchUrl);
  if (applied.length) say(`[bench] migrated: ${applied.join(', ')}`);
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: where.benchUrl, SEARCH_INDEX: 'false' }),
    databaseUrl: where.benchUrl,
  };
  const { app, ctx } = await buildApp(config);
  await app.ready();
  const q = async (text, params = []) => (await ctx.pool.query(text, params)).rows;
  return { ...where, config, app, ctx, q };
}

/** The demo world at `scale` when the database has no creators yet. */
export async function seedWhenEmpty(db, q, { scale, seed }, say) {
  if ((await q('SELECT count(*)::int AS n FROM creators'))[0].n > 0) return;
  const { seedDemoWorld } = await import(dist('db/seed/demo-world.js'));
  say(`[bench] loading the demo world at scale ${scale} …`);
  await seedDemoWorld(db, { scale, seed, log: () => undefined });
}

/** A Kysely on its own pool that keeps the SQL and parameters of the queries it runs (for EXPLAIN). */
export async function capturingDb(benchUrl, max) {
  const { default: pg } = await import('pg');
  const { Kysely, PostgresDialect } = await import('kysely');
  const pool = new pg.Pool({ connectionString: benchUrl, max });
  const captured = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return { pool, db, captured };
}

/**
 * `count` accounts of `userType` made for this run (names 压测<run>_<i>, phones `phonePrefix` + 9 digits, invite
 * codes `invitePrefix`<run>_<i>, valid 30 more days), each with an open session: their session tokens.
 */
export async function signedInAccounts(pool, db, { count, userType, phonePrefix, invitePrefix }) {
  const { default: crypto } = await import('node:crypto');
  const { SessionRepository } = await import(dist('modules/session/session.repository.js'));
  const { SessionService } = await import(dist('modules/session/session.service.js'));
  const runId = crypto.randomInt(10_000_000, 99_999_999);
  const users = await pool.query(
    `INSERT INTO users (username, phone, password_hash, invite_code, user_type, maturity_time)
     SELECT '压测' || $1::text || '_' || i, $4::text || lpad(($2::bigint * 1000 + i)::text, 9, '0'), 'x',
            $5::text || $1::text || '_' || i, $6::int, now() + interval '30 days'
     FROM generate_series(1, $3::int) i
     RETURNING id`,
    [String(runId), runId % 100_000, count, phonePrefix, invitePrefix, userType],
  );
  const sessions = new SessionService(new SessionRepository(db));
  const tokens = [];
  for (const row of users.rows) tokens.push(await sessions.open(row.id, { ip: null, userAgent: null }));
  return tokens;
}

/**
 * Runs `run` once and prints the plan of every statement it made (EXPLAIN ANALYZE, BUFFERS, no costs) under `label`;
 * `captured` is the list `capturingDb` fills, `pool` a pool on the same database.
 */
export async function explainStatements(pool, captured, label, run, say) {
  captured.length = 0;
  await run();
  for (const { sql, parameters } of captured.splice(0)) {
    const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, parameters);
    say(`  -- ${label}:\n${plan.rows.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

/** A deterministic draw of 0 … n−1 (a linear congruential generator from `state`): the same run, the same queries. */
export function lcgDraw(state = 12345) {
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
}

const CJK = /^[\u4e00-\u9fff]+$/;
/** Up to `count` all-CJK substrings of `length` characters of texts drawn with `draw` (repeats possible). */
export function cjkSubstrings(texts, draw, length, count) {
  const out = [];
  for (let guard = 0; out.length < count && guard < count * 200; guard++) {
    const chars = Array.from(texts[draw(texts.length)] ?? '');
    if (chars.length < length) continue;
    const start = draw(chars.length - length + 1);
    const s = chars.slice(start, start + length).join('');
    if (CJK.test(s)) out.push(s);
  }
  return out;
}

/** The `p` quantile (0 … 1) of ascending `sorted` values (NaN when there are none). */
export const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** The machine's load averages (1, 5, 15 minutes) as text; the machine may be shared. */
export const loadAverages = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * Whether the database server's shared memory sits in huge pages (docs/scaling.md, "PostgreSQL settings"), as a
 * line to print with a run's figures. At 1M creators on a VM, 4 KB pages made every backend's first touch of each
 * shared buffer a page fault: the uncached discovery loads ran at half the rate (docs/performance.md, session 15).
 * Read from the pool's server: its `shared_buffers` and `huge_pages`; the pages themselves from /proc/meminfo,
 * meaningful only when that server runs on this machine (the bench's machine PostgreSQL does).
 */
export async function hugePagesLine(pool) {
  const setting = async (name) => (await pool.query(`SELECT current_setting($1) AS v`, [name])).rows[0]?.v;
  const [sharedBuffers, hugePages] = [await setting('shared_buffers'), await setting('huge_pages')];
  let meminfo = '';
  try {
    meminfo = fs.readFileSync('/proc/meminfo', 'utf8');
  } catch {
    return `shared_buffers ${sharedBuffers}, huge_pages=${hugePages}; this machine's huge pages unknown (no /proc/meminfo)`;
  }
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo)?.[1] ?? 0);
  const total = field('HugePages_Total');
  const used = total - field('HugePages_Free') + field('HugePages_Rsvd');
  const state =
    total === 0
      ? 'none reserved (vm.nr_hugepages = 0): shared memory in 4 KB pages'
      : `${used} of ${total} × ${field('Hugepagesize')} kB in use or reserved`;
  return `shared_buffers ${sharedBuffers}, huge_pages=${hugePages}; this machine's huge pages: ${state}`;
}

/**
 * BENCH_STATEMENTS=1: where a scenario's database time goes. `reset()` before the load empties
 * pg_stat_statements (the server must preload it: `shared_preload_libraries = 'pg_stat_statements'`); `print()`
 * after it writes the statements of this database with the most execution time (calls, mean and total ms, shared
 * buffers hit and read per call). Returns null when the variable is unset or the extension cannot be used, with a
 * line saying why.
 */
export async function statementProfile(url, env, say, top = 8) {
  if (!env.BENCH_STATEMENTS) return null;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await pool.query('SELECT pg_stat_statements_reset()');
  } catch (err) {
    say(`[bench] BENCH_STATEMENTS: pg_stat_statements unavailable (${err.message}); no statement profile`);
    await pool.end();
    return null;
  }
  return {
    reset: () => pool.query('SELECT pg_stat_statements_reset()'),
    close: () => pool.end(),
    async print(label) {
      const r = await pool.query(
        `SELECT calls, mean_exec_time, total_exec_time, total_plan_time,
                shared_blks_hit::float8 / greatest(calls, 1) AS hit, shared_blks_read::float8 / greatest(calls, 1) AS read,
                regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         ORDER BY total_exec_time DESC LIMIT $1`,
        [top],
      );
      say(`[bench] statements of ${label} (most execution time first):`);
      for (const s of r.rows)
        say(
          `[bench]   ${String(s.calls).padStart(6)} calls  mean ${s.mean_exec_time.toFixed(2).padStart(8)} ms  total ${(s.total_exec_time / 1000).toFixed(1).padStart(6)} s  plan ${(s.total_plan_time / 1000).toFixed(1)} s  buffers ${s.hit.toFixed(0)} hit ${s.read.toFixed(0)} read  ${s.query.slice(0, 300)}`,
        );
    },
  };
}
