/**
 * The scheduler role (docs/pipeline.md § Scheduler): every tick (SCHEDULER_TICK_MS, default 5 s) the leader —
 * the one process holding the advisory lock (leader.ts) — queues the work that is due:
 * - creator snapshots whose next slot has come (cadence classes; first slots for new rows);
 * - the current slot of every monitored video without a sample; the current minute of monitored live rooms;
 * - pending collection requests whose job went missing;
 * - every 10 minutes the live flag of creators with a room, every hour the cadence classes, after 00:30
 *   Asia/Shanghai the nightly rollups of the day before, and once a day the pruning of old job counts and the
 *   upkeep of the daily tables' monthly partitions (daily-partitions.repository.ts);
 * - the libraries' read models: the video libraries' kept orders nightly, the goods aggregates hourly, each at
 *   once while never written.
 * Every enqueue is idempotent (singleton keys, slots remembered in pipeline_state), so a tick that runs twice,
 * or a new leader after a failover, queues nothing twice.
 */
import { sql } from 'kysely';
import type { Db } from '../db/client.js';
import { addDays, dayStartMs } from '../db/seed/world/days.js';
import type { CollectorService } from '../modules/collector/collector.service.js';
import type { MonitorService } from '../modules/collector/monitor.service.js';
import { errorMessage, shanghaiDay, silentLogger, type PipelineClock, type PipelineLogger } from './clock.js';
import type { JobSender } from './job-system.js';
import { maintainDailyPartitions } from './daily-partitions.repository.js';
import { JobStatsRepository } from './job-stats.repository.js';
import type { LeaderLock } from './leader.js';
import { PipelineStateRepository } from './state.repository.js';

const MINUTE = 60_000;
export const LIVE_STATUS_PERIOD_MS = 10 * MINUTE;
export const CADENCE_PERIOD_MS = 60 * MINUTE;
/** The nightly rollups of day D run from 00:30 on D + 1 (Asia/Shanghai). */
export const ROLLUP_AFTER_MS = 30 * MINUTE;
/** The goods aggregates (goods_stats, migration 0075) are rewritten this often. */
export const GOODS_STATS_PERIOD_MS = 60 * MINUTE;
const JOB_STATS_KEEP_MS = 7 * 24 * 60 * MINUTE;

export interface SchedulerOptions {
  db: Db;
  jobs: JobSender;
  collector: CollectorService;
  monitor: MonitorService;
  leader: LeaderLock;
  clock: PipelineClock;
  tickMs: number;
  /** months of daily snapshots kept attached (0: all); see daily-partitions.repository.ts */
  dailyRetentionMonths?: number;
  log?: PipelineLogger;
  /** opinion tasks whose run is due (modules/opinion): queued as opinion.task-run */
  opinionDue?: (now: Date) => Promise<number[]>;
}

export interface TickReport {
  snapshots: number;
  videoSamples: number;
  liveSample: boolean;
  requests: number;
  periodic: string[];
  errors: string[];
}

export class Scheduler {
  private readonly state: PipelineStateRepository;
  private readonly stats: JobStatsRepository;
  private readonly log: PipelineLogger;
  private readonly slots = new Map<string, string>();
  private readonly written = { videoTops: false, goodsStats: false };
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<unknown> | null = null;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {
    this.state = new PipelineStateRepository(options.db);
    this.stats = new JobStatsRepository(options.db);
    this.log = options.log ?? silentLogger;
  }

  get isLeader(): boolean {
    return this.options.leader.isLeader;
  }

  /** Ticks every `tickMs` until stop(); the first tick right away. */
  start(): void {
    this.stopped = false;
    const loop = async () => {
      this.timer = null;
      if (this.stopped) return;
      this.current = this.tickOnce().catch((e: unknown) => this.log.error(`[scheduler] tick: ${errorMessage(e)}`));
      await this.current;
      this.current = null;
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.options.tickMs);
    };
    void loop();
  }

  /** One tick if this process is (or becomes) the leader; null when another process leads. */
  async tickOnce(): Promise<TickReport | null> {
    const wasLeader = this.options.leader.isLeader;
    if (!(await this.options.leader.ensure())) return null;
    if (!wasLeader) {
      // Another process may have led meanwhile: forget the slots remembered in memory.
      this.slots.clear();
      this.log.info('[scheduler] this process leads the scheduler');
    }
    return this.tick();
  }

  /** The work of one tick (the caller holds the leadership). */
  async tick(): Promise<TickReport> {
    const { collector, monitor, jobs, clock } = this.options;
    const now = clock.now();
    const report: TickReport = {
      snapshots: 0,
      videoSamples: 0,
      liveSample: false,
      requests: 0,
      periodic: [],
      errors: [],
    };
    const step = async (name: string, fn: () => Promise<void>) => {
      try {
        await fn();
      } catch (e) {
        report.errors.push(`${name}: ${errorMessage(e)}`);
        this.log.warn(`[scheduler] ${name}: ${errorMessage(e)}`);
      }
    };

    await step('first cadence', async () => {
      // Before the very first snapshots of a database: classes first, so hot creators are not queued as daily.
      await this.once('initial-cadence', 'done', async () => {
        await collector.refreshCadence();
      });
    });
    await step('snapshots', async () => {
      report.snapshots = await collector.enqueueDueSnapshots();
    });
    await step('opinion tasks', async () => {
      const due = this.options.opinionDue;
      if (!due) return;
      for (const taskId of await due(new Date(now))) await jobs.send('opinion.task-run', { taskId });
    });
    await step('video samples', async () => {
      report.videoSamples = await monitor.enqueueDueVideoSamples();
    });
    await step('monitor alerts', async () => {
      await monitor.checkAlerts();
    });
    const minute = new Date(Math.floor(now / MINUTE) * MINUTE);
    await step('live sample', async () => {
      await this.once('live-sample', minute.toISOString(), async () => {
        if (!(await monitor.anyLiveTarget(minute))) return;
        await jobs.send('monitor.live-sample', { ts: minute.toISOString() });
        report.liveSample = true;
      });
    });
    await step('requests', async () => {
      report.requests = await collector.sweepRequests();
    });
    await step('live status', async () => {
      const slot = new Date(Math.floor(now / LIVE_STATUS_PERIOD_MS) * LIVE_STATUS_PERIOD_MS).toISOString();
      await this.once('live-status', slot, async () => {
        await jobs.send('collect.live-status', { slot });
        report.periodic.push('collect.live-status');
      });
    });
    await step('cadence', async () => {
      const slot = new Date(Math.floor(now / CADENCE_PERIOD_MS) * CADENCE_PERIOD_MS).toISOString();
      await this.once('refresh-cadence', slot, async () => {
        await jobs.send('collect.refresh-cadence', { slot });
        report.periodic.push('collect.refresh-cadence');
      });
    });
    const today = shanghaiDay(now);
    await step('rollup', async () => {
      if (now - dayStartMs(today) < ROLLUP_AFTER_MS) return;
      const day = addDays(today, -1);
      await this.once('rollup', day, async () => {
        await jobs.send('rollup.nightly', { day });
        report.periodic.push('rollup.nightly');
      });
    });
    await step('partitions', async () => {
      await this.once('partitions', today, async () => {
        const upkeep = await maintainDailyPartitions(this.options.db, {
          today,
          retentionMonths: this.options.dailyRetentionMonths ?? 0,
        });
        if (upkeep.created.length + upkeep.detached.length > 0) {
          this.log.info(
            `[scheduler] daily partitions: created ${upkeep.created.join(', ') || '-'}; detached ${upkeep.detached.join(', ') || '-'}`,
          );
        }
        report.periodic.push('partitions');
      });
    });
    await step('prune', async () => {
      await this.once('prune', today, async () => {
        await this.stats.prune(new Date(now - JOB_STATS_KEEP_MS));
        report.periodic.push('prune');
      });
    });
    // the read models of the libraries: the video libraries' kept orders once a day, the goods aggregates once
    // an hour, and each at once while it was never written (a second slot per day / hour: the job's singleton key
    // drops a send while one is queued)
    await step('video tops', async () => {
      this.written.videoTops ||= await this.hasRun('video_top_runs');
      const send = async () => {
        await jobs.send('library.refresh-video-tops', { slot: today });
        report.periodic.push('library.refresh-video-tops');
      };
      await this.once('video-tops', today, send);
      if (!this.written.videoTops) await this.once('video-tops-empty', today, send);
    });
    await step('goods stats', async () => {
      this.written.goodsStats ||= await this.hasRun('goods_stats_runs');
      const hour = new Date(Math.floor(now / GOODS_STATS_PERIOD_MS) * GOODS_STATS_PERIOD_MS).toISOString();
      const send = async () => {
        await jobs.send('commerce.refresh-goods-stats', { slot: hour });
        report.periodic.push('commerce.refresh-goods-stats');
      };
      await this.once('goods-stats', hour, send);
      if (!this.written.goodsStats) await this.once('goods-stats-empty', hour, send);
    });
    return report;
  }

  /**
   * Runs `fn` once per slot value of `task` across ticks, processes and restarts (pipeline_state remembers the
   * last slot done; the in-memory copy spares a read per tick).
   */
  private async once(task: string, slot: string, fn: () => Promise<void>): Promise<void> {
    const key = `scheduler.${task}`;
    let last = this.slots.get(key);
    if (last === undefined) {
      last = (await this.state.get<{ slot: string }>(key))?.slot ?? '';
      this.slots.set(key, last);
    }
    if (last >= slot) return;
    await fn();
    await this.state.set(key, { slot }, new Date(this.options.clock.now()));
    this.slots.set(key, slot);
  }

  /** True when the runs table `table` (video_top_runs, goods_stats_runs) has a run that wrote rows. */
  private async hasRun(table: 'video_top_runs' | 'goods_stats_runs'): Promise<boolean> {
    const r = await sql`SELECT 1 FROM ${sql.table(table)} WHERE rows > 0 LIMIT 1`.execute(this.options.db);
    return r.rows.length > 0;
  }

  /** Stops ticking, waits for a running tick, and gives the leadership up. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.current) await this.current;
    await this.options.leader.release();
  }
}
