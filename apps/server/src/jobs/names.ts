/**
 * Every job of the pipeline: its name (`<area>.<verb-noun>`), its payload, its singleton key and its queue
 * settings. Every queue uses pg-boss's `stately` policy with a singleton key on every job: per key at most one
 * job waits and one runs, so a second "collect creator 42" while one is queued is dropped (one pending
 * collection per creator) — see docs/pipeline.md § Jobs.
 */
import type { Priority } from '../providers/bilibili/index.js';

export interface JobPayloads {
  /** card + relation stat + upstat (+ the first page of the video list) → creators, creator_daily, videos */
  'collect.creator-snapshot': { creatorId: number };
  /** submitCollectionKol: the quick step (card → searchable) if not done yet, then the backfill */
  'collect.new-creator': { requestId: number; mid: number };
  /** the live flag of every creator with a room (live status by uids, in batches) */
  'collect.live-status': { slot: string };
  /** recompute the cadence classes (hot / high / daily / viewed) */
  'collect.refresh-cadence': { slot: string };
  /** one sample of a monitored video at the slot `ts` (ISO) of its target */
  'monitor.video-sample': { targetId: number; videoId: number; ts: string };
  /** one sample of every monitored live room that is live at the minute `ts` (ISO) */
  'monitor.live-sample': { ts: string };
  /** a work named by a placement link that is not in the database yet: view → videos, then link placements */
  'monitor.fetch-work': { bvid: string | null; aid: number | null };
  /** comments (newest first, until already-seen rpids) and optionally danmaku of one video */
  'opinion.collect-comments': { videoId: number; maxPages?: number; danmaku?: boolean };
  /** one run of an opinion task (modules/opinion): collect its videos, score new texts, evaluate its rules */
  'opinion.task-run': { taskId: number };
  /** the metrics engineer's nightly rollups for one Asia/Shanghai day */
  'rollup.nightly': { day: string };
  /** an Excel export of EXPORT_JOB_ROWS rows or more (modules/export): written by a worker, stored in export_files */
  'export.produce': { exportId: number };
  /** an operator's backfill: the rollup of every day from `from` to `to`, in order (metrics rollupRange) */
  'rollup.backfill': { from: string; to: string };
  /** the video libraries' kept play / like orders (video_top, migration 0074): nightly, and at start when empty */
  'library.refresh-video-tops': { slot: string };
  /** the goods search / rank aggregates (goods_stats, goods_rank_stats, migration 0075): hourly, and at start */
  'commerce.refresh-goods-stats': { slot: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = [
  'collect.creator-snapshot',
  'collect.new-creator',
  'collect.live-status',
  'collect.refresh-cadence',
  'monitor.video-sample',
  'monitor.live-sample',
  'monitor.fetch-work',
  'opinion.collect-comments',
  'opinion.task-run',
  'rollup.nightly',
  'export.produce',
  'rollup.backfill',
  'library.refresh-video-tops',
  'commerce.refresh-goods-stats',
];

export interface JobDefinition<N extends JobName> {
  /** the singleton key: at most one queued and one active job per key */
  key: (data: JobPayloads[N]) => string;
  /** the client budget's queue for the job's requests */
  clientPriority: Priority;
  /** attempts after the first (pg-boss retryLimit) */
  retryLimit: number;
  /** seconds an active job may run before pg-boss takes it back and retries it */
  expireInSeconds: number;
  /** parallel jobs of this queue per worker process, from WORKER_CONCURRENCY */
  concurrency: (workerConcurrency: number) => number;
}

const half = (n: number) => Math.max(1, Math.floor(n / 2));
const one = () => 1;

export const JOBS: { [N in JobName]: JobDefinition<N> } = {
  'collect.creator-snapshot': {
    key: (d) => `creator:${d.creatorId}`,
    clientPriority: 'normal',
    retryLimit: 4,
    expireInSeconds: 30 * 60,
    concurrency: (n) => n,
  },
  'collect.new-creator': {
    key: (d) => `mid:${d.mid}`,
    clientPriority: 'low',
    retryLimit: 5,
    expireInSeconds: 2 * 3600,
    concurrency: half,
  },
  'collect.live-status': {
    key: (d) => d.slot,
    clientPriority: 'normal',
    retryLimit: 1,
    expireInSeconds: 15 * 60,
    concurrency: one,
  },
  'collect.refresh-cadence': {
    key: (d) => d.slot,
    clientPriority: 'normal',
    retryLimit: 2,
    expireInSeconds: 15 * 60,
    concurrency: one,
  },
  'monitor.video-sample': {
    key: (d) => `${d.videoId}@${d.ts}`,
    clientPriority: 'high',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    // a slot job is one view at high priority, mostly waiting for the budget: twice the workers' slots, so the
    // request budget (not one job per slot per 2 s poll) bounds the cadence (docs/performance.md § Monitoring cadence)
    concurrency: (n) => Math.max(4, n * 2),
  },
  'monitor.live-sample': {
    key: (d) => d.ts,
    clientPriority: 'high',
    retryLimit: 1,
    expireInSeconds: 2 * 60,
    concurrency: one,
  },
  'monitor.fetch-work': {
    key: (d) => `work:${d.bvid ?? `av${d.aid}`}`,
    clientPriority: 'high',
    retryLimit: 3,
    expireInSeconds: 10 * 60,
    concurrency: one,
  },
  'opinion.collect-comments': {
    key: (d) => `video:${d.videoId}`,
    clientPriority: 'low',
    retryLimit: 3,
    expireInSeconds: 60 * 60,
    concurrency: half,
  },
  'opinion.task-run': {
    key: (d) => `task:${d.taskId}`,
    clientPriority: 'normal',
    retryLimit: 2,
    expireInSeconds: 30 * 60,
    concurrency: half,
  },
  'rollup.nightly': {
    key: (d) => d.day,
    clientPriority: 'normal',
    retryLimit: 3,
    expireInSeconds: 3 * 3600,
    concurrency: one,
  },
  'export.produce': {
    key: (d) => `export:${d.exportId}`,
    clientPriority: 'low',
    // a failed export is marked failed and its quota given back: the user starts it again
    retryLimit: 0,
    expireInSeconds: 30 * 60,
    concurrency: half,
  },
  'rollup.backfill': {
    key: (d) => `${d.from}:${d.to}`,
    clientPriority: 'low',
    retryLimit: 1,
    expireInSeconds: 12 * 3600,
    concurrency: one,
  },
  'library.refresh-video-tops': {
    key: () => 'video-tops',
    clientPriority: 'low',
    retryLimit: 2,
    expireInSeconds: 3600,
    concurrency: one,
  },
  'commerce.refresh-goods-stats': {
    key: () => 'goods-stats',
    clientPriority: 'low',
    retryLimit: 2,
    expireInSeconds: 3600,
    concurrency: one,
  },
};

/** pg-boss priorities inside a queue (higher first). */
export const JOB_PRIORITY = {
  viewed: 40,
  hot: 30,
  high: 20,
  daily: 10,
  normal: 0,
} as const;
