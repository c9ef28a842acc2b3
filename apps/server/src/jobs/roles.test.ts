import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContrastFlag, QUOTA_DEFAULTS, signHeaders } from '@xg/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TEST_SCALE } from '../../test/constants.js';
import { freePort } from '../db/embedded.js';
import { createMember, type TestMember } from '../modules/membership/test-members.js';
import { membershipServices } from '../modules/membership/membership.services.js';
import { SCHEDULER_LOCK_KEY } from './leader.js';

/**
 * Issue #28 item 4: the roles across processes. Two API processes, two workers and two schedulers — six real
 * server processes (`apps/server/src/main.ts` with ROLE=api|worker|scheduler) — on one database:
 * one scheduler leads and a killed leader is replaced within 30 s; slot jobs are never queued twice (also across
 * the failover); the workers complete jobs; a session and a quota hold across the API processes; a write through
 * one API process is read back at once through the other.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

interface Proc {
  name: string;
  child: ChildProcess;
  port: number;
  output: string[];
}

const procs: Proc[] = [];
let t: TestApp;
let member: TestMember;

function start(name: string, role: 'api' | 'worker' | 'scheduler', port: number): Proc {
  const url = new URL(t.databaseUrl);
  url.searchParams.set('application_name', name);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TZ: 'UTC',
      DATABASE_URL: url.toString(),
      ROLE: role,
      PORT: String(port),
      SANDBOX: 'true',
      SEED_DEMO: 'false',
      PIPELINE_ENABLED: 'true',
      // the simulator's world is the template's (test/global-setup.ts: seed 7 at TEST_SCALE)
      SIM_SEED: '7',
      SIM_SCALE: String(TEST_SCALE),
      DEMO_SCALE: String(TEST_SCALE),
      BILIBILI_RPS: '20',
      SCHEDULER_TICK_MS: '500',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: Proc = { name, child, port, output: [] };
  const keep = (chunk: Buffer) => {
    p.output.push(...chunk.toString().split('\n').filter(Boolean));
    if (p.output.length > 400) p.output.splice(0, p.output.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  procs.push(p);
  return p;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== null && v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tails = procs.map((p) => `--- ${p.name} (exit ${String(p.child.exitCode)})\n${p.output.slice(-15).join('\n')}`);
  throw new Error(`timed out waiting for ${what} (${String(last)})\n${tails.join('\n')}`);
}

async function call(p: Proc, method: 'GET' | 'POST', route: string, params: Record<string, string | number>) {
  const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { ...signHeaders({ path: route, token: member.token }) };
  const query = method === 'GET' ? `?${new URLSearchParams(text).toString()}` : '';
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(`http://127.0.0.1:${p.port}${route}${query}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: new URLSearchParams(text).toString() } : {}),
  });
  return (await res.json()) as Record<string, unknown> & { code: number };
}

async function leaders(): Promise<string[]> {
  const r = await sql<{ name: string }>`
    SELECT a.application_name AS name
    FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND l.objid = ${SCHEDULER_LOCK_KEY}
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.ctx.db);
  return r.rows.map((row) => row.name);
}

/** Slot jobs (their payload names the slot) queued more than once: must stay empty. */
async function slotJobsTwice(): Promise<string[]> {
  const r = await sql<{ job: string }>`
    SELECT name || ' ' || data::text AS job FROM pgboss.job
    WHERE name IN ('collect.live-status', 'collect.refresh-cadence', 'rollup.nightly', 'monitor.live-sample')
    GROUP BY name, data::text HAVING count(*) > 1`.execute(t.ctx.db);
  return r.rows.map((row) => row.job);
}

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.ctx, { userType: 2 });
  const ports = await Promise.all([freePort(), freePort()]);
  const answers = (p: Proc) => async () => ((await fetch(`http://127.0.0.1:${p.port}/api/health`)).ok ? true : null);
  // The first process alone: tsx compiles the server once into its cache, so the five others start from it
  // instead of six compilations at once (≈ 20 s for the first on an idle 2-core machine, minutes under load).
  const first = start('xg-api-1', 'api', ports[0] ?? 0);
  await until(`${first.name} to answer`, answers(first), 300_000);
  const second = start('xg-api-2', 'api', ports[1] ?? 0);
  start('xg-worker-1', 'worker', 0);
  start('xg-worker-2', 'worker', 0);
  start('xg-scheduler-1', 'scheduler', 0);
  start('xg-scheduler-2', 'scheduler', 0);
  await until(`${second.name} to answer`, answers(second), 300_000);
}, 660_000);

afterAll(async () => {
  const running = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  const exited = running.map((p) => new Promise<void>((resolve) => p.child.once('exit', () => resolve())));
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(exited);
  await t.close();
});

describe('six processes on one database', () => {
  it('one scheduler leads; killed, it is replaced within 30 s; no slot job is queued twice', async () => {
    const first = await until(
      'a leader',
      async () => ((await leaders()).length === 1 ? await leaders() : null),
      120_000,
    );
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^xg-scheduler-[12]$/);
    // the leader queues and the workers complete jobs
    await until(
      'completed jobs',
      async () => {
        const r = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE state = 'completed'`.execute(
          t.ctx.db,
        );
        return Number(r.rows[0]?.n) > 0 ? true : null;
      },
      120_000,
    );
    const leader = procs.find((p) => p.name === first[0]);
    leader?.child.kill('SIGKILL');
    const killedAt = Date.now();
    const next = await until(
      'a new leader',
      async () => {
        const now = await leaders();
        return now.length === 1 && now[0] !== first[0] ? now : null;
      },
      30_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(next[0]).toMatch(/^xg-scheduler-[12]$/);
    // a few ticks of the new leader: still nothing queued twice
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await slotJobsTwice()).toEqual([]);
    expect(await leaders()).toHaveLength(1);
  }, 240_000);

  it('a session and a quota hold across the API processes; a write on one is read at once on the other', async () => {
    const [api1, api2] = procs as [Proc, Proc];
    const creators = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans DESC LIMIT 2`.execute(t.ctx.db);
    const kolIds = creators.rows.map((r) => r.id).join(',');

    // the session opened by one process is valid on both
    for (const p of [api1, api2]) expect((await call(p, 'GET', '/api/user/getContrastCount', {})).code).toBe(200);

    // the monthly quota is one counter: 12 generations spread over both processes, 1 report left → 1 report
    const total = QUOTA_DEFAULTS.contrast[2];
    await membershipServices(t.ctx).quotas.spendQuota(member.id, 'contrast', total - 1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(i % 2 ? api2 : api1, 'POST', '/api/user/kolContrast', { kolIds })),
    );
    expect(answers.filter((a) => a.flag === ContrastFlag.ALLOWED)).toHaveLength(1);
    expect(answers.filter((a) => a.flag === ContrastFlag.UPGRADE)).toHaveLength(11);

    // read-your-write across processes
    const kolId = creators.rows[1]?.id ?? '0';
    expect((await call(api1, 'POST', '/api/user/addLinkKol', { type: 1, kolId })).code).toBe(200);
    const list = await call(api2, 'GET', '/api/user/myLinkKol', { type: 1 });
    expect(JSON.stringify(list)).toContain(`"kolId":${kolId}`);
  }, 120_000);
});
