import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Msg, signHeaders } from '@xg/shared';
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA } from '../jobs/job-system.js';
import { JOBS, JOB_NAMES, type JobName, type JobPayloads } from '../jobs/names.js';
import { SCHEDULER_LOCK_KEY } from '../jobs/leader.js';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';

/**
 * Issue #14's fault test: the real server process (src/main.ts through tsx) against a PostgreSQL this test
 * starts and owns (never the machine's server), under bounded load, while that PostgreSQL restarts and then
 * stops for 10 s. The process must survive, answer 503 envelopes (not 500s, not dropped connections) while
 * the database is away, answer normally again within 5 s of its return, keep every acknowledged write, and
 * its job system must run jobs again: every queue completes a job within 60 s of the database's return, also
 * the queues whose running job the outage cut (left `active`, its answer lost: issue #23 item 14). Then a server
 * is killed with SIGKILL and the next start must come back within 30 s (the orphaned embedded PostgreSQL is
 * recognised and stopped).
 */
const serverDir = path.resolve(import.meta.dirname, '../..');
const root = path.resolve(serverDir, '../..');
const DEMO_PASSWORD = 'fault-demo-pass';
const LOGINS = ['demo-free@example.com', 'demo-basic@example.com', 'demo-pro@example.com'];
const dirs: string[] = [];
const children: ChildProcess[] = [];
const databases: EmbeddedDatabase[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the embedded server runs as its own OS user
  dirs.push(dir);
  return dir;
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

async function startServer(env: Record<string, string>, logName: string): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(root, 'artifacts', logName);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  let text = '';
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DEMO_PASSWORD,
    ...env,
  };
  // '' unsets (DATABASE_URL: the embedded PostgreSQL)
  for (const [k, v] of Object.entries(childEnv)) if (v === '') delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      log.write(chunk);
    });
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => text };
}

async function waitHealthy(server: Server, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server not healthy in ${timeoutMs} ms:\n${server.output()}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job of every queue that its handler completes quickly on the small demo world (unknown ids are skipped). */
function jobOfEveryQueue(creatorId: number, day: string): { [N in JobName]: JobPayloads[N] } {
  const ts = new Date().toISOString();
  return {
    'collect.creator-snapshot': { creatorId },
    'collect.new-creator': { requestId: 0, mid: 1 },
    'collect.live-status': { slot: `fault-${ts}` },
    'collect.refresh-cadence': { slot: `fault-${ts}` },
    'monitor.video-sample': { targetId: 0, videoId: 0, ts },
    'monitor.live-sample': { ts },
    'monitor.fetch-work': { bvid: null, aid: 0 },
    'opinion.collect-comments': { videoId: 0 },
    'opinion.task-run': { taskId: 0 },
    'rollup.nightly': { day },
    'export.produce': { exportId: 0 },
    'rollup.backfill': { from: day, to: day },
    'library.refresh-video-tops': { slot: `fault-${ts}` },
    'commerce.refresh-goods-stats': { slot: `fault-${ts}` },
  };
}

const keyOf = <N extends JobName>(name: N, data: JobPayloads[N]) => JOBS[name].key(data);

interface Answer {
  /** sent at */
  at: number;
  /** answered at */
  end: number;
  status: number;
  code: number | null;
  message: string;
}

async function call(baseUrl: string, method: 'GET' | 'POST', apiPath: string, body?: Record<string, string>) {
  const ip = `10.9.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
  const headers: Record<string, string> = { ...signHeaders({ path: apiPath }), 'x-forwarded-for': ip };
  if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(`${baseUrl}${apiPath}`, {
    method,
    headers,
    body: body ? new URLSearchParams(body).toString() : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, json };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const db of databases) await db.stop().catch(() => undefined);
  // a killed server's PostgreSQL, if a test failed before the restart stopped it
  for (const dir of dirs) {
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGINT');
  }
  await sleep(500);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('database faults (issue #14)', () => {
  it('rides out a PostgreSQL restart and a 10 s stop under load without losing acknowledged writes', async () => {
    const pgDir = tempDir('xg-fault-pg-');
    const log = (line: string) => void line;
    let database = await startEmbeddedPostgres(pgDir, log, { tuning: 'small' });
    databases.push(database);
    const port = database.port;
    const server = await startServer(
      {
        DATABASE_URL: database.url,
        DATA_DIR: tempDir('xg-fault-data-'),
        DEMO_SCALE: '0.01',
        PIPELINE_ENABLED: 'true',
        SCHEDULER_TICK_MS: '500',
      },
      'fault-server.log',
    );
    await waitHealthy(server, 150_000);

    const answers: Answer[] = [];
    const acknowledged: { login: string; token: string; at: number }[] = [];
    let running = true;
    const loop = async (login: string) => {
      while (running) {
        for (const [method, apiPath, body] of [
          ['POST', '/api/gologin', { loginname: login, loginpwd: DEMO_PASSWORD }],
          ['GET', '/api/health', undefined],
        ] as const) {
          const at = Date.now();
          try {
            const { status, json } = await call(server.baseUrl, method, apiPath, body);
            const code = typeof json.code === 'number' ? json.code : null;
            answers.push({
              at,
              end: Date.now(),
              status,
              code,
              message: typeof json.message === 'string' ? json.message : '',
            });
            if (apiPath === '/api/gologin' && status === 200 && code === 200)
              acknowledged.push({ login, token: typeof json.user_token === 'string' ? json.user_token : '', at });
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            answers.push({ at, end: Date.now(), status: 0, code: null, message });
          }
        }
        await sleep(100);
      }
    };
    const loops = LOGINS.map((login) => loop(login));

    // 1. a fast restart (what `pg_ctl restart -m fast` does)
    await sleep(3000);
    const restartAt = Date.now();
    await database.stop();
    database = await startEmbeddedPostgres(pgDir, log, { port, tuning: 'small' });
    databases.push(database);
    const backAfterRestart = Date.now();
    await sleep(6000);

    // jobs of every queue running when the database goes away, whose answers the outage loses: left `active`
    // (pg-boss 10 keeps them so until their expiry, 30 min – 12 h, and with them the next job of each key)
    const boss = new PgBoss({ connectionString: database.url, schema: BOSS_SCHEMA, schedule: false, supervise: false });
    boss.on('error', () => undefined);
    await boss.start();
    const seed = new pg.Client({ connectionString: database.url });
    await seed.connect();
    const ids = await seed.query<{ creator: string; day: string }>(
      'SELECT (SELECT min(id) FROM creators) AS creator, (SELECT max(day)::text FROM creator_daily) AS day',
    );
    const payloads = jobOfEveryQueue(Number(ids.rows[0]?.creator), ids.rows[0]?.day ?? '');
    for (const name of JOB_NAMES) {
      const data = payloads[name];
      const key = keyOf(name, data as never);
      await boss.send(name, data, { singletonKey: key, startAfter: new Date(Date.now() + 3600_000) });
      // (the key's waiting job, ours or one the scheduler queued first; unless one of the key runs right now)
      await seed.query(
        `UPDATE pgboss.job SET state = 'active', started_on = now()
         WHERE id = (SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'active' LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'active')`,
        [name, key],
      );
    }
    await seed.end();

    // 2. a 10 s stop
    const stopAt = Date.now();
    await database.stop();
    await sleep(2000);
    const during = await call(server.baseUrl, 'POST', '/api/gologin', {
      loginname: LOGINS[0] ?? '',
      loginpwd: DEMO_PASSWORD,
    });
    const healthDuring = await call(server.baseUrl, 'GET', '/api/health');
    await sleep(8000);
    database = await startEmbeddedPostgres(pgDir, log, { port, tuning: 'small' });
    databases.push(database);
    const backAfterStop = Date.now();
    await sleep(7000);
    running = false;
    await Promise.all(loops);

    // what happened, for docs and reports: answers by kind, and the first success after each return
    const firstOkAfter = (t0: number) => (answers.find((a) => a.at >= t0 && a.status === 200)?.end ?? NaN) - t0;
    const summary = {
      answers: answers.length,
      ok: answers.filter((a) => a.status === 200).length,
      unavailable503: answers.filter((a) => a.status === 503).length,
      acknowledgedSignIns: acknowledged.length,
      restartOutageMs: backAfterRestart - restartAt,
      stopOutageMs: backAfterStop - stopAt,
      firstOkAfterRestartMs: firstOkAfter(backAfterRestart),
      firstOkAfterStopMs: firstOkAfter(backAfterStop),
    };
    fs.writeFileSync(path.join(root, 'artifacts', 'fault-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

    // the process lived through both, and no pg client lacked an 'error' listener
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(server.output()).not.toContain('UNCAUGHT');

    // while the database was away: 503 with the envelope and a Chinese message; health "degraded"
    expect(during.status).toBe(503);
    expect(during.json).toMatchObject({ code: -1, message: Msg.serviceUnavailable });
    expect(healthDuring.status).toBe(503);
    expect(healthDuring.json).toMatchObject({ code: -1, status: 'degraded', db: 'unavailable' });

    // every answer was a success or a clear 503: no 500, no dropped connection
    const bad = answers.filter((a) => !(a.status === 200 && a.code === 200) && a.status !== 503);
    expect(bad).toEqual([]);
    // errors stop within 5 s of the database's return (a request sent then and answered before the next outage)
    const late = answers.filter(
      (a) =>
        a.status !== 200 &&
        (a.end < restartAt || (a.at > backAfterRestart + 5000 && a.end < stopAt) || a.at > backAfterStop + 5000),
    );
    expect(late).toEqual([]);
    expect(answers.filter((a) => a.at > backAfterStop + 5000 && a.status === 200).length).toBeGreaterThan(0);

    // no acknowledged write lost: every session a sign-in acknowledged is in the database, and each
    // account's last one still signs in
    expect(acknowledged.length).toBeGreaterThan(10);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const hashes = acknowledged.map((a) => crypto.createHash('sha256').update(a.token).digest('hex'));
      const found = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM sessions WHERE token_hash = ANY($1::text[])',
        [hashes],
      );
      expect(Number(found.rows[0]?.n)).toBe(acknowledged.length);
      for (const login of LOGINS) {
        const last = acknowledged.filter((a) => a.login === login).at(-1);
        if (!last) continue;
        const res = await fetch(`${server.baseUrl}/api/user/userInfo`, {
          headers: { ...signHeaders({ path: '/api/user/userInfo', token: last.token }) },
        });
        expect(((await res.json()) as { code: number }).code).toBe(200);
      }
      // the job system resumed: the scheduler leads again (its advisory lock), and a job sent now is run
      const leader = async () => {
        const r = await client.query<{ ok: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1) AS ok`,
          [SCHEDULER_LOCK_KEY],
        );
        return r.rows[0]?.ok;
      };
      await expect.poll(leader, { timeout: 15_000 }).toBe(true);
      // every queue runs a job again within 60 s of the database's return: a job of each key the outage left
      // active (the worker that lost it fails it once no heartbeat holds it, job-leases.ts), sent now
      for (const name of JOB_NAMES) {
        const data = payloads[name];
        await boss.send(name, data, { singletonKey: keyOf(name, data as never) });
      }
      await boss.stop({ graceful: false });
      // per queue: a job of the key completed after the return — or, for the rollups, started after it: a
      // rollup rebuilds a day's tables (tens of seconds on this world, minutes at 1M, and the nightly one waits for
      // the backfill's rollup lock), so "processing again within 60 s" is that its job was taken and runs
      const LONG_QUEUES: readonly string[] = ['rollup.nightly', 'rollup.backfill'];
      const states = async () => {
        const r = await client.query<{ name: string; state: string }>(
          `SELECT name, state FROM pgboss.job
           WHERE (name, singleton_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))
             AND ((state = 'completed' AND completed_on > $3) OR (state = 'active' AND started_on > $3))`,
          [JOB_NAMES, JOB_NAMES.map((name) => keyOf(name, payloads[name] as never)), new Date(backAfterStop)],
        );
        // a rollup queue runs one job at a time: the job it took after the return may be the one the outage cut
        // (retried) rather than the one sent now, and either shows the queue processing again
        const longStarted = await client.query<{ name: string }>(
          `SELECT DISTINCT name FROM pgboss.job WHERE name = ANY($1::text[]) AND started_on > $2`,
          [LONG_QUEUES, new Date(backAfterStop)],
        );
        return Object.fromEntries(
          JOB_NAMES.map((name) => {
            const seen = r.rows.filter((x) => x.name === name).map((x) => x.state);
            const long = LONG_QUEUES.includes(name);
            if (long && longStarted.rows.some((x) => x.name === name)) return [name, 'started'];
            if (seen.includes('completed')) return [name, long ? 'started' : 'completed'];
            if (seen.includes('active')) return [name, long ? 'started' : 'running'];
            return [name, '-'];
          }),
        );
      };
      const everyCompleted = Object.fromEntries(
        JOB_NAMES.map((name) => [name, LONG_QUEUES.includes(name) ? 'started' : 'completed']),
      );
      await expect
        .poll(states, { timeout: Math.max(1000, backAfterStop + 60_000 - Date.now()), interval: 1000 })
        .toEqual(everyCompleted);
      fs.writeFileSync(
        path.join(root, 'artifacts', 'fault-queues.json'),
        `${JSON.stringify({ queuesCompletedAfterReturnMs: Date.now() - backAfterStop, states: await states() }, null, 2)}\n`,
      );
    } finally {
      await client.end();
    }

    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }, 300_000);

  it('comes back within 30 s after the server was killed with SIGKILL (its PostgreSQL orphaned)', async () => {
    const dataDir = tempDir('xg-fault-kill-');
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', PIPELINE_ENABLED: 'false', DATABASE_URL: '' };
    const first = await startServer(env, 'fault-kill-1.log');
    await waitHealthy(first, 120_000);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const orphan = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(isAlive(orphan)).toBe(true); // the situation of finding 2: PostgreSQL outlived its server

    const second = await startServer(env, 'fault-kill-2.log');
    const ms = await waitHealthy(second, 30_000);
    expect(ms).toBeLessThan(30_000);
    fs.writeFileSync(path.join(root, 'artifacts', 'fault-kill.json'), `${JSON.stringify({ healthyAfterMs: ms })}\n`);
    expect(isAlive(orphan)).toBe(false);
    expect(second.output()).toContain('left running by a server that is gone');

    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
    expect(second.child.exitCode).toBe(0);
    // a clean stop leaves neither PostgreSQL nor the server lock behind
    expect(fs.existsSync(pidFile)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 180_000);
});
