/**
 * The job system: pg-boss 10 (docs/decisions.md) on the application's PostgreSQL, in its own schema `pgboss`.
 * Jobs are rows, so they survive restarts; a job whose worker stops mid-run is failed by pg-boss's shutdown
 * (or expires when the process dies) and retried with exponential backoff. Every queue is `stately` with a
 * singleton key per job (names.ts). Handlers are thin and idempotent: a retried job rewrites the same rows.
 * pg-boss 10 is the newest release that supports Node 20: it has no per-worker concurrency (we start one
 * worker per slot), no job abort signal (ours aborts when the job expires or when a stop has failed it), no
 * update-by-key (we raise waiting priorities with one UPDATE) and no heartbeat: job-leases.ts beats every running
 * job, and a worker fails the jobs left active without a beat (a killed process, an answer lost in an outage)
 * within a minute instead of at their expiry.
 *
 * `work()` starts pg-boss workers (the worker role); `runPending()` runs whatever is due in this process until
 * the queues are empty — tests use it to step the pipeline deterministically.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { sql } from 'kysely';
import type { Db } from '../db/client.js';
import type { Priority } from '../providers/bilibili/index.js';
import { errorMessage, silentLogger, type PipelineLogger } from './clock.js';
import { JobLeases, LEASE_BEAT_MS } from './job-leases.js';
import { JobStatsRepository } from './job-stats.repository.js';
import { JOBS, JOB_NAMES, type JobName, type JobPayloads } from './names.js';

export const BOSS_SCHEMA = 'pgboss';
/** The schema version pg-boss 10.4 creates (its version.json). */
export const BOSS_SCHEMA_VERSION = 24;

export interface JobContext {
  /** aborted when the job stops being ours (shutdown, expiry) */
  signal: AbortSignal;
  /** 0 on the first attempt */
  retryCount: number;
  /** no retry follows a failure of this attempt */
  lastAttempt: boolean;
  /** the client budget queue of this job's requests */
  priority: Priority;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], ctx: JobContext) => Promise<unknown>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** What services need to enqueue work (the collector, the scheduler). */
export interface JobSender {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendJobOptions): Promise<string | null>;
  sendMany<N extends JobName>(
    name: N,
    items: readonly { data: JobPayloads[N]; priority?: number }[],
    options?: { raiseFrom?: number },
  ): Promise<number>;
}

export interface SendJobOptions {
  /** higher runs first within the queue */
  priority?: number;
  startAfter?: Date;
}

export interface QueueDepth {
  name: string;
  /** waiting and runnable now */
  queued: number;
  /** waiting for a later start (deferred or retry backoff) */
  deferred: number;
  active: number;
  /** failed for good and still retained */
  failed: number;
}

export interface JobSystemOptions {
  databaseUrl: string;
  /** the application database (job outcome bookkeeping) */
  db: Db;
  log?: PipelineLogger;
  /** seconds before the first retry of a failed job (then doubled, jittered, at most 10 min); default 30 */
  retryDelaySeconds?: number;
  /** idle polling of workers (LISTEN/NOTIFY wakes them at once anyway); default 2 */
  pollingIntervalSeconds?: number;
  /** pg-boss's own connection pool; default 4 */
  poolMax?: number;
  /** the instant job outcomes are recorded at (default: the system clock) */
  now?: () => number;
  /** ms without a heartbeat after which an active job is lost (default LEASE_STALE_MS) */
  leaseStaleMs?: number;
}

const DAY_S = 24 * 3600;

type Job<T> = PgBoss.JobWithMetadata<T>;

export class JobSystem implements JobSender {
  readonly boss: PgBoss;
  private readonly stats: JobStatsRepository;
  private readonly log: PipelineLogger;
  private readonly retryDelay: number;
  private readonly pollingIntervalSeconds: number;
  private readonly now: () => number;
  private readonly db: Db;
  private started = false;
  /** aborted once a stop has failed the running jobs: their signals follow */
  private readonly stopped = new AbortController();
  private stopping: Promise<void> | null = null;
  readonly leases: JobLeases;
  private leaseTimer: NodeJS.Timeout | null = null;

  constructor(options: JobSystemOptions) {
    this.log = options.log ?? silentLogger;
    this.db = options.db;
    this.stats = new JobStatsRepository(options.db);
    this.leases = new JobLeases(options.db, this.log, options.leaseStaleMs);
    this.retryDelay = options.retryDelaySeconds ?? 30;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.now = options.now ?? Date.now;
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: BOSS_SCHEMA,
      max: options.poolMax ?? 4,
      application_name: 'xg-jobs',
      schedule: false,
      // finished jobs move to pgboss.archive after an hour and leave it a day later
      archiveCompletedAfterSeconds: 3600,
      deleteAfterSeconds: DAY_S,
    });
    this.boss.on('error', (err: unknown) => this.log.error(`[jobs] pg-boss: ${errorMessage(err)}`));
  }

  /** Installs or migrates the pgboss schema and creates (or updates) every queue. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.dropNewerSchema();
    await this.boss.start();
    for (const name of JOB_NAMES) {
      const def = JOBS[name];
      const options = {
        retryLimit: def.retryLimit,
        retryDelay: this.retryDelay,
        // pg-boss's backoff waits at least 1 s; a delay of 0 (tests) means "retry at once".
        retryBackoff: this.retryDelay > 0,
        expireInSeconds: def.expireInSeconds,
        // a job still waiting after a week is dropped
        retentionMinutes: 7 * 24 * 60,
      };
      await this.boss.createQueue(name, { name, ...options, policy: 'stately' });
      await this.boss.updateQueue(name, { name, ...options, policy: 'stately' });
    }
    this.started = true;
  }

  /**
   * A database used with pg-boss 12 (this project's versions before Node 20 support) carries a newer `pgboss`
   * schema that pg-boss 10 cannot migrate down: it is dropped and created again. Waiting jobs come back by
   * themselves (the scheduler queues due slots again, the sweep re-queues pending collection requests).
   */
  private async dropNewerSchema(): Promise<void> {
    const exists = await sql<{ t: string | null }>`SELECT to_regclass(${`${BOSS_SCHEMA}.version`}) AS t`.execute(
      this.db,
    );
    if (!exists.rows[0]?.t) return;
    const v = await sql<{ version: number }>`SELECT version FROM ${sql.raw(BOSS_SCHEMA)}.version`.execute(this.db);
    const version = Number(v.rows[0]?.version ?? 0);
    if (version <= BOSS_SCHEMA_VERSION) return;
    this.log.warn(
      `[jobs] the ${BOSS_SCHEMA} schema is version ${version} (a newer pg-boss); recreating it for pg-boss 10 (version ${BOSS_SCHEMA_VERSION})`,
    );
    await sql`DROP SCHEMA ${sql.raw(BOSS_SCHEMA)} CASCADE`.execute(this.db);
  }

  async send<N extends JobName>(name: N, data: JobPayloads[N], options: SendJobOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      singletonKey: JOBS[name].key(data),
      priority: options.priority ?? 0,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /**
   * Inserts many jobs in one statement; jobs whose key already waits are skipped. With `raiseFrom`, an
   * item of at least that priority lifts the priority of the job already waiting under its key (a creator
   * that became hot or is being viewed overtakes the daily backlog). Answers jobs created.
   */
  async sendMany<N extends JobName>(
    name: N,
    items: readonly { data: JobPayloads[N]; priority?: number }[],
    options: { raiseFrom?: number } = {},
  ): Promise<number> {
    if (items.length === 0) return 0;
    // pg-boss 10 answers no ids from insert (duplicates are skipped by ON CONFLICT): the ids are ours, and
    // the jobs inserted are those of our ids that exist afterwards.
    const jobs = items.map((i) => ({
      id: randomUUID(),
      name,
      data: i.data,
      singletonKey: JOBS[name].key(i.data),
      priority: i.priority ?? 0,
    }));
    await this.boss.insert(jobs);
    const found = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ${sql.raw(BOSS_SCHEMA)}.job
      WHERE name = ${name} AND id = ANY(${jobs.map((j) => j.id)}::uuid[])`.execute(this.db);
    const inserted = Number(found.rows[0]?.n ?? 0);
    const raiseFrom = options.raiseFrom;
    if (raiseFrom !== undefined && inserted < jobs.length) {
      const raise = jobs.filter((j) => j.priority >= raiseFrom);
      if (raise.length > 0) {
        // Waiting jobs under these keys overtake the backlog; a priority is never lowered.
        await sql`
          UPDATE ${sql.raw(BOSS_SCHEMA)}.job AS j SET priority = r.priority
          FROM unnest(${raise.map((j) => j.singletonKey)}::text[], ${raise.map((j) => j.priority)}::int[])
            AS r(key, priority)
          WHERE j.name = ${name} AND j.singleton_key = r.key AND j.state < 'active' AND j.priority < r.priority`.execute(
          this.db,
        );
      }
    }
    return inserted;
  }

  /** Starts pg-boss workers for every handler (the worker role). */
  async work(handlers: JobHandlers, workerConcurrency: number): Promise<void> {
    // the jobs a previous process left active (killed, or its answers lost): failed before the workers fetch
    await this.sweepLost();
    for (const name of JOB_NAMES) await this.workOne(name, handlers, workerConcurrency);
    this.leaseTimer ??= setInterval(() => void this.beatAndSweep(), LEASE_BEAT_MS);
    this.leaseTimer.unref();
  }

  private async beatAndSweep(): Promise<void> {
    try {
      await this.leases.beat();
    } catch (e) {
      this.log.warn(`[jobs] job lease beat: ${errorMessage(e)}`);
    }
    await this.sweepLost();
  }

  /**
   * Fails (pg-boss `fail`: retried while attempts remain, at once — no backoff for a lost worker) every job left
   * active without a heartbeat for LEASE_STALE_MS (job-leases.ts); answers how many. Never throws (the database may
   * be away).
   */
  async sweepLost(): Promise<number> {
    try {
      const lost = await this.leases.lost(BOSS_SCHEMA);
      const byName = new Map<string, string[]>();
      for (const job of lost) byName.set(job.name, [...(byName.get(job.name) ?? []), job.id]);
      for (const [name, ids] of byName) {
        for (const id of ids)
          await this.boss.fail(name, id, {
            message: 'worker lost: no heartbeat (its process ended or its answer was lost)',
          });
        await this.leases.retryNow(BOSS_SCHEMA, ids);
        this.log.warn(
          `[jobs] ${name}: ${ids.length} job(s) left active by a lost worker failed (retried if attempts remain)`,
        );
      }
      return lost.length;
    } catch (e) {
      this.log.warn(`[jobs] lost-job sweep: ${errorMessage(e)}`);
      return 0;
    }
  }

  /** pg-boss 10 runs one job at a time per worker: a queue's concurrency is that many workers. */
  private async workOne<N extends JobName>(name: N, handlers: JobHandlers, workerConcurrency: number): Promise<void> {
    const handler = handlers[name] as JobHandler<N>;
    const slots = Math.max(1, JOBS[name].concurrency(workerConcurrency));
    for (let i = 0; i < slots; i++) {
      await this.boss.work<JobPayloads[N]>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.pollingIntervalSeconds },
        async (jobs) => {
          const job = jobs[0];
          if (!job) return null;
          return this.execute(name, job, handler);
        },
      );
    }
  }

  /**
   * Runs due jobs of `names` (default: all) in this process until none is left: fetch, run, complete or fail
   * (a failed job with retries left comes back when its backoff allows). Answers the number of jobs run.
   */
  async runPending(
    handlers: Partial<JobHandlers>,
    options: { names?: readonly JobName[]; maxJobs?: number; batchSize?: number; waitForRetriesMs?: number } = {},
  ): Promise<number> {
    const names = options.names ?? JOB_NAMES;
    const max = options.maxJobs ?? 100_000;
    const waitUntil = Date.now() + (options.waitForRetriesMs ?? 15_000);
    let ran = 0;
    for (;;) {
      let fetched = 0;
      for (const name of names) {
        fetched += await this.runBatch(name, handlers, options.batchSize ?? 8);
        if (ran + fetched >= max) return ran + fetched;
      }
      ran += fetched;
      if (fetched > 0) continue;
      // Failed jobs waiting out their retry delay: wait for them (bounded), then stop.
      if (Date.now() >= waitUntil || !(await this.retriesWaiting(names))) return ran;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async retriesWaiting(names: readonly JobName[]): Promise<boolean> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ${sql.raw(BOSS_SCHEMA)}.job
      WHERE name = ANY(${[...names]}::text[]) AND state = 'retry'`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0) > 0;
  }

  private async runBatch<N extends JobName>(
    name: N,
    handlers: Partial<JobHandlers>,
    batchSize: number,
  ): Promise<number> {
    const handler: JobHandler<N> | undefined = handlers[name];
    if (!handler) return 0;
    const jobs = await this.boss.fetch<JobPayloads[N]>(name, { batchSize, includeMetadata: true });
    await Promise.all(
      jobs.map(async (job) => {
        try {
          const output = await this.execute(name, job, handler);
          await this.boss.complete(name, job.id, output as object); // null: no output
        } catch (e) {
          await this.boss.fail(name, job.id, { message: errorMessage(e) });
        }
      }),
    );
    return jobs.length;
  }

  private async execute<N extends JobName>(
    name: N,
    job: Job<JobPayloads[N]>,
    handler: JobHandler<N>,
  ): Promise<object | null> {
    const def = JOBS[name];
    // pg-boss 10 gives a job no abort signal: ours aborts when the job expires (pg-boss fails it then) or when a
    // stop has failed it.
    const abort = new AbortController();
    const onStop = () => abort.abort(new Error('job system stopped'));
    if (this.stopped.signal.aborted) onStop();
    else this.stopped.signal.addEventListener('abort', onStop, { once: true });
    const expiry = setTimeout(() => abort.abort(new Error('job expired')), Math.max(1, def.expireInSeconds) * 1000);
    expiry.unref();
    const signal = abort.signal;
    await this.leases.hold(name, job.id);
    const ctx: JobContext = {
      signal,
      retryCount: job.retryCount,
      lastAttempt: job.retryCount >= def.retryLimit,
      priority: def.clientPriority,
    };
    try {
      const out = await handler(job.data, ctx);
      await this.record(name, true);
      return out === undefined || out === null ? null : typeof out === 'object' ? out : { result: out };
    } catch (e) {
      // A job taken away by a shutdown is not a failure of the job; pg-boss retries it.
      if (!signal.aborted) {
        await this.record(name, false, errorMessage(e));
        this.log.warn(`[jobs] ${name} failed (attempt ${job.retryCount + 1}): ${errorMessage(e)}`, {
          job: job.id,
        });
      }
      throw e;
    } finally {
      clearTimeout(expiry);
      this.stopped.signal.removeEventListener('abort', onStop);
      await this.leases.release(job.id);
    }
  }

  private async record(name: string, ok: boolean, error?: string): Promise<void> {
    try {
      await this.stats.record(name, ok, new Date(this.now()), error);
    } catch (e) {
      this.log.warn(`[jobs] could not record the outcome of ${name}: ${errorMessage(e)}`);
    }
  }

  /** Jobs per queue and state, read from pg-boss's job table. */
  async depths(): Promise<QueueDepth[]> {
    return queueDepths(this.db);
  }

  /**
   * Stops the workers: running jobs get `timeoutMs` to finish (none with `graceful` false), then pg-boss fails
   * them — they are retried by whichever worker runs next — and aborts their signals.
   */
  stop(timeoutMs = 10_000, graceful = true): Promise<void> {
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    this.stopping ??= this.boss.stop({ graceful, timeout: timeoutMs, close: true, wait: true }).then(() => {
      this.stopped.abort();
      this.started = false;
    });
    return this.stopping;
  }
}

/** Queue depths straight from `pgboss.job` (also answers from a process that runs no job system). */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass(${`${BOSS_SCHEMA}.job`}) AS t`.execute(db);
  if (!exists.rows[0]?.t) return JOB_NAMES.map((name) => ({ name, queued: 0, deferred: 0, active: 0, failed: 0 }));
  const rows = await sql<{ name: string; queued: string; deferred: string; active: string; failed: string }>`
    SELECT name,
           count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()) AS queued,
           count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now()) AS deferred,
           count(*) FILTER (WHERE state = 'active') AS active,
           count(*) FILTER (WHERE state = 'failed') AS failed
    FROM ${sql.raw(BOSS_SCHEMA)}.job
    WHERE state IN ('created', 'retry', 'active', 'failed')
    GROUP BY name`.execute(db);
  const byName = new Map(rows.rows.map((r) => [r.name, r]));
  return JOB_NAMES.map((name) => {
    const r = byName.get(name);
    return {
      name,
      queued: Number(r?.queued ?? 0),
      deferred: Number(r?.deferred ?? 0),
      active: Number(r?.active ?? 0),
      failed: Number(r?.failed ?? 0),
    };
  });
}
