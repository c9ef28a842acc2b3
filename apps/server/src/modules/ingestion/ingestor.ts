/**
 * The ingestion boundary: whatever yields domain records (the collector jobs, the importer) writes them
 * through an `Ingestor`. `day` is the Asia/Shanghai calendar day ('YYYY-MM-DD') the data describes; it keys
 * the daily snapshot rows. Implementations must be idempotent: ingesting the same records for the same day
 * twice changes nothing. `PgIngestor` (pg-ingestor.ts) is the first implementation; samples.ts and opinion.ts
 * write the fine-grained samples and the opinion data (see index.ts).
 */
import type { CreatorRecord, VideoRecord } from '../../providers/bilibili/records.js';

export interface IngestResult {
  /** rows created in the main table (creators / videos) */
  inserted: number;
  /** existing rows whose values changed */
  updated: number;
  /** daily snapshot rows created or changed (creator_daily / video_daily) */
  dailyWritten: number;
  /**
   * records that took the full path — new rows, a changed (or not yet hashed) profile / metadata, a backfilled older
   * day, missing counters — rather than the counters-only one (pg-ingestor.ts, migration 0016)
   */
  fullPath: number;
}

export interface VideoIngestResult extends IngestResult {
  /** creators created because a video's owner was not known yet (profile only, no daily row) */
  ownersInserted: number;
  /**
   * partitions the platform reported that the partitions table does not have (the video is stored with tid NULL and
   * recorded in unknown_partition_videos until the tree has the tid)
   */
  unknownPartitions: { tid: number; tname: string | null }[];
  /** creator_daily rows written from the owners' fan counts the list items carry (`owner.follower`) */
  ownerSnapshots?: number;
}

export interface Ingestor {
  /** Upserts creators on `mid` and their `creator_daily` row for `day` (when the record has counters). */
  ingestCreators(records: readonly CreatorRecord[], day: string): Promise<IngestResult>;
  /** Upserts videos on `aid` (creating unknown owners) and their `video_daily` row for `day`. */
  ingestVideos(records: readonly VideoRecord[], day: string): Promise<VideoIngestResult>;
}

/** A real calendar day 'YYYY-MM-DD', or null. */
export function parseDay(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}
