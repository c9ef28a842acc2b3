/**
 * The pipeline of a process, as the HTTP routes see it. main.ts (and tests) attach it to the app's context
 * once the job system and the Bilibili client are up; routes look it up per request, so the API answers
 * before the pipeline has started (submitCollectionKol then queues requests for the scheduler's sweep).
 */
import type { AppContext } from '../../context.js';
import type { PipelineClock } from '../../jobs/clock.js';
import type { JobSystem } from '../../jobs/job-system.js';
import type { BilibiliClient } from '../../providers/bilibili/index.js';
import type { CollectorService } from '../collector/collector.service.js';
import type { MonitorService } from '../collector/monitor.service.js';

export interface PipelineHandle {
  collector: CollectorService;
  /** monitoring samples and the placements' work lookups */
  monitor: MonitorService;
  client: BilibiliClient | null;
  jobs: JobSystem | null;
  /** the pipeline's time (tests move it) */
  clock: PipelineClock;
}

const handles = new WeakMap<AppContext, PipelineHandle>();

export function attachPipeline(ctx: AppContext, handle: PipelineHandle): void {
  handles.set(ctx, handle);
}

export function detachPipeline(ctx: AppContext): void {
  handles.delete(ctx);
}

export function pipelineOf(ctx: AppContext): PipelineHandle | undefined {
  return handles.get(ctx);
}
