import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { runSeeds } from './db/seed/index.js';

/** Entry point: embedded or external PostgreSQL, migrations, seeds, then listen on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    say(`[db] DATABASE_URL not set: starting embedded PostgreSQL in ${config.dataDir}/pg …`);
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => {
      if (/error|fatal/i.test(line)) say(`[pg] ${line}`);
    });
    databaseUrl = embedded.url;
    say('[db] embedded PostgreSQL is up');
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) say(`[db] migrations applied: ${applied.join(', ')}`);

  const { app, ctx } = await buildApp({ ...config, databaseUrl });
  const seeded = await runSeeds(ctx, {
    demo: config.sandbox && config.seedDemo,
    scale: config.demoScale,
    seed: config.demoSeed,
    demoPassword: config.demoPassword,
    log: say,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`[server] ${signal}: shutting down`);
    await app.close().catch(() => undefined);
    if (embedded) await embedded.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  say(`\n${config.site.productName} is running at ${address.replace('0.0.0.0', '127.0.0.1')}`);
  if (seeded.demoAccounts.length) {
    say(`Demo accounts (password: ${config.demoPassword}):`);
    for (const a of seeded.demoAccounts) say(`  ${a.login.padEnd(28)} ${a.description}`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
