/** The job system, the scheduler and the pipeline runtime (docs/pipeline.md). */
export { Pipeline, type PipelineOptions } from './runtime.js';
export {
  JobSystem,
  queueDepths,
  BOSS_SCHEMA,
  type JobContext,
  type JobHandlers,
  type JobSender,
  type QueueDepth,
} from './job-system.js';
export { JOBS, JOB_NAMES, JOB_PRIORITY, type JobName, type JobPayloads } from './names.js';
export { LeaderLock, SCHEDULER_LOCK_KEY } from './leader.js';
export { Scheduler, type TickReport } from './scheduler.js';
export { loadNightlyRollups, type NightlyRollups } from './rollup.js';
export { systemPipelineClock, shanghaiDay, type PipelineClock, type PipelineLogger } from './clock.js';
