/**
 * The first Ingestor: idempotent, batched upserts into PostgreSQL on natural keys — creators.mid,
 * videos.aid, creator_daily (creator_id, day), video_daily (video_id, day). Each batch is a few
 * multi-row statements over `unnest(…)` arrays (one parameter per column), in one transaction per call.
 *
 * Rules (docs/data-sources.md § Importer):
 * - A counter the record does not carry (null) keeps the stored value; a daily row takes, in order, the
 *   record's value, the value already stored for that day, the last stored day before it, then the
 *   creator's / video's current value.
 * - The "current" columns of creators and videos only move forward: a record for a day older than the
 *   newest daily row of that creator/video (a backfill) writes its daily row but leaves the current
 *   columns alone.
 * - Rows change only when a value differs (IS DISTINCT FROM), so ingesting the same records twice writes
 *   nothing the second time (not even updated_at).
 * - Unknown partitions: a video whose tid is not in `partitions` is stored with tid NULL (the partition tree
 *   stays the curated two-level table) and the tid/tname is reported back for an operator to add.
 * - A video whose owner is not a known creator creates the creator from the owner's mid/name/face (no daily
 *   row: a video list says nothing about fans).
 *
 * Cost (docs/performance.md, "Ingestion rate"): rows already stored are filtered out before the INSERTs (an
 * INSERT … ON CONFLICT builds the whole row — text_grams() of the name or title, a sequence value — before it
 * finds the conflict), and name / title are updated by statements of their own, so a snapshot that only moves
 * counters never recomputes the gram columns.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CreatorRecord, VideoRecord } from '../../providers/bilibili/records.js';
import { parseDay, type IngestResult, type Ingestor, type VideoIngestResult } from './ingestor.js';

export const INGEST_BATCH_ROWS = 2000;

function affected(result: { numAffectedRows?: bigint }): number {
  return Number(result.numAffectedRows ?? 0n);
}

function checkDay(day: string): string {
  const d = parseDay(day);
  if (!d) throw new Error(`invalid day ${JSON.stringify(day)} (expected YYYY-MM-DD)`);
  return d;
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const flag = (v: boolean | null): number | null => (v === null ? null : v ? 1 : 0);
const clampLevel = (v: number | null): number | null => (v === null ? null : Math.min(6, Math.max(0, Math.trunc(v))));

/** The counters of an input row (`i`) of a creator / video batch. */
const creatorCounters = sql`i.fans, i.following, i.likes, i.plays, i.video_count`;
const videoCounters = sql`i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku`;

/** The instant a Shanghai day starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`;

export class PgIngestor implements Ingestor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly batchRows = INGEST_BATCH_ROWS,
  ) {}

  async ingestCreators(records: readonly CreatorRecord[], day: string): Promise<IngestResult> {
    const d = checkDay(day);
    const total: IngestResult = { inserted: 0, updated: 0, dailyWritten: 0 };
    const unique = [...new Map(records.map((r) => [r.mid, r])).values()];
    if (unique.length === 0) return total;
    await this.db.transaction().execute(async (trx) => {
      for (const batch of chunks(unique, this.batchRows)) {
        const r = await this.creatorBatch(trx, batch, d);
        total.inserted += r.inserted;
        total.updated += r.updated;
        total.dailyWritten += r.dailyWritten;
      }
    });
    return total;
  }

  async ingestVideos(records: readonly VideoRecord[], day: string): Promise<VideoIngestResult> {
    const d = checkDay(day);
    const total: VideoIngestResult = {
      inserted: 0,
      updated: 0,
      dailyWritten: 0,
      ownersInserted: 0,
      unknownPartitions: [],
    };
    const unique = [...new Map(records.map((r) => [r.aid, r])).values()];
    if (unique.length === 0) return total;
    await this.db.transaction().execute(async (trx) => {
      const tids = [...new Set(unique.map((v) => v.tid).filter((t): t is number => t !== null))];
      const known = new Set(
        tids.length === 0
          ? []
          : (await trx.selectFrom('partitions').select('tid').where('tid', 'in', tids).execute()).map((p) => p.tid),
      );
      const unknown = new Map<number, string | null>();
      for (const v of unique) if (v.tid !== null && !known.has(v.tid)) unknown.set(v.tid, v.tname);
      total.unknownPartitions = [...unknown].map(([tid, tname]) => ({ tid, tname }));
      for (const batch of chunks(unique, this.batchRows)) {
        const r = await this.videoBatch(trx, batch, d, known);
        total.inserted += r.inserted;
        total.updated += r.updated;
        total.dailyWritten += r.dailyWritten;
        total.ownersInserted += r.ownersInserted;
      }
    });
    return total;
  }

  private async creatorBatch(trx: Kysely<Database>, rows: CreatorRecord[], day: string) {
    const col = <T>(f: (r: CreatorRecord) => T) => rows.map(f);
    const input: RawBuilder<unknown> = sql`
      SELECT * FROM unnest(
        ${col((r) => r.mid)}::bigint[], ${col((r) => r.name)}::text[], ${col((r) => r.face)}::text[],
        ${col((r) => r.sign)}::text[], ${col((r) => clampLevel(r.level))}::smallint[], ${col((r) => r.sex)}::smallint[],
        ${col((r) => r.officialType)}::smallint[], ${col((r) => r.officialTitle)}::text[],
        ${col((r) => r.liveRoomId)}::bigint[], ${col((r) => flag(r.isLive))}::smallint[],
        ${col((r) => r.fans)}::bigint[], ${col((r) => r.following)}::bigint[], ${col((r) => r.likes)}::bigint[],
        ${col((r) => r.plays)}::bigint[], ${col((r) => r.videoCount)}::int[]
      ) AS i(mid, name, face, sign, level, sex, official_type, official_title, live_room_id, is_live,
             fans, following, likes, plays, video_count)`;

    const inserted = await sql`
      INSERT INTO creators (mid, name, face, sign, level, sex, official_type, official_title, live_room_id, is_live,
                            fans, following, likes, plays, video_count, tracked_since)
      SELECT i.mid, i.name, i.face, i.sign, coalesce(i.level, 1), i.sex, i.official_type, i.official_title,
             i.live_room_id, coalesce(i.is_live, 0), coalesce(i.fans, 0), coalesce(i.following, 0),
             coalesce(i.likes, 0), coalesce(i.plays, 0), coalesce(i.video_count, 0), least(now(), ${dayStart(day)})
      FROM (${input}) i
      WHERE NOT EXISTS (SELECT 1 FROM creators c WHERE c.mid = i.mid)
      ON CONFLICT (mid) DO NOTHING`.execute(trx);

    // Two updates: the name apart from everything else. Naming a column in SET makes PostgreSQL recompute the
    // generated columns that depend on it (name_grams, text_grams() of the name) even when the value is the
    // same, so only the rare rows whose name changed pay for it; a snapshot only touches the counters.
    const current = sql`NOT EXISTS (SELECT 1 FROM creator_daily d WHERE d.creator_id = c.id AND d.day > ${day}::date)`;
    const profile = sql`(c.face, c.sign, c.level, c.sex, c.official_type, c.official_title, c.live_room_id, c.is_live)`;
    const newProfile = sql`(i.face, i.sign, coalesce(i.level, c.level), i.sex, i.official_type, i.official_title,
      coalesce(i.live_room_id, c.live_room_id), coalesce(i.is_live, c.is_live))`;
    const renamed = await sql<{ id: string }>`
      UPDATE creators c SET name = i.name, updated_at = now()
      FROM (${input}) i
      WHERE c.mid = i.mid AND ${current} AND c.name IS DISTINCT FROM i.name
      RETURNING c.id`.execute(trx);
    const changed = await sql<{ id: string }>`
      UPDATE creators c SET
        face = i.face, sign = i.sign, level = coalesce(i.level, c.level), sex = i.sex,
        official_type = i.official_type, official_title = i.official_title,
        live_room_id = coalesce(i.live_room_id, c.live_room_id), is_live = coalesce(i.is_live, c.is_live),
        fans = coalesce(i.fans, c.fans), following = coalesce(i.following, c.following),
        likes = coalesce(i.likes, c.likes), plays = coalesce(i.plays, c.plays),
        video_count = coalesce(i.video_count, c.video_count),
        -- updated_at (indexed: the search index's delta) moves with the profile only, so that a snapshot that moves
        -- nothing but counters updates no indexed column and stays a HOT update (migration 0012)
        updated_at = CASE WHEN ${profile} IS DISTINCT FROM ${newProfile} THEN now() ELSE c.updated_at END
      FROM (${input}) i
      WHERE c.mid = i.mid AND ${current}
        AND (${profile}, c.fans, c.following, c.likes, c.plays, c.video_count)
            IS DISTINCT FROM
            (${newProfile}, coalesce(i.fans, c.fans), coalesce(i.following, c.following), coalesce(i.likes, c.likes),
             coalesce(i.plays, c.plays), coalesce(i.video_count, c.video_count))
      RETURNING c.id`.execute(trx);
    const updated = new Set([...renamed.rows, ...changed.rows].map((r) => r.id)).size;

    // A backfilled older day makes the creator "tracked since" that day.
    await sql`
      UPDATE creators SET tracked_since = ${dayStart(day)}
      WHERE mid = ANY(${col((r) => r.mid)}::bigint[]) AND tracked_since > ${dayStart(day)}`.execute(trx);

    const daily = await sql`
      INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count)
      SELECT c.id, ${day}::date,
             coalesce(i.fans, d.fans, p.fans, c.fans), coalesce(i.following, d.following, p.following, c.following),
             coalesce(i.likes, d.likes, p.likes, c.likes), coalesce(i.plays, d.plays, p.plays, c.plays),
             coalesce(i.video_count, d.video_count, p.video_count, c.video_count)
      FROM (${input}) i
      JOIN creators c ON c.mid = i.mid
      -- stored values stand in for the counters a record lacks; read only for such records
      LEFT JOIN LATERAL (
        SELECT * FROM creator_daily d
        WHERE d.creator_id = c.id AND d.day = ${day}::date AND num_nulls(${creatorCounters}) > 0
        LIMIT 1
      ) d ON true
      LEFT JOIN LATERAL (
        SELECT * FROM creator_daily p
        WHERE p.creator_id = c.id AND p.day < ${day}::date AND num_nulls(${creatorCounters}) > 0
        ORDER BY p.day DESC LIMIT 1
      ) p ON true
      WHERE num_nonnulls(i.fans, i.following, i.likes, i.plays, i.video_count) > 0
      ON CONFLICT (creator_id, day) DO UPDATE SET
        fans = EXCLUDED.fans, following = EXCLUDED.following, likes = EXCLUDED.likes, plays = EXCLUDED.plays,
        video_count = EXCLUDED.video_count
      WHERE (creator_daily.fans, creator_daily.following, creator_daily.likes, creator_daily.plays, creator_daily.video_count)
            IS DISTINCT FROM (EXCLUDED.fans, EXCLUDED.following, EXCLUDED.likes, EXCLUDED.plays, EXCLUDED.video_count)`.execute(
      trx,
    );

    return { inserted: affected(inserted), updated, dailyWritten: affected(daily) };
  }

  private async videoBatch(trx: Kysely<Database>, rows: VideoRecord[], day: string, knownTids: ReadonlySet<number>) {
    const col = <T>(f: (r: VideoRecord) => T) => rows.map(f);
    const s = <T>(f: (r: VideoRecord['stats']) => T) => rows.map((r) => f(r.stats));

    // Owners first: a video needs its creator row.
    const owners = [...new Map(rows.map((r) => [r.owner.mid, r.owner])).values()];
    const ownersInserted = await sql`
      INSERT INTO creators (mid, name, face, tracked_since)
      SELECT o.mid, o.name, coalesce(o.face, ''), least(now(), ${dayStart(day)})
      FROM unnest(${owners.map((o) => o.mid)}::bigint[], ${owners.map((o) => o.name)}::text[],
                  ${owners.map((o) => o.face)}::text[]) AS o(mid, name, face)
      WHERE NOT EXISTS (SELECT 1 FROM creators c WHERE c.mid = o.mid)
      ON CONFLICT (mid) DO NOTHING`.execute(trx);

    const input: RawBuilder<unknown> = sql`
      SELECT * FROM unnest(
        ${col((r) => r.aid)}::bigint[], ${col((r) => r.bvid)}::text[], ${col((r) => r.owner.mid)}::bigint[],
        ${col((r) => r.title)}::text[], ${col((r) => r.cover)}::text[], ${col((r) => r.desc)}::text[],
        ${col((r) => Math.max(0, Math.round(r.duration)))}::int[], ${col((r) => r.pubdate)}::bigint[],
        ${col((r) => (r.tid !== null && knownTids.has(r.tid) ? r.tid : null))}::int[],
        ${col((r) => r.copyright)}::smallint[], ${col((r) => flag(r.isActivity))}::smallint[],
        ${col((r) => r.status)}::smallint[],
        ${s((x) => x.view)}::bigint[], ${s((x) => x.like)}::bigint[], ${s((x) => x.coin)}::bigint[],
        ${s((x) => x.favorite)}::bigint[], ${s((x) => x.share)}::bigint[], ${s((x) => x.reply)}::bigint[],
        ${s((x) => x.danmaku)}::bigint[]
      ) AS i(aid, bvid, mid, title, cover, description, duration, pubdate, tid, copyright, is_activity, status,
             play, likes, coin, favorite, share, reply, danmaku)`;

    const inserted = await sql`
      INSERT INTO videos (aid, bvid, creator_id, title, cover, description, duration, pubdate, tid, copyright,
                          is_activity, status, play, likes, coin, favorite, share, reply, danmaku)
      SELECT i.aid, i.bvid, c.id, i.title, i.cover, i.description, i.duration, to_timestamp(i.pubdate), i.tid,
             coalesce(i.copyright, 1), coalesce(i.is_activity, 0), i.status, coalesce(i.play, 0),
             coalesce(i.likes, 0), coalesce(i.coin, 0), coalesce(i.favorite, 0), coalesce(i.share, 0),
             coalesce(i.reply, 0), coalesce(i.danmaku, 0)
      FROM (${input}) i JOIN creators c ON c.mid = i.mid
      WHERE NOT EXISTS (SELECT 1 FROM videos v WHERE v.aid = i.aid)
      ON CONFLICT DO NOTHING`.execute(trx);

    // The title apart from everything else (as for creator names: SET title recomputes title_grams).
    const current = sql`NOT EXISTS (SELECT 1 FROM video_daily d WHERE d.video_id = v.id AND d.day > ${day}::date)`;
    const retitled = await sql<{ id: string }>`
      UPDATE videos v SET title = i.title, updated_at = now()
      FROM (${input}) i
      WHERE v.aid = i.aid AND ${current} AND v.title IS DISTINCT FROM i.title
      RETURNING v.id`.execute(trx);
    const changed = await sql<{ id: string }>`
      UPDATE videos v SET
        creator_id = c.id, cover = i.cover, description = i.description,
        duration = CASE WHEN i.duration > 0 THEN i.duration ELSE v.duration END,
        pubdate = to_timestamp(i.pubdate), tid = coalesce(i.tid, v.tid), copyright = coalesce(i.copyright, v.copyright),
        is_activity = coalesce(i.is_activity, v.is_activity), status = i.status,
        play = coalesce(i.play, v.play), likes = coalesce(i.likes, v.likes), coin = coalesce(i.coin, v.coin),
        favorite = coalesce(i.favorite, v.favorite), share = coalesce(i.share, v.share),
        reply = coalesce(i.reply, v.reply), danmaku = coalesce(i.danmaku, v.danmaku), updated_at = now()
      FROM (${input}) i JOIN creators c ON c.mid = i.mid
      WHERE v.aid = i.aid AND ${current}
        AND (v.creator_id, v.cover, v.description, v.duration, v.pubdate, v.tid, v.copyright, v.is_activity,
             v.status, v.play, v.likes, v.coin, v.favorite, v.share, v.reply, v.danmaku)
            IS DISTINCT FROM
            (c.id, i.cover, i.description, CASE WHEN i.duration > 0 THEN i.duration ELSE v.duration END,
             to_timestamp(i.pubdate), coalesce(i.tid, v.tid), coalesce(i.copyright, v.copyright),
             coalesce(i.is_activity, v.is_activity), i.status, coalesce(i.play, v.play), coalesce(i.likes, v.likes),
             coalesce(i.coin, v.coin), coalesce(i.favorite, v.favorite), coalesce(i.share, v.share),
             coalesce(i.reply, v.reply), coalesce(i.danmaku, v.danmaku))
      RETURNING v.id`.execute(trx);
    const updated = new Set([...retitled.rows, ...changed.rows].map((r) => r.id)).size;

    const daily = await sql`
      INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
      SELECT v.id, ${day}::date,
             coalesce(i.play, d.play, p.play, v.play), coalesce(i.likes, d.likes, p.likes, v.likes),
             coalesce(i.coin, d.coin, p.coin, v.coin), coalesce(i.favorite, d.favorite, p.favorite, v.favorite),
             coalesce(i.share, d.share, p.share, v.share), coalesce(i.reply, d.reply, p.reply, v.reply),
             coalesce(i.danmaku, d.danmaku, p.danmaku, v.danmaku)
      FROM (${input}) i
      JOIN videos v ON v.aid = i.aid
      -- stored values stand in for the counters a record lacks; read only for such records
      LEFT JOIN LATERAL (
        SELECT * FROM video_daily d
        WHERE d.video_id = v.id AND d.day = ${day}::date AND num_nulls(${videoCounters}) > 0
        LIMIT 1
      ) d ON true
      LEFT JOIN LATERAL (
        SELECT * FROM video_daily p
        WHERE p.video_id = v.id AND p.day < ${day}::date AND num_nulls(${videoCounters}) > 0
        ORDER BY p.day DESC LIMIT 1
      ) p ON true
      WHERE num_nonnulls(i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku) > 0
      ON CONFLICT (video_id, day) DO UPDATE SET
        play = EXCLUDED.play, likes = EXCLUDED.likes, coin = EXCLUDED.coin, favorite = EXCLUDED.favorite,
        share = EXCLUDED.share, reply = EXCLUDED.reply, danmaku = EXCLUDED.danmaku
      WHERE (video_daily.play, video_daily.likes, video_daily.coin, video_daily.favorite, video_daily.share,
             video_daily.reply, video_daily.danmaku)
            IS DISTINCT FROM (EXCLUDED.play, EXCLUDED.likes, EXCLUDED.coin, EXCLUDED.favorite, EXCLUDED.share,
                              EXCLUDED.reply, EXCLUDED.danmaku)`.execute(trx);

    return {
      inserted: affected(inserted),
      updated,
      dailyWritten: affected(daily),
      ownersInserted: affected(ownersInserted),
    };
  }
}
