import type { PipelineSettings } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PipelineClock, PipelineLogger } from '../../jobs/clock.js';
import type { JobContext, JobSender } from '../../jobs/job-system.js';
import type { BilibiliClient, Priority } from '../../providers/bilibili/index.js';
import type { Ingestion } from '../ingestion/index.js';
import type { AlertSink } from '../placements/alerts.js';

/** What the collection services work with (one set per process, built by jobs/runtime.ts). */
export interface CollectorDeps {
  db: Db;
  /** null when BILIBILI_SOURCE=off (or the simulator is not up yet) */
  client: BilibiliClient | null;
  /** null in a process without the job system: requests then wait for the scheduler's sweep */
  jobs: JobSender | null;
  clock: PipelineClock;
  settings: PipelineSettings;
  log: PipelineLogger;
  ingestion: Ingestion;
  /** where monitoring alerts go (the notify module); absent: no alerts from this process */
  alerts?: AlertSink;
}

/** The part of a job's context the services use (a job handler passes its JobContext). */
export type WorkContext = Pick<JobContext, 'signal' | 'priority'> & Partial<Pick<JobContext, 'lastAttempt'>>;

export function requireClient(deps: CollectorDeps): BilibiliClient {
  if (!deps.client) throw new Error('no Bilibili client: BILIBILI_SOURCE is off or the simulator is not running');
  return deps.client;
}

export function callOptions(ctx: WorkContext, priority: Priority = ctx.priority) {
  return { priority, signal: ctx.signal };
}
