/**
 * Ingestion (docs/pipeline.md § Ingestion): the one write path of platform data. The collector jobs and the
 * importer both go through it: creators / videos with their daily snapshots (PgIngestor), fine-grained samples
 * and partial updates (SampleIngestor), comments and danmaku (OpinionIngestor). Every write is idempotent on a
 * natural key and batched (multi-row `unnest` statements).
 */
import type { Db } from '../../db/client.js';
import { ActivityIngestor } from './activity-ingestor.js';
import { OpinionIngestor } from './opinion.js';
import { PgIngestor } from './pg-ingestor.js';
import { SampleIngestor } from './samples.js';

export { parseDay, type IngestResult, type Ingestor, type VideoIngestResult } from './ingestor.js';
export { INGEST_BATCH_ROWS, PgIngestor } from './pg-ingestor.js';
export { SampleIngestor, type LiveSampleRow, type VideoSampleRow } from './samples.js';
export { OpinionIngestor } from './opinion.js';
export { ActivityIngestor, type DetailIngestResult, type VideoDetailRow } from './activity-ingestor.js';

export interface Ingestion {
  records: PgIngestor;
  samples: SampleIngestor;
  opinion: OpinionIngestor;
  /** mission ids, activity pages and background music (view/detail, x/activity/subject/info) */
  activities: ActivityIngestor;
}

export function createIngestion(db: Db): Ingestion {
  return {
    records: new PgIngestor(db),
    samples: new SampleIngestor(db),
    opinion: new OpinionIngestor(db),
    activities: new ActivityIngestor(db),
  };
}
