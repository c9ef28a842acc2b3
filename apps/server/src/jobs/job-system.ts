/**
 * The job system: pg-boss (docs/decisions.md) on the application's PostgreSQL, in its own schema `pgboss`.
 * Jobs are rows, so they survive restarts; a job whose worker stops mid-run is failed by pg-boss's shutdown
 * (or expires when the process dies) and retried with exponential backoff. Every queue is `stately` with a
 * singleton key per job (names.ts). Handlers are thin and idempotent: a retried job rewrites the same rows.
 *
 * `work()` starts pg-boss workers (the worker role); `runPending()` runs whatever is due in this process until
 * the queues are empty — tests use it to step the pipeline deterministically.
 */
import { PgBoss, type Job, type JobInsert } from 'pg-boss';
import { sql } from 'kysely';
import type { Db } from '../db/client.js';
import type { Priority } from '../providers/bilibili/index.js';
import { errorMessage, silentLogger, type PipelineLogger } from './clock.js';
import { JobStatsRepository } from './job-stats.repository.js';
import { JOBS, JOB_NAMES, type JobName, type JobPayloads } from './names.js';

export const BOSS_SCHEMA = 'pgboss';

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
}

const DAY_S = 24 * 3600;

export class JobSystem implements JobSender {
  readonly boss: PgBoss;
  private readonly stats: JobStatsRepository;
  private readonly log: PipelineLogger;
  private readonly retryDelay: number;
  private readonly pollingIntervalSeconds: number;
  private readonly now: () => number;
  private readonly db: Db;
  private started = false;
  private stopping: Promise<void> | null = null;

  constructor(options: JobSystemOptions) {
    this.log = options.log ?? silentLogger;
    this.db = options.db;
    this.stats = new JobStatsRepository(options.db);
    this.retryDelay = options.retryDelaySeconds ?? 30;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.now = options.now ?? Date.now;
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: BOSS_SCHEMA,
      max: options.poolMax ?? 4,
      application_name: 'xg-jobs',
      schedule: false,
      useListenNotify: true,
    });
    this.boss.on('error', (err: unknown) => this.log.error(`[jobs] pg-boss: ${errorMessage(err)}`));
  }

  /** Installs or migrates the pgboss schema and creates (or updates) every queue. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const name of JOB_NAMES) {
      const def = JOBS[name];
      const options = {
        retryLimit: def.retryLimit,
        retryDelay: this.retryDelay,
        // pg-boss's backoff waits at least 1 s; a delay of 0 (tests) means "retry at once".
        retryBackoff: this.retryDelay > 0,
        ...(this.retryDelay > 0 ? { retryDelayMax: 600 } : {}),
        expireInSeconds: def.expireInSeconds,
        deleteAfterSeconds: DAY_S,
        retentionSeconds: 7 * DAY_S,
        notify: true,
      };
      await this.boss.createQueue(name, { ...options, policy: 'stately' });
      await this.boss.updateQueue(name, options);
    }
    this.started = true;
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
    const jobs: JobInsert[] = items.map((i) => ({
      data: i.data,
      singletonKey: JOBS[name].key(i.data),
      priority: i.priority ?? 0,
    }));
    const ids = await this.boss.insert(name, jobs, { returnId: true });
    const inserted = ids?.length ?? 0;
    const raiseFrom = options.raiseFrom;
    if (raiseFrom !== undefined && inserted < jobs.length) {
      for (const job of jobs) {
        if ((job.priority ?? 0) < raiseFrom || !job.singletonKey) continue;
        await this.boss.update(name, undefined, {
          singletonKey: job.singletonKey,
          priority: job.priority,
          match: 'all',
        });
      }
    }
    return inserted;
  }

  /** Starts pg-boss workers for every handler (the worker role). */
  async work(handlers: JobHandlers, workerConcurrency: number): Promise<void> {
    for (const name of JOB_NAMES) await this.workOne(name, handlers, workerConcurrency);
  }

  private async workOne<N extends JobName>(name: N, handlers: JobHandlers, workerConcurrency: number): Promise<void> {
    const handler = handlers[name] as JobHandler<N>;
    await this.boss.work<JobPayloads[N]>(
      name,
      {
        localConcurrency: Math.max(1, JOBS[name].concurrency(workerConcurrency)),
        batchSize: 1,
        pollingIntervalSeconds: this.pollingIntervalSeconds,
      },
      async (jobs) => {
        const job = jobs[0];
        if (!job) return null;
        return this.execute(name, job, handler);
      },
    );
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
    const jobs = await this.boss.fetch<JobPayloads[N]>(name, { batchSize });
    await Promise.all(
      jobs.map(async (job) => {
        try {
          const output = await this.execute(name, job, handler);
          await this.boss.complete(name, job.id, output);
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
    const signal = job.signal ?? new AbortController().signal;
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
    this.stopping ??= this.boss.stop({ graceful, timeout: timeoutMs, close: true }).then(() => {
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
