/**
 * Collection services (docs/pipeline.md): creators (submit, backfill, snapshots, live flag, cadence),
 * monitoring samples and opinion data. `markViewed` is for the web-facing detail / compare endpoints.
 */
import type { Db } from '../../db/client.js';
import { CollectorRepository } from './collector.repository.js';

export { CollectorService, QUICK_LOOKUP_TIMEOUT_MS, type SubmitResult } from './collector.service.js';
export { CollectorRepository } from './collector.repository.js';
export { MonitorService } from './monitor.service.js';
export { OpinionService, type CommentApi, type CommentCollection } from './opinion.service.js';
export { parseCreatorInput } from './creator-input.js';
export type { CollectorDeps, WorkContext } from './deps.js';

/**
 * A user opened or compared a creator: it is collected within minutes when its data is older than 15
 * minutes, and every 15 minutes while it keeps being viewed (cadence 'viewed' for an hour).
 */
export function markViewed(db: Db, creatorId: number, now: Date = new Date()): Promise<void> {
  return new CollectorRepository(db).markViewed(creatorId, now);
}
