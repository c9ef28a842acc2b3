/**
 * The pipeline of one process (docs/pipeline.md): the job system, the collection services, the job handlers
 * (thin: each calls one service method), the scheduler, and the roles this process plays. main.ts starts it
 * in the background after the web is up; tests start it with roles off and step it (`scheduler.tick()`,
 * `runPending()`).
 */
import os from 'node:os';
import type { PipelineSettings } from '../config.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { CollectorService } from '../modules/collector/collector.service.js';
import type { CollectorDeps } from '../modules/collector/deps.js';
import { MonitorService } from '../modules/collector/monitor.service.js';
import { OpinionService } from '../modules/collector/opinion.service.js';
import { createIngestion } from '../modules/ingestion/index.js';
import { attachPipeline } from '../modules/pipeline/registry.js';
import type { AlertSink } from '../modules/placements/alerts.js';
import { CommerceRepository } from '../modules/commerce/commerce.repository.js';
import { goodsStatsPlan } from '../modules/commerce/commerce.service.js';
import { exportJobRunner } from '../modules/export/export.jobs.js';
import { VideoLibraryRepository } from '../modules/video-library/video-library.repository.js';
import { OpinionTaskRunner } from '../modules/opinion/opinion.jobs.js';
import type { BilibiliClient } from '../providers/bilibili/index.js';
import {
  errorMessage,
  shanghaiDay,
  silentLogger,
  systemPipelineClock,
  type PipelineClock,
  type PipelineLogger,
} from './clock.js';
import { JobSystem, type JobHandlers, type JobSystemOptions } from './job-system.js';
import { LeaderLock, SCHEDULER_LOCK_KEY } from './leader.js';
import type { JobName } from './names.js';
import { loadNightlyRollups } from './rollup.js';
import { Scheduler } from './scheduler.js';
import { PipelineStateRepository } from './state.repository.js';

export interface PipelineOptions {
  databaseUrl: string;
  /** the application's database handle */
  db: Db;
  client: BilibiliClient | null;
  settings: PipelineSettings;
  /** which loops run in this process; both off: the caller steps the pipeline itself (tests) */
  roles: { worker: boolean; scheduler: boolean };
  clock?: PipelineClock;
  log?: PipelineLogger;
  jobs?: Pick<JobSystemOptions, 'retryDelaySeconds' | 'pollingIntervalSeconds' | 'poolMax'>;
  /** the scheduler's advisory lock key (tests use their own) */
  lockKey?: number;
  /** wait of submitCollectionKol's synchronous card lookup */
  quickTimeoutMs?: number;
  /** where monitoring alerts go (the notify module's service); absent: no alerts */
  alerts?: AlertSink;
}

/** Client counters are written to pipeline_state this often, for the health endpoint of other processes. */
const COUNTERS_FLUSH_MS = 30_000;

export class Pipeline {
  readonly jobs: JobSystem;
  readonly deps: CollectorDeps;
  readonly collector: CollectorService;
  readonly monitor: MonitorService;
  readonly opinion: OpinionService;
  readonly handlers: JobHandlers;
  readonly scheduler: Scheduler;
  readonly leader: LeaderLock;
  private readonly log: PipelineLogger;
  private readonly state: PipelineStateRepository;
  /** makes the file of one export (attach() binds it to the app's context: the lists need its services) */
  exportRunner: ((exportId: number) => Promise<unknown>) | null = null;
  /** runs opinion tasks (attach() binds it to the app's context: warnings go through its notify module) */
  opinionRunner: OpinionTaskRunner | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private working = false;
  private schedulerRunning = false;

  private constructor(private readonly options: PipelineOptions) {
    const log = options.log ?? silentLogger;
    const clock = options.clock ?? systemPipelineClock;
    this.log = log;
    this.state = new PipelineStateRepository(options.db);
    this.jobs = new JobSystem({
      databaseUrl: options.databaseUrl,
      db: options.db,
      log,
      now: () => clock.now(),
      ...options.jobs,
    });
    this.deps = {
      db: options.db,
      client: options.client,
      jobs: this.jobs,
      clock,
      settings: options.settings,
      log,
      ingestion: createIngestion(options.db),
      ...(options.alerts ? { alerts: options.alerts } : {}),
    };
    this.collector = new CollectorService(this.deps, { quickTimeoutMs: options.quickTimeoutMs });
    this.monitor = new MonitorService(this.deps);
    this.opinion = new OpinionService(this.deps);
    this.handlers = buildHandlers(this);
    this.leader = new LeaderLock(options.databaseUrl, options.lockKey ?? SCHEDULER_LOCK_KEY, log);
    this.scheduler = new Scheduler({
      db: options.db,
      jobs: this.jobs,
      collector: this.collector,
      monitor: this.monitor,
      leader: this.leader,
      clock,
      tickMs: options.settings.schedulerTickMs,
      dailyRetentionMonths: options.settings.dailyRetentionMonths,
      log,
      opinionDue: (now) => OpinionTaskRunner.due(options.db, now),
    });
  }

  /** Starts the job system (schema, queues), then the roles asked for. */
  static async start(options: PipelineOptions): Promise<Pipeline> {
    const pipeline = new Pipeline(options);
    await pipeline.jobs.start();
    if (options.roles.worker) await pipeline.startWorkers();
    if (options.roles.scheduler) pipeline.startScheduler();
    return pipeline;
  }

  async startWorkers(): Promise<void> {
    if (this.working) return;
    this.working = true;
    await this.jobs.work(this.handlers, this.options.settings.workerConcurrency);
    if (this.options.client) {
      this.flushTimer = setInterval(() => void this.flushCounters(), COUNTERS_FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  startScheduler(): void {
    if (this.schedulerRunning) return;
    this.schedulerRunning = true;
    this.scheduler.start();
  }

  /** Makes this pipeline the one the app's routes use (submitCollectionKol, the health endpoint). */
  attach(ctx: AppContext): void {
    this.exportRunner = exportJobRunner(ctx);
    this.opinionRunner = new OpinionTaskRunner(ctx, this.opinion, this.deps.clock, this.deps.log);
    attachPipeline(ctx, {
      collector: this.collector,
      monitor: this.monitor,
      client: this.options.client,
      jobs: this.jobs,
      clock: this.deps.clock,
    });
  }

  /** Runs due jobs in this process until the queues are empty (tests; see JobSystem.runPending). */
  runPending(options: { names?: readonly JobName[]; maxJobs?: number } = {}): Promise<number> {
    return this.jobs.runPending(this.handlers, options);
  }

  /** The client's counters under pipeline_state `client.<host>.<pid>`. */
  async flushCounters(): Promise<void> {
    const client = this.options.client;
    if (!client) return;
    try {
      await this.state.set(`client.${os.hostname()}.${process.pid}`, {
        counters: client.counters,
        granted: client.limiter.granted,
        depth: client.limiter.depth(),
      });
    } catch (e) {
      this.log.warn(`[jobs] could not store the client counters: ${errorMessage(e)}`);
    }
  }

  /** Scheduler first (no new work), then the workers (running jobs get `timeoutMs`, then are retried later). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = null;
    await this.scheduler.stop();
    await this.flushCounters();
    await this.jobs.stop(timeoutMs);
    await this.monitor.close();
  }
}

function buildHandlers(p: Pipeline): JobHandlers {
  return {
    'collect.creator-snapshot': (d, ctx) => p.collector.snapshotCreator(d.creatorId, ctx),
    'collect.new-creator': (d, ctx) => p.collector.collectNewCreator(d, ctx),
    'collect.live-status': (_d, ctx) => p.collector.refreshLiveStatus(ctx),
    'collect.refresh-cadence': () => p.collector.refreshCadence(),
    'monitor.video-sample': (d, ctx) => p.monitor.sampleVideo(d, ctx),
    'monitor.live-sample': (d, ctx) => p.monitor.sampleLive(d, ctx),
    'monitor.fetch-work': (d, ctx) => p.monitor.fetchWork(d, ctx),
    'opinion.collect-comments': (d, ctx) => p.opinion.collect(d, ctx),
    'opinion.task-run': (d, ctx) => {
      if (!p.opinionRunner) throw new Error('opinion.task-run: no app context attached to this pipeline');
      return p.opinionRunner.run(d.taskId, ctx);
    },
    'rollup.nightly': async (d) => {
      const run = await loadNightlyRollups();
      if (!run) {
        p.deps.log.warn(`[jobs] rollup.nightly ${d.day}: modules/metrics runNightlyRollups is not available, skipped`);
        return { skipped: true, day: d.day };
      }
      await run(p.deps.db, d.day);
      return { day: d.day };
    },
    'export.produce': (d) => {
      if (!p.exportRunner) throw new Error('export.produce: no app context attached to this pipeline');
      return p.exportRunner(d.exportId);
    },
    'rollup.backfill': async (d) => {
      const { rollupRange } = await import('../modules/metrics/index.js');
      const s = await rollupRange(p.deps.db, d.from, d.to, {
        onDay: ({ day, index, total, summary }) =>
          p.deps.log.info(
            `[jobs] rollup.backfill ${d.from}..${d.to} [${index}/${total}] ${day}: ${summary.events} events, ${summary.rankingRows} ranking rows in ${summary.ms} ms`,
          ),
      });
      return { from: s.from, to: s.to, days: s.days, events: s.events, rankingRows: s.rankingRows, ms: s.ms };
    },
    'library.refresh-video-tops': () => new VideoLibraryRepository(p.deps.db).refreshTops(),
    'commerce.refresh-goods-stats': () => {
      const today = shanghaiDay(p.deps.clock.now());
      const plan = goodsStatsPlan(today);
      return new CommerceRepository(p.deps.db).refreshStats(today, plan.windows, plan.periods);
    },
  };
}
