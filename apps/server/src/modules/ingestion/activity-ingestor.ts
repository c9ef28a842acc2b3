/**
 * Activities and materials (migration 0009, docs/pipeline.md § Activities and materials): what a video's
 * view/detail says beyond its counters — the activity id (`mission_id`) and background music (`Tags` of type
 * `bgm`) — and the activity pages (`x/activity/subject/info`). Idempotent upserts on natural keys
 * (videos.id, activities.id, materials (kind, ext_id), video_materials (video_id, material_id)); a video's
 * read mark makes the collector read each video's details once.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import type { ActivityRecord, BgmRecord } from '../../providers/bilibili/records.js';

export interface VideoDetailRow {
  videoId: number;
  /** null: the detail names no activity */
  missionId: number | null;
  bgms: readonly BgmRecord[];
  /** the platform's channel and topic tags (not background music): videos.tags (0023); absent: left as stored */
  tags?: readonly string[];
}

export interface DetailIngestResult {
  videos: number;
  missions: number;
  newActivities: number;
  materialLinks: number;
}

export class ActivityIngestor {
  constructor(private readonly db: Db) {}

  /**
   * The details of some videos, read at `at`: their mission ids (a new activity id gets a row to read its page
   * later), their background music (materials and links; a video's links are replaced by what its details say
   * now) and the read marks — one transaction.
   */
  async ingestVideoDetails(rows: readonly VideoDetailRow[], at: Date): Promise<DetailIngestResult> {
    const unique = [...new Map(rows.map((r) => [r.videoId, r])).values()];
    const result: DetailIngestResult = { videos: unique.length, missions: 0, newActivities: 0, materialLinks: 0 };
    if (unique.length === 0) return result;
    const ids = unique.map((r) => r.videoId);
    const missions = unique.map((r) => r.missionId);
    // text[][] cannot be ragged: each video's tags travel as one JSON array
    const tagged = unique.filter((r) => r.tags !== undefined);
    const tags = tagged.map((r) => JSON.stringify(r.tags));
    await this.db.transaction().execute(async (trx) => {
      const updated = await sql`
        UPDATE videos v SET mission_id = t.mission_id
        FROM unnest(${ids}::bigint[], ${missions}::bigint[]) AS t(id, mission_id)
        WHERE v.id = t.id AND v.mission_id IS DISTINCT FROM t.mission_id`.execute(trx);
      result.missions = Number(updated.numAffectedRows ?? 0n);
      await sql`
        UPDATE videos v SET tags = ARRAY(SELECT jsonb_array_elements_text(t.tags))
        FROM unnest(${tagged.map((r) => r.videoId)}::bigint[], ${tags}::jsonb[]) AS t(id, tags)
        WHERE v.id = t.id AND v.tags IS DISTINCT FROM ARRAY(SELECT jsonb_array_elements_text(t.tags))`.execute(trx);
      const seen = [...new Set(missions.filter((m): m is number => m !== null))];
      if (seen.length > 0) {
        const inserted = await sql`
          INSERT INTO activities (id, first_seen) SELECT unnest(${seen}::bigint[]), ${at}::timestamptz
          ON CONFLICT (id) DO NOTHING`.execute(trx);
        result.newActivities = Number(inserted.numAffectedRows ?? 0n);
      }
      const bgms = unique.flatMap((r) => r.bgms.map((b) => ({ videoId: r.videoId, ...b })));
      const songs = [...new Map(bgms.map((b) => [b.musicId, b])).values()];
      if (songs.length > 0) {
        await sql`
          INSERT INTO materials (kind, ext_id, name, tag_name, first_seen)
          SELECT 'bgm', ext_id, name, tag_name, ${at}::timestamptz
          FROM unnest(${songs.map((s) => s.musicId)}::text[], ${songs.map((s) => s.name)}::text[],
                      ${songs.map((s) => s.tagName)}::text[]) AS t(ext_id, name, tag_name)
          ON CONFLICT (kind, ext_id) DO UPDATE SET name = EXCLUDED.name, tag_name = EXCLUDED.tag_name
          WHERE materials.name IS DISTINCT FROM EXCLUDED.name OR materials.tag_name IS DISTINCT FROM EXCLUDED.tag_name`.execute(
          trx,
        );
      }
      const linkVideos = bgms.map((b) => b.videoId);
      const linkMusic = bgms.map((b) => b.musicId);
      await sql`
        DELETE FROM video_materials vm USING materials m
        WHERE vm.material_id = m.id AND m.kind = 'bgm' AND vm.video_id = ANY(${ids}::bigint[])
          AND NOT EXISTS (SELECT 1 FROM unnest(${linkVideos}::bigint[], ${linkMusic}::text[]) AS t(video_id, ext_id)
                          WHERE t.video_id = vm.video_id AND t.ext_id = m.ext_id)`.execute(trx);
      if (bgms.length > 0) {
        const links = await sql`
          INSERT INTO video_materials (video_id, material_id)
          SELECT t.video_id, m.id
          FROM unnest(${linkVideos}::bigint[], ${linkMusic}::text[]) AS t(video_id, ext_id)
          JOIN materials m ON m.kind = 'bgm' AND m.ext_id = t.ext_id
          ON CONFLICT DO NOTHING`.execute(trx);
        result.materialLinks = Number(links.numAffectedRows ?? 0n);
      }
      await sql`
        INSERT INTO video_detail_reads (video_id, read_at)
        SELECT unnest(${ids}::bigint[]), ${at}::timestamptz
        ON CONFLICT (video_id) DO UPDATE SET read_at = EXCLUDED.read_at`.execute(trx);
    });
    return result;
  }

  /** An activity page: name, link, cover, description and dates. */
  async ingestActivity(a: ActivityRecord, at: Date): Promise<void> {
    const t = (s: number | null) => (s === null ? null : new Date(s * 1000).toISOString());
    await sql`
      INSERT INTO activities (id, name, act_url, cover, description, starts_at, ends_at, info_at, info_missing, first_seen)
      VALUES (${a.id}, ${a.name}, ${a.actUrl}, ${a.cover}, ${a.description}, ${t(a.stime)}::timestamptz,
              ${t(a.etime)}::timestamptz, ${at}::timestamptz, 0, ${at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, act_url = EXCLUDED.act_url, cover = EXCLUDED.cover,
        description = EXCLUDED.description, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
        info_at = EXCLUDED.info_at, info_missing = 0`.execute(this.db);
  }

  /** The platform does not know the activity id: remember it was asked (its videos still count). */
  async markActivityMissing(id: number, at: Date): Promise<void> {
    await sql`
      INSERT INTO activities (id, info_at, info_missing, first_seen) VALUES (${id}, ${at}::timestamptz, 1, ${at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET info_at = EXCLUDED.info_at, info_missing = 1`.execute(this.db);
  }
}
