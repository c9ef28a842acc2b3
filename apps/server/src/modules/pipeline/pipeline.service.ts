/**
 * Pipeline health for operators (GET /api/admin/pipeline, docs/pipeline.md § Health): queue depths per job
 * name, the last success of each job type, error rates over the last hour, staleness (p50/p95 of now −
 * last_collected_at) per cadence class, and the Bilibili client's request counters — this process's own and
 * those other worker processes stored in the last 10 minutes.
 */
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { queueDepths, type QueueDepth } from '../../jobs/job-system.js';
import { PipelineStateRepository } from '../../jobs/state.repository.js';
import type { BilibiliClient, ClientCounters, Priority } from '../../providers/bilibili/index.js';
import { monitorCapacity, type MonitorCapacity } from './monitor-capacity.js';
import { PipelineRepository, type ErrorRateRow, type JobStatusRow, type StalenessRow } from './pipeline.repository.js';

/** In sandbox mode this demo account is an operator (docs/pipeline.md). */
export const SANDBOX_OPERATOR_EMAIL = 'demo-premium@example.com';

export interface ClientCountersView {
  process: string;
  counters: ClientCounters;
  granted: Record<Priority, number>;
  /** requests waiting for the budget, per priority */
  depth: Record<Priority, number>;
  updatedAt: string;
}

export interface PipelineHealth {
  generatedAt: string;
  schedulerLeader: boolean;
  queues: QueueDepth[];
  jobs: JobStatusRow[];
  errorRates: ErrorRateRow[];
  staleness: StalenessRow[];
  requests: { local: ClientCountersView | null; processes: ClientCountersView[] };
  /**
   * tids the platform reported that the partition tree lacks (migration 0018): their videos are stored with tid NULL
   * until an operator adds the tid to `partitions` (the next rollup then moves them)
   */
  unknownPartitions: { tid: number; tname: string | null; videos: number; firstDay: string; lastDay: string }[];
  /** monitoring windows, samples a minute needed vs done, their request cost against the budget (monitor-capacity.ts) */
  monitoring: MonitorCapacity;
}

interface StoredCounters {
  counters: ClientCounters;
  granted: Record<Priority, number>;
  depth: Record<Priority, number>;
}

export class PipelineService {
  private readonly repo: PipelineRepository;
  private readonly state: PipelineStateRepository;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {
    this.repo = new PipelineRepository(db);
    this.state = new PipelineStateRepository(db);
  }

  /** OPERATOR_USER_IDS, or (sandbox mode) the demo-premium account. */
  async isOperator(userId: string): Promise<boolean> {
    if (this.config.pipeline.operatorUserIds.includes(userId)) return true;
    return this.config.sandbox && this.repo.isDemoOperator(userId, SANDBOX_OPERATOR_EMAIL);
  }

  async health(
    client: BilibiliClient | null,
    now: Date = new Date(),
    liveStreams: number | null = null,
  ): Promise<PipelineHealth> {
    const [queues, jobs, errorRates, staleness, schedulerLeader, stored, unknownPartitions, monitoring] =
      await Promise.all([
        queueDepths(this.db),
        this.repo.jobStatus(),
        this.repo.errorRates(new Date(now.getTime() - 3600_000)),
        this.repo.staleness(now),
        this.repo.schedulerLeaderUp(),
        this.state.list<StoredCounters>('client.', new Date(now.getTime() - 10 * 60_000)),
        this.repo.unknownPartitions(),
        monitorCapacity(
          this.db,
          now,
          { rps: this.config.bilibili.rps, liveStatusBatch: this.config.pipeline.liveStatusBatch },
          liveStreams,
        ),
      ]);
    const local: ClientCountersView | null = client
      ? {
          process: 'this',
          counters: client.counters,
          granted: client.limiter.granted,
          depth: client.limiter.depth(),
          updatedAt: now.toISOString(),
        }
      : null;
    return {
      generatedAt: now.toISOString(),
      schedulerLeader,
      queues,
      jobs,
      errorRates,
      staleness,
      requests: {
        local,
        processes: stored.map((s) => ({
          process: s.key.slice('client.'.length),
          ...s.value,
          updatedAt: s.updatedAt.toISOString(),
        })),
      },
      unknownPartitions,
      monitoring,
    };
  }
}
