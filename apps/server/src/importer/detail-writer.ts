/**
 * The importer's view/detail extras — the video's activity (mission id) and background music — written through
 * the activity ingestor (modules/ingestion/activity-ingestor.ts) as the collector writes what it reads
 * (modules/collector/activity-collector.ts): same rows, same read marks, so the collector does not read these
 * videos' details again and reads the new activities' pages later.
 */
import type { Db } from '../db/client.js';
import type { ActivityIngestor, DetailIngestResult } from '../modules/ingestion/activity-ingestor.js';
import type { ImportedDetail } from './import-file.js';

export interface DetailWriteResult extends DetailIngestResult {
  /** details of videos that are not stored (none should be: the videos are ingested first) */
  unknownVideos: number;
}

export interface DetailWriter {
  /** Writes the details read from responses of `day` (the videos already stored). */
  write(details: readonly ImportedDetail[], day: string): Promise<DetailWriteResult>;
}

/** The start of a Shanghai day: the time the imported details are marked read (the same on a re-import). */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

export class ActivityDetailWriter implements DetailWriter {
  constructor(
    private readonly db: Db,
    private readonly activities: ActivityIngestor,
  ) {}

  async write(details: readonly ImportedDetail[], day: string): Promise<DetailWriteResult> {
    const empty = { videos: 0, missions: 0, newActivities: 0, materialLinks: 0, unknownVideos: 0 };
    if (details.length === 0) return empty;
    const stored = await this.db
      .selectFrom('videos')
      .select(['id', 'aid'])
      .where(
        'aid',
        'in',
        details.map((d) => String(d.aid)),
      )
      .execute();
    const idOf = new Map(stored.map((v) => [Number(v.aid), Number(v.id)]));
    const rows = details.flatMap((d) => {
      const videoId = idOf.get(d.aid);
      return videoId === undefined ? [] : [{ videoId, missionId: d.missionId, bgms: d.bgms }];
    });
    const result = await this.activities.ingestVideoDetails(rows, dayStart(day));
    return { ...result, unknownVideos: details.length - rows.length };
  }
}
