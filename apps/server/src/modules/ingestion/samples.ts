/**
 * Fine-grained samples and partial updates the collector writes besides the daily snapshots (PgIngestor):
 * video samples of monitored videos (video_samples, keyed (video_id, ts)), live-room samples (live_samples,
 * keyed (room_id, ts)), the live flag of creators, deleted videos and the creators' collection bookkeeping
 * (creator_schedule).
 * Every write is a multi-row statement over `unnest(…)` arrays and idempotent on its natural key.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import type { CreatorCadence } from '../../db/schema.js';
import type { LiveRoomRecord, VideoStats } from '../../providers/bilibili/records.js';

export interface VideoSampleRow {
  videoId: number;
  /** the sample's slot instant */
  ts: Date;
  stats: VideoStats;
}

export interface LiveSampleRow {
  roomId: number;
  creatorId: number | null;
  ts: Date;
  liveStatus: number;
  online: number;
  /** danmaku per minute, null when the source does not expose it (the web API does not) */
  danmakuRate: number | null;
  /** gift revenue (CNY), null when unknown */
  giftValue: number | null;
}

function affected(result: { numAffectedRows?: bigint }): number {
  return Number(result.numAffectedRows ?? 0n);
}

const iso = (d: Date) => d.toISOString();

export class SampleIngestor {
  constructor(private readonly db: Db) {}

  /**
   * Upserts video samples on (video_id, ts). A counter the response lacks (null) takes the video's current
   * value, so a sample row is always complete. Answers the rows written (new or changed).
   */
  async ingestVideoSamples(rows: readonly VideoSampleRow[]): Promise<number> {
    const unique = [...new Map(rows.map((r) => [`${r.videoId}:${r.ts.getTime()}`, r])).values()];
    if (unique.length === 0) return 0;
    const col = <T>(f: (r: VideoSampleRow) => T) => unique.map(f);
    const s = <T>(f: (x: VideoStats) => T) => unique.map((r) => f(r.stats));
    const result = await sql`
      INSERT INTO video_samples (video_id, ts, play, likes, coin, favorite, share, reply, danmaku)
      SELECT v.id, i.ts, coalesce(i.play, v.play), coalesce(i.likes, v.likes), coalesce(i.coin, v.coin),
             coalesce(i.favorite, v.favorite), coalesce(i.share, v.share), coalesce(i.reply, v.reply),
             coalesce(i.danmaku, v.danmaku)
      FROM unnest(${col((r) => r.videoId)}::bigint[], ${col((r) => iso(r.ts))}::timestamptz[],
                  ${s((x) => x.view)}::bigint[], ${s((x) => x.like)}::bigint[], ${s((x) => x.coin)}::bigint[],
                  ${s((x) => x.favorite)}::bigint[], ${s((x) => x.share)}::bigint[], ${s((x) => x.reply)}::bigint[],
                  ${s((x) => x.danmaku)}::bigint[])
           AS i(video_id, ts, play, likes, coin, favorite, share, reply, danmaku)
      JOIN videos v ON v.id = i.video_id
      ON CONFLICT (video_id, ts) DO UPDATE SET
        play = EXCLUDED.play, likes = EXCLUDED.likes, coin = EXCLUDED.coin, favorite = EXCLUDED.favorite,
        share = EXCLUDED.share, reply = EXCLUDED.reply, danmaku = EXCLUDED.danmaku
      WHERE (video_samples.play, video_samples.likes, video_samples.coin, video_samples.favorite,
             video_samples.share, video_samples.reply, video_samples.danmaku)
            IS DISTINCT FROM (EXCLUDED.play, EXCLUDED.likes, EXCLUDED.coin, EXCLUDED.favorite, EXCLUDED.share,
                              EXCLUDED.reply, EXCLUDED.danmaku)`.execute(this.db);
    return affected(result);
  }

  /** Upserts live samples on (room_id, ts). Answers the rows written. */
  async ingestLiveSamples(rows: readonly LiveSampleRow[]): Promise<number> {
    const unique = [...new Map(rows.map((r) => [`${r.roomId}:${r.ts.getTime()}`, r])).values()];
    if (unique.length === 0) return 0;
    const col = <T>(f: (r: LiveSampleRow) => T) => unique.map(f);
    const result = await sql`
      INSERT INTO live_samples (room_id, creator_id, ts, live_status, online, danmaku_rate, gift_value)
      SELECT * FROM unnest(${col((r) => r.roomId)}::bigint[], ${col((r) => r.creatorId)}::bigint[],
                           ${col((r) => iso(r.ts))}::timestamptz[], ${col((r) => r.liveStatus)}::smallint[],
                           ${col((r) => Math.max(0, Math.round(r.online)))}::int[], ${col((r) => r.danmakuRate)}::real[],
                           ${col((r) => r.giftValue)}::numeric[])
      ON CONFLICT (room_id, ts) DO UPDATE SET
        creator_id = coalesce(EXCLUDED.creator_id, live_samples.creator_id), live_status = EXCLUDED.live_status,
        online = EXCLUDED.online, danmaku_rate = coalesce(EXCLUDED.danmaku_rate, live_samples.danmaku_rate),
        gift_value = coalesce(EXCLUDED.gift_value, live_samples.gift_value)
      WHERE (live_samples.creator_id, live_samples.live_status, live_samples.online, live_samples.danmaku_rate,
             live_samples.gift_value)
            IS DISTINCT FROM (coalesce(EXCLUDED.creator_id, live_samples.creator_id), EXCLUDED.live_status,
                              EXCLUDED.online, coalesce(EXCLUDED.danmaku_rate, live_samples.danmaku_rate),
                              coalesce(EXCLUDED.gift_value, live_samples.gift_value))`.execute(this.db);
    return affected(result);
  }

  /**
   * The live flag and room id of creators from a live-status answer (by uid = mid). Answers rows changed. The
   * profile hash is cleared (migration 0016): the next card snapshot compares the whole profile again.
   */
  async updateLiveStatus(records: readonly LiveRoomRecord[]): Promise<number> {
    const unique = [...new Map(records.map((r) => [r.uid, r])).values()];
    if (unique.length === 0) return 0;
    const result = await sql`
      UPDATE creators c SET is_live = i.is_live, live_room_id = i.room_id, profile_hash = NULL, updated_at = now()
      FROM unnest(${unique.map((r) => r.uid)}::bigint[], ${unique.map((r) => r.roomId)}::bigint[],
                  ${unique.map((r) => (r.isLive ? 1 : 0))}::smallint[]) AS i(mid, room_id, is_live)
      WHERE c.mid = i.mid AND (c.is_live, c.live_room_id) IS DISTINCT FROM (i.is_live, i.room_id)`.execute(this.db);
    return affected(result);
  }

  /** videos.status = −1 for videos the platform answers as gone (deleted or no longer visible); meta_hash cleared (0016). */
  async markVideosDeleted(videoIds: readonly number[]): Promise<number> {
    if (videoIds.length === 0) return 0;
    const result = await sql`
      UPDATE videos SET status = -1, meta_hash = NULL, updated_at = now()
      WHERE id = ANY(${[...new Set(videoIds)]}::bigint[]) AND status <> -1`.execute(this.db);
    return affected(result);
  }

  /**
   * A creator was collected at `at`: last_collected_at = at and next_collect_at = its next slot of the cadence
   * (pipeline_next_slot, migration 0006), in its creator_schedule row (migration 0014; created when missing,
   * cadence 'daily'). The creators row itself is not written. Answers the next slot (null: unknown creator).
   */
  async markCollected(creatorId: number, at: Date, cadence?: CreatorCadence): Promise<Date | null> {
    const given = sql`${cadence ?? null}::text`;
    const row = await sql<{ next_collect_at: Date }>`
      INSERT INTO creator_schedule AS s (creator_id, cadence, last_collected_at, next_collect_at)
      SELECT c.id, coalesce(${given}, 'daily'), ${iso(at)}::timestamptz,
             pipeline_next_slot(c.mid, coalesce(${given}, 'daily'), ${iso(at)}::timestamptz)
      FROM creators c WHERE c.id = ${creatorId}
      ON CONFLICT (creator_id) DO UPDATE SET last_collected_at = EXCLUDED.last_collected_at,
        cadence = coalesce(${given}, s.cadence),
        next_collect_at = pipeline_next_slot((SELECT c.mid FROM creators c WHERE c.id = s.creator_id),
                                             coalesce(${given}, s.cadence), EXCLUDED.last_collected_at)
      RETURNING next_collect_at`.execute(this.db);
    return row.rows[0]?.next_collect_at ?? null;
  }
}
