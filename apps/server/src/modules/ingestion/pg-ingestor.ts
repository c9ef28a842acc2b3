/**
 * The first Ingestor: idempotent, batched upserts into PostgreSQL on natural keys — creators.mid,
 * videos.aid, creator_daily (creator_id, day), video_daily (video_id, day). Each batch is a few
 * multi-row statements over `unnest(…)` arrays (one parameter per column), in one transaction per call.
 *
 * Rules (docs/data-sources.md § Importer):
 * - A counter the record does not carry (null) keeps the stored value. A creator's daily row keeps what the day's
 *   records carried (`creator_daily.known`, migration 0031) and refillDays fills the rest from the newest earlier
 *   day that carried it (else the video sums as of the day; following unknown), again whenever an older day
 *   arrives: a day's row depends only on that day and before, whatever the import order (issue #23). A video's
 *   partial daily row takes the value stored for the day, the last stored day before it, then the current value.
 * - The "current" columns of creators and videos only move forward: a record for a day older than the
 *   newest daily row of that creator/video (a backfill) writes its daily row but leaves the current
 *   columns alone; a creator's profile moves only for a day not older than `creators.profile_day`.
 * - Rows change only when a value differs (IS DISTINCT FROM), so ingesting the same records twice writes
 *   nothing the second time (not even updated_at).
 * - Unknown partitions: a video whose tid is not in `partitions` is stored with tid NULL (the partition tree
 *   stays the curated two-level table) and the tid/tname is reported back for an operator to add.
 * - A video whose owner is not a known creator creates the creator from the owner's mid/name/face (no daily
 *   row: a video list says nothing about fans).
 *
 * Cost (docs/performance.md, "Ingestion rate"; docs/pipeline.md "Ingestion"): the common case — a stored row whose
 * profile / metadata is what the record says and whose counters moved — takes the counters-only path (creatorFast /
 * videoFast): one statement per batch that sends the natural key, a hash of the record's other fields and the
 * counters (no text to send or parse: migration 0016), checks the hash against the stored one, moves the counters in
 * place (a HOT update found by ctid) and writes the day's rows. Every other record takes the full path
 * (creatorBatch / videoBatch), which compares and writes every column and stores the hash: inserts run only for new
 * rows (an INSERT … ON CONFLICT builds the whole row — text_grams() of the name or title, a sequence value — before it
 * finds the conflict), and name / title are updated by statements of their own, so a snapshot that only moves
 * counters never recomputes the gram columns nor touches an index (migration 0012).
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

/** The instant a Shanghai day starts. */
const dayStart = (day: string | RawBuilder<unknown>) =>
  sql`(${typeof day === 'string' ? sql`${day}::date` : day}::timestamp AT TIME ZONE 'Asia/Shanghai')`;

export class PgIngestor implements Ingestor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly batchRows = INGEST_BATCH_ROWS,
  ) {}

  async ingestCreators(records: readonly CreatorRecord[], day: string): Promise<IngestResult> {
    const d = checkDay(day);
    const total: IngestResult = { inserted: 0, updated: 0, dailyWritten: 0, fullPath: 0 };
    const unique = [...new Map(records.map((r) => [r.mid, r])).values()];
    if (unique.length === 0) return total;
    await this.db.transaction().execute(async (trx) => {
      await relaxCommit(trx);
      for (const batch of chunks(unique, this.batchRows)) {
        await bothPaths(
          batch,
          batch.map(creatorHash),
          total,
          (rows, hashes) => this.creatorFast(trx, rows, hashes, d),
          (rows, hashes) => this.creatorBatch(trx, rows, hashes, d),
        );
      }
      // the platform's own totals arrived: from now on they are shown instead of the totals of the stored videos
      const withTotals = unique.filter((r) => r.plays !== null || r.likes !== null || r.videoCount !== null);
      if (withTotals.length > 0) {
        await sql`
          UPDATE creators SET platform_totals = true
          WHERE mid = ANY(${withTotals.map((r) => r.mid)}::bigint[]) AND NOT platform_totals`.execute(trx);
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
      fullPath: 0,
      ownersInserted: 0,
      unknownPartitions: [],
    };
    const unique = [...new Map(records.map((r) => [r.aid, r])).values()];
    if (unique.length === 0) return total;
    await this.db.transaction().execute(async (trx) => {
      await relaxCommit(trx);
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
        const full = await bothPaths(
          batch,
          batch.map((v) => videoHash(v, known)),
          total,
          (rows, hashes) => this.videoFast(trx, rows, hashes, d),
          (rows, hashes) => this.videoBatch(trx, rows, hashes, d, known),
        );
        total.ownersInserted += full?.ownersInserted ?? 0;
      }
      const strays = unique.filter((v) => v.tid !== null && !known.has(v.tid));
      if (strays.length > 0) await recordUnknownPartitions(trx, strays, d);
      const owners = [...new Set(unique.map((v) => v.owner.mid))];
      for (const batch of chunks(owners, this.batchRows))
        await derivePartitions(trx, { mids: batch, onlyMissing: true });
      const counted = [
        ...new Map(
          unique.flatMap((v) =>
            v.owner.fans !== undefined && v.owner.fans !== null ? [[v.owner.mid, v.owner.fans] as const] : [],
          ),
        ),
      ];
      for (const batch of chunks(counted, this.batchRows)) {
        const w = await ownerSnapshots(trx, batch, d);
        total.ownerSnapshots = (total.ownerSnapshots ?? 0) + w;
      }
      // the owners' partial rows from the day on: their sums over the videos as of each day include this day's
      for (const batch of chunks(owners, this.batchRows)) {
        const ids = await idsBy(trx, CREATORS, batch);
        await refillDays(trx, [...ids.values()], d);
      }
    });
    return total;
  }

  /**
   * The common case of a creator batch — a stored creator whose profile is what the record says (its stored
   * profile_hash equals the record's: migration 0016) and whose newest daily row is not newer than `day` — in one
   * statement that sends only the key, the hash and the counters: it moves the counters in place (a HOT update found
   * by ctid, no index probe) and writes the day's row. Answers which records it handled (`done`); the others (new,
   * profile changed, hash unknown, backfill of an older day, counters missing) take creatorBatch, untouched here.
   */
  private async creatorFast(
    trx: Kysely<Database>,
    rows: readonly CreatorRecord[],
    hashes: readonly string[],
    day: string,
  ) {
    return fastPath(trx, rows, CREATORS, (cand) => {
      const col = (f: (r: CreatorRecord) => number | string | null) =>
        intArray(cand.map((k) => f(rows[k] as CreatorRecord)));
      return sql<FastResult>`
        WITH i AS MATERIALIZED (
          SELECT * FROM unnest(
            ${col((x) => x.mid)}::bigint[], ${intArray(cand.map((k) => hashes[k] as string))}::bigint[],
            ${col((x) => x.fans)}::bigint[], ${col((x) => x.following)}::bigint[], ${col((x) => x.likes)}::bigint[],
            ${col((x) => x.plays)}::bigint[], ${col((x) => x.videoCount)}::int[]
          ) WITH ORDINALITY AS i(mid, h, fans, following, likes, plays, video_count, ord)
        ),
        r AS MATERIALIZED (
          SELECT i.*, c.id AS cid, c.ctid AS ct,
                 (c.fans, c.following, c.likes, c.plays, c.video_count)
                   IS DISTINCT FROM (i.fans, i.following, i.likes, i.plays, i.video_count) AS counters
          FROM i JOIN creators c ON c.mid = i.mid
          WHERE c.profile_hash = i.h AND c.tracked_since <= ${dayStart(day)} AND ${creatorCurrent(day)}
            AND ${profileCurrent(day)}
        ),
        moved AS (
          UPDATE creators c SET fans = i.fans, following = i.following, likes = i.likes, plays = i.plays,
                                video_count = i.video_count, profile_day = ${day}::date
          FROM r AS i
          WHERE c.ctid = i.ct AND c.id = i.cid AND (i.counters OR c.profile_day IS DISTINCT FROM ${day}::date)
        ),
        daily AS (
          INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count)
          SELECT i.cid, ${day}::date, i.fans, i.following, i.likes, i.plays, i.video_count FROM r AS i
          ${creatorDailyConflict}
          RETURNING 1
        )
        ${fastResult(cand.length)}`;
    });
  }

  /** The common case of a video batch, as creatorFast (videos.meta_hash). */
  private async videoFast(trx: Kysely<Database>, rows: readonly VideoRecord[], hashes: readonly string[], day: string) {
    return fastPath(trx, rows, VIDEOS, (cand) => {
      const s = (f: (r: VideoRecord['stats']) => number | null) =>
        intArray(cand.map((k) => f((rows[k] as VideoRecord).stats)));
      return sql<FastResult>`
        WITH i AS MATERIALIZED (
          SELECT * FROM unnest(
            ${intArray(cand.map((k) => (rows[k] as VideoRecord).aid))}::bigint[],
            ${intArray(cand.map((k) => hashes[k] as string))}::bigint[], ${s((x) => x.view)}::bigint[],
            ${s((x) => x.like)}::bigint[], ${s((x) => x.coin)}::bigint[], ${s((x) => x.favorite)}::bigint[], ${s((x) => x.share)}::bigint[], ${s((x) => x.reply)}::bigint[],
            ${s((x) => x.danmaku)}::bigint[], ${cand.map((k) => (rows[k] as VideoRecord).vertical ?? null)}::boolean[]
          ) WITH ORDINALITY AS i(aid, h, play, likes, coin, favorite, share, reply, danmaku, vertical, ord)
        ),
        r AS MATERIALIZED (
          SELECT i.*, v.id AS vid, v.ctid AS vt,
                 (v.play, v.likes, v.coin, v.favorite, v.share, v.reply, v.danmaku)
                   IS DISTINCT FROM (i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku) AS counters
          FROM i JOIN videos v ON v.aid = i.aid
          WHERE v.meta_hash = i.h AND ${videoCurrent(day)}
            -- vertical is not in the hash (0059): a record that says it takes the full path until the row agrees
            AND (i.vertical IS NULL OR v.vertical IS NOT DISTINCT FROM i.vertical)
        ),
        moved AS (
          UPDATE videos v SET play = i.play, likes = i.likes, coin = i.coin, favorite = i.favorite, share = i.share,
                              reply = i.reply, danmaku = i.danmaku, updated_at = now()
          FROM r AS i
          WHERE v.ctid = i.vt AND v.id = i.vid AND i.counters
        ),
        daily AS (
          INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
          SELECT i.vid, ${day}::date, i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku FROM r AS i
          ${videoDailyConflict}
          RETURNING 1
        )
        ${fastResult(cand.length)}`;
    });
  }

  /**
   * The full path of creator records (those creatorFast did not take). One statement resolves each record against
   * its stored row (what differs), updates the counters in place and writes the complete daily rows; what is rarer
   * gets statements of its own, only when there is any: new creators, renames, profile changes, a backfilled older
   * day, records lacking some counters. Last, the hash of each record applied to its row (setAppliedHashes).
   */
  private async creatorBatch(trx: Kysely<Database>, rows: CreatorRecord[], hashes: string[], day: string) {
    const resolved = await sql<Resolved & { backdate: boolean | null; pcurrent: boolean | null }>`
      WITH i AS MATERIALIZED (${creatorInput(rows)}),
      r AS MATERIALIZED (
        SELECT i.*, c.id AS cid, ${creatorCurrent(day)} AS current, ${profileCurrent(day)} AS pcurrent,
               c.name IS DISTINCT FROM i.name AS renamed,
               ${creatorProfile} IS DISTINCT FROM ${creatorNewProfile} AS profile,
               (c.fans, c.following, c.likes, c.plays, c.video_count)
                 IS DISTINCT FROM
                 (coalesce(i.fans, c.fans), coalesce(i.following, c.following), coalesce(i.likes, c.likes),
                  coalesce(i.plays, c.plays), coalesce(i.video_count, c.video_count)) AS counters,
               c.tracked_since > ${dayStart(day)} AS backdate
        FROM i LEFT JOIN creators c ON c.mid = i.mid
      ),
      -- counters only: no indexed column changes, a HOT update (migration 0012); updated_at stays (profile only)
      moved AS (
        UPDATE creators c SET ${creatorCounterSet}
        FROM r AS i
        WHERE c.id = i.cid AND i.current AND i.counters
      ),
      daily AS (
        INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count)
        SELECT i.cid, ${day}::date, i.fans, i.following, i.likes, i.plays, i.video_count
        FROM r AS i
        WHERE i.cid IS NOT NULL AND num_nulls(i.fans, i.following, i.likes, i.plays, i.video_count) = 0
        ${creatorDailyConflict}
        RETURNING 1
      )
      SELECT r.ord::int AS ord, r.cid AS id, r.current, r.pcurrent, r.renamed, r.profile, r.counters, r.backdate,
             (SELECT count(*) FROM daily)::int AS daily
      FROM r`.execute(trx);
    const { ids, resolvedBy } = resolvedIds(rows, resolved.rows);
    let dailyWritten = resolved.rows[0]?.daily ?? 0;

    // New creators: inserted with the record's values; a concurrent insert of the same mid is left alone (ON CONFLICT)
    // and its id read back.
    const added = await insertFresh(trx, CREATORS, rows, ids, {
      insert: (fresh) => sql<{ k: string }>`
        INSERT INTO creators (mid, name, face, sign, level, sex, official_type, official_title, live_room_id, is_live,
                              fans, following, likes, plays, video_count, tracked_since, profile_day)
        SELECT i.mid, i.name, i.face, i.sign, i.level, i.sex, i.official_type, i.official_title,
               i.live_room_id, coalesce(i.is_live, 0), coalesce(i.fans, 0), i.following,
               coalesce(i.likes, 0), coalesce(i.plays, 0), coalesce(i.video_count, 0), least(now(), ${dayStart(day)}),
               ${day}::date
        FROM (${creatorInput(fresh)}) i
        ON CONFLICT (mid) DO NOTHING
        RETURNING mid::text AS k`,
      daily: (complete) => sql`
        INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count)
        SELECT i.id, ${day}::date, i.fans, i.following, i.likes, i.plays, i.video_count
        FROM (${creatorInput(
          complete.map((a) => a.x),
          complete,
        )}) i
        ${creatorDailyConflict}`,
    });
    dailyWritten += added.dailyWritten;

    // Stored creators whose profile moves (the record is not older than the profile they hold: profile_day,
    // migration 0031; the counters moved above when the record is not older than their newest daily row): the name
    // apart (naming it in SET recomputes the generated name_grams even when the value is the same), moving updated_at
    // (indexed: the search index's delta).
    const current = resolved.rows.filter((r) => r.id !== null && r.current);
    const profiledNow = resolved.rows.filter((r) => r.id !== null && r.pcurrent);
    const recordOf = (r: Resolved) => rows[r.ord - 1] as CreatorRecord;
    const renamed = profiledNow.filter((r) => r.renamed);
    if (renamed.length > 0) {
      await sql`
        UPDATE creators c SET name = i.name, updated_at = now()
        FROM (${creatorInput(renamed.map(recordOf), renamed)}) i
        WHERE c.id = i.id`.execute(trx);
    }
    const profiled = profiledNow.filter((r) => r.profile);
    if (profiled.length > 0) {
      await sql`
        UPDATE creators c SET
          face = i.face, sign = i.sign, level = coalesce(i.level, c.level), sex = i.sex,
          official_type = i.official_type, official_title = i.official_title,
          live_room_id = coalesce(i.live_room_id, c.live_room_id), is_live = coalesce(i.is_live, c.is_live),
          updated_at = now()
        FROM (${creatorInput(profiled.map(recordOf), profiled)}) i
        WHERE c.id = i.id`.execute(trx);
    }
    if (profiledNow.length > 0) {
      await sql`
        UPDATE creators SET profile_day = ${day}::date
        WHERE id = ANY(${profiledNow.map((r) => r.id)}::bigint[]) AND profile_day IS DISTINCT FROM ${day}::date`.execute(
        trx,
      );
    }
    const updated = new Set([
      ...current.filter((r) => r.counters).map((r) => r.id),
      ...profiledNow.filter((r) => r.renamed || r.profile).map((r) => r.id),
    ]).size;

    // A backfilled older day makes the creator "tracked since" that day.
    const backdated = resolved.rows.filter((r) => r.id !== null && r.backdate === true).map((r) => r.id);
    if (backdated.length > 0) {
      await sql`
        UPDATE creators SET tracked_since = ${dayStart(day)}
        WHERE id = ANY(${backdated}::bigint[]) AND tracked_since > ${dayStart(day)}`.execute(trx);
    }

    // Records lacking some counters: the row of the day keeps what the day's responses said (its `known` bits, merged
    // with a row already stored for the day); what they lack is filled by refillDays below.
    const partial = partialRows(CREATORS, rows, ids);
    if (partial.length > 0) {
      const w = await sql`
        INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count, known)
        SELECT i.id, ${day}::date, coalesce(i.fans, 0), i.following, coalesce(i.likes, 0), coalesce(i.plays, 0),
               coalesce(i.video_count, 0),
               (CASE WHEN i.fans IS NULL THEN 0 ELSE 1 END) | (CASE WHEN i.following IS NULL THEN 0 ELSE 2 END) |
               (CASE WHEN i.likes IS NULL THEN 0 ELSE 4 END) | (CASE WHEN i.plays IS NULL THEN 0 ELSE 8 END) |
               (CASE WHEN i.video_count IS NULL THEN 0 ELSE 16 END)
        FROM (${creatorInput(
          partial.map((a) => a.x),
          partial,
        )}) i
        ${partialDailyConflict}`.execute(trx);
      dailyWritten += affected(w);
    }
    // Every stored creator of the batch: its partial rows from the day on are filled again (a backfilled day can be
    // the newest earlier day that carried a counter, or add videos to the sums of later days).
    await refillDays(
      trx,
      ids.filter((id): id is string => id !== null),
      day,
    );

    await setAppliedHashes(trx, CREATORS, rows, ids, hashes, (k) =>
      resolvedBy.has(k + 1) ? resolvedBy.get(k + 1)?.pcurrent === true : added.ours.has(String(rows[k]?.mid)),
    );

    return { inserted: added.inserted, updated, dailyWritten };
  }

  /** The full path of video records, as creatorBatch. */
  private async videoBatch(
    trx: Kysely<Database>,
    rows: VideoRecord[],
    hashes: string[],
    day: string,
    knownTids: ReadonlySet<number>,
  ) {
    // Owners first: a video needs its creator row (a video list says nothing about fans: no daily row).
    const owners = [...new Map(rows.map((r) => [r.owner.mid, r.owner])).values()];
    const ownerMids = owners.map((o) => o.mid);
    let ownerIds = await idsBy(trx, CREATORS, ownerMids);
    let ownersInserted = 0;
    const unknownOwners = owners.filter((o) => !ownerIds.has(String(o.mid)));
    if (unknownOwners.length > 0) {
      const r = await sql`
        INSERT INTO creators (mid, name, face, tracked_since, platform_totals)
        SELECT o.mid, o.name, coalesce(o.face, ''), least(now(), ${dayStart(day)}), false
        FROM unnest(${unknownOwners.map((o) => o.mid)}::bigint[], ${unknownOwners.map((o) => o.name)}::text[],
                    ${unknownOwners.map((o) => o.face)}::text[]) AS o(mid, name, face)
        ON CONFLICT (mid) DO NOTHING`.execute(trx);
      ownersInserted = affected(r);
      ownerIds = await idsBy(trx, CREATORS, ownerMids);
    }
    // Owners already stored are tracked since the oldest day that names them (as if the days came in order).
    await sql`
      UPDATE creators SET tracked_since = ${dayStart(day)}
      WHERE mid = ANY(${ownerMids}::bigint[]) AND tracked_since > ${dayStart(day)}`.execute(trx);
    const input = (subset: readonly VideoRecord[], keyed?: readonly { id: string | null }[]) =>
      videoInput(subset, ownerIds, knownTids, keyed);

    const resolved = await sql<Resolved>`
      WITH i AS MATERIALIZED (${input(rows)}),
      r AS MATERIALIZED (
        SELECT i.*, v.id AS vid, ${videoCurrent(day)} AS current,
               v.title IS DISTINCT FROM i.title AS renamed,
               ${videoMeta} IS DISTINCT FROM ${videoNewMeta} AS profile,
               (v.play, v.likes, v.coin, v.favorite, v.share, v.reply, v.danmaku)
                 IS DISTINCT FROM
                 (coalesce(i.play, v.play), coalesce(i.likes, v.likes), coalesce(i.coin, v.coin),
                  coalesce(i.favorite, v.favorite), coalesce(i.share, v.share), coalesce(i.reply, v.reply),
                  coalesce(i.danmaku, v.danmaku)) AS counters
        FROM i LEFT JOIN videos v ON v.aid = i.aid
      ),
      -- counters only: a HOT update (migration 0012)
      moved AS (
        UPDATE videos v SET ${videoCounterSet}, updated_at = now()
        FROM r AS i
        WHERE v.id = i.vid AND i.current AND i.counters AND NOT i.profile
      ),
      daily AS (
        INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
        SELECT i.vid, ${day}::date, i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku
        FROM r AS i
        WHERE i.vid IS NOT NULL AND num_nulls(i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku) = 0
        ${videoDailyConflict}
        RETURNING 1
      )
      SELECT r.ord::int AS ord, r.vid AS id, r.current, r.renamed, r.profile, r.counters,
             (SELECT count(*) FROM daily)::int AS daily
      FROM r`.execute(trx);
    const { ids, resolvedBy } = resolvedIds(rows, resolved.rows);
    let dailyWritten = resolved.rows[0]?.daily ?? 0;

    // New videos.
    const added = await insertFresh(trx, VIDEOS, rows, ids, {
      insert: (fresh) => sql<{ k: string }>`
        INSERT INTO videos (aid, bvid, creator_id, title, cover, description, duration, pubdate, tid, copyright,
                            is_activity, status, play, likes, coin, favorite, share, reply, danmaku, vertical)
        SELECT i.aid, i.bvid, i.creator_id, i.title, i.cover, i.description, i.duration, to_timestamp(i.pubdate), i.tid,
               coalesce(i.copyright, 1), coalesce(i.is_activity, 0), i.status, coalesce(i.play, 0),
               coalesce(i.likes, 0), coalesce(i.coin, 0), coalesce(i.favorite, 0), coalesce(i.share, 0),
               coalesce(i.reply, 0), coalesce(i.danmaku, 0), i.vertical
        FROM (${input(fresh)}) i
        ON CONFLICT DO NOTHING
        RETURNING aid::text AS k`,
      daily: (complete) => sql`
        INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
        SELECT i.id, ${day}::date, i.play, i.likes, i.coin, i.favorite, i.share, i.reply, i.danmaku
        FROM (${input(
          complete.map((a) => a.x),
          complete,
        )}) i
        ${videoDailyConflict}`,
    });
    dailyWritten += added.dailyWritten;

    // Stored videos whose current columns move in a rarer way: the title apart (SET title recomputes title_grams),
    // other metadata with the counters.
    const current = resolved.rows.filter((r) => r.id !== null && r.current);
    const recordOf = (r: Resolved) => rows[r.ord - 1] as VideoRecord;
    const retitled = current.filter((r) => r.renamed);
    if (retitled.length > 0) {
      await sql`
        UPDATE videos v SET title = i.title, updated_at = now()
        FROM (${input(retitled.map(recordOf), retitled)}) i
        WHERE v.id = i.id`.execute(trx);
    }
    const changed = current.filter((r) => r.profile);
    if (changed.length > 0) {
      await sql`
        UPDATE videos v SET
          creator_id = i.creator_id, cover = i.cover, description = i.description,
          duration = CASE WHEN i.duration > 0 THEN i.duration ELSE v.duration END,
          pubdate = to_timestamp(i.pubdate), tid = coalesce(i.tid, v.tid), copyright = coalesce(i.copyright, v.copyright),
          is_activity = coalesce(i.is_activity, v.is_activity), status = i.status,
          vertical = coalesce(i.vertical, v.vertical), ${videoCounterSet}, updated_at = now()
        FROM (${input(changed.map(recordOf), changed)}) i
        WHERE v.id = i.id`.execute(trx);
    }
    const updated = current.filter((r) => r.renamed || r.profile || r.counters).length;

    // Records lacking some counters, as for creators.
    const partial = partialRows(VIDEOS, rows, ids);
    if (partial.length > 0) {
      const w = await sql`
        INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
        SELECT v.id, ${day}::date,
               coalesce(i.play, d.play, p.play, v.play), coalesce(i.likes, d.likes, p.likes, v.likes),
               coalesce(i.coin, d.coin, p.coin, v.coin), coalesce(i.favorite, d.favorite, p.favorite, v.favorite),
               coalesce(i.share, d.share, p.share, v.share), coalesce(i.reply, d.reply, p.reply, v.reply),
               coalesce(i.danmaku, d.danmaku, p.danmaku, v.danmaku)
        FROM (${input(
          partial.map((a) => a.x),
          partial,
        )}) i
        JOIN videos v ON v.id = i.id
        LEFT JOIN LATERAL (
          SELECT * FROM video_daily d WHERE d.video_id = v.id AND d.day = ${day}::date
        ) d ON true
        LEFT JOIN LATERAL (
          SELECT * FROM video_daily p WHERE p.video_id = v.id AND p.day < ${day}::date ORDER BY p.day DESC LIMIT 1
        ) p ON true
        ${videoDailyConflict}`.execute(trx);
      dailyWritten += affected(w);
    }

    await setAppliedHashes(trx, VIDEOS, rows, ids, hashes, (k) =>
      resolvedBy.has(k + 1) ? resolvedBy.get(k + 1)?.current === true : added.ours.has(String(rows[k]?.aid)),
    );

    return { inserted: added.inserted, updated, dailyWritten, ownersInserted };
  }
}

/**
 * What the two write paths need to know of a kind of record — creators or videos — to share one implementation of
 * what they do alike: its table, its natural key, its hash column and its counters.
 */
interface RecordKind<T> {
  table: 'creators' | 'videos';
  key: 'mid' | 'aid';
  keyOf: (r: T) => number;
  hashColumn: 'profile_hash' | 'meta_hash';
  counts: (r: T) => (number | null)[];
}
const CREATORS: RecordKind<CreatorRecord> = {
  table: 'creators',
  key: 'mid',
  keyOf: (r) => r.mid,
  hashColumn: 'profile_hash',
  counts: (r) => [r.fans, r.following, r.likes, r.plays, r.videoCount],
};
const VIDEOS: RecordKind<VideoRecord> = {
  table: 'videos',
  key: 'aid',
  keyOf: (r) => r.aid,
  hashColumn: 'meta_hash',
  counts: ({ stats: s }) => [s.view, s.like, s.coin, s.favorite, s.share, s.reply, s.danmaku],
};
/** The record carries every counter (a complete daily row). */
const carriesAll = <T>(kind: RecordKind<T>, r: T) => kind.counts(r).every((x) => x !== null);
/** The records of stored rows that carry some counters but not all (a partial daily row), with their ids. */
const partialRows = <T>(kind: RecordKind<T>, rows: readonly T[], ids: readonly (string | null)[]) =>
  rows.flatMap((x, k) => {
    const id = ids[k] ?? null;
    return id !== null && !carriesAll(kind, x) && kind.counts(x).some((c) => c !== null) ? [{ x, id }] : [];
  });

/**
 * A counters-only statement over the records that carry every counter (`statement` gets their positions); answers
 * which records it handled, as the fast paths do.
 */
async function fastPath<T>(
  trx: Kysely<Database>,
  rows: readonly T[],
  kind: RecordKind<T>,
  statement: (cand: readonly number[]) => RawBuilder<FastResult>,
) {
  const done = rows.map(() => false);
  const cand = rows.flatMap((x, k) => (carriesAll(kind, x) ? [k] : []));
  if (cand.length === 0) return { done, updated: 0, dailyWritten: 0 };
  const r = await statement(cand).execute(trx);
  return fastDone(r.rows[0], cand, done);
}

/** The ids of a full-path batch's stored rows (null: new) by position, and the resolved rows by `ord`. */
function resolvedIds<R extends Resolved>(rows: readonly unknown[], resolved: readonly R[]) {
  const ids: (string | null)[] = rows.map(() => null);
  for (const r of resolved) ids[r.ord - 1] = r.id;
  const resolvedBy = new Map(resolved.filter((r) => r.id !== null).map((r) => [r.ord, r]));
  return { ids, resolvedBy };
}

/**
 * The new rows of a full-path batch (ids[k] null): `insert` writes them (a concurrent insert of the same key is left
 * alone, ON CONFLICT, and answers no row: `k`, the keys it inserted), their ids are read back into `ids`, and `daily`
 * writes the day's rows of those that carry every counter. Answers the rows inserted, their keys (`ours`) and the
 * daily rows written.
 */
async function insertFresh<T>(
  trx: Kysely<Database>,
  kind: RecordKind<T>,
  rows: readonly T[],
  ids: (string | null)[],
  write: {
    insert: (fresh: readonly T[]) => RawBuilder<{ k: string }>;
    daily: (complete: readonly { x: T; id: string | null }[]) => RawBuilder<unknown>;
  },
) {
  const ours = new Set<string>();
  const fresh = rows.filter((_, k) => ids[k] === null);
  if (fresh.length === 0) return { inserted: 0, ours, dailyWritten: 0 };
  const r = await write.insert(fresh).execute(trx);
  for (const x of r.rows) ours.add(x.k);
  const byKey = await idsBy(trx, kind, fresh.map(kind.keyOf));
  const added = fillNewIds(rows, ids, byKey, kind.keyOf);
  const full = added.filter((a) => a.id !== null && carriesAll(kind, a.x));
  const dailyWritten = full.length > 0 ? affected(await write.daily(full).execute(trx)) : 0;
  return { inserted: r.rows.length, ours, dailyWritten };
}

/** A resolved input row: its 1-based position in the batch, the stored row's id (null: new) and what differs. */
interface Resolved {
  ord: number;
  /** complete daily rows the resolving statement wrote (the same on every row) */
  daily?: number;
  id: string | null;
  current: boolean | null;
  renamed: boolean | null;
  profile: boolean | null;
  counters: boolean | null;
}

/**
 * What a counters-only statement answers: one row — how many records it handled, how many moved their counters,
 * the daily rows written, and the positions it handled only when that is not all of them (a batch of 2,000 rows
 * answered row by row cost the client more than the statement's parameters).
 */
interface FastResult {
  done: number;
  updated: number;
  daily: number;
  ords: number[] | null;
}
const fastResult = (candidates: number) => sql`
  SELECT count(*)::int AS done, (count(*) FILTER (WHERE r.counters))::int AS updated,
         (SELECT count(*) FROM daily)::int AS daily,
         CASE WHEN count(*) < ${candidates} THEN array_agg(r.ord::int) END AS ords
  FROM r`;
function fastDone(res: FastResult | undefined, cand: readonly number[], done: boolean[]) {
  if (res && res.done === cand.length) for (const k of cand) done[k] = true;
  else for (const o of res?.ords ?? []) done[cand[o - 1] as number] = true;
  return { done, updated: res?.updated ?? 0, dailyWritten: res?.daily ?? 0 };
}

/** Sets the ids of a batch's new rows (ids[k] null) from their natural keys; answers those rows with their ids. */
function fillNewIds<T>(
  rows: readonly T[],
  ids: (string | null)[],
  byKey: ReadonlyMap<string, string>,
  keyOf: (row: T) => number,
): { x: T; id: string | null }[] {
  const added: { x: T; id: string | null }[] = [];
  rows.forEach((x, k) => {
    if (ids[k] !== null) return;
    const id = byKey.get(String(keyOf(x))) ?? null;
    ids[k] = id;
    added.push({ x, id });
  });
  return added;
}

/** Stored id by natural key (mid / aid) for the given keys. */
async function idsBy<T>(
  trx: Kysely<Database>,
  { table, key }: RecordKind<T>,
  values: readonly number[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const r = await sql<{ k: string; id: string }>`
    SELECT ${sql.ref(key)}::text AS k, id FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ANY(${values}::bigint[])`.execute(
    trx,
  );
  return new Map(r.rows.map((x) => [x.k, x.id]));
}

/**
 * A creator batch as rows `i` (unnest of one array per column, `ord` its 1-based position); `keyed` adds the stored
 * id of each row (`i.id`) for the statements that write by id.
 */
function creatorInput(rows: readonly CreatorRecord[], keyed?: readonly { id: string | null }[]): RawBuilder<unknown> {
  const col = <T>(f: (r: CreatorRecord) => T) => rows.map(f);
  const id = keyed ? sql`, ${keyed.map((k) => k.id)}::bigint[]` : sql``;
  return sql`
    SELECT * FROM unnest(
      ${col((r) => r.mid)}::bigint[], ${col((r) => r.name)}::text[], ${col((r) => r.face)}::text[],
      ${col((r) => r.sign)}::text[], ${col((r) => clampLevel(r.level))}::smallint[], ${col((r) => r.sex)}::smallint[],
      ${col((r) => r.officialType)}::smallint[], ${col((r) => r.officialTitle)}::text[],
      ${col((r) => r.liveRoomId)}::bigint[], ${col((r) => flag(r.isLive))}::smallint[],
      ${col((r) => r.fans)}::bigint[], ${col((r) => r.following)}::bigint[], ${col((r) => r.likes)}::bigint[],
      ${col((r) => r.plays)}::bigint[], ${col((r) => r.videoCount)}::int[]${id}
    ) WITH ORDINALITY AS i(mid, name, face, sign, level, sex, official_type, official_title, live_room_id, is_live,
                           fans, following, likes, plays, video_count${keyed ? sql`, id` : sql``}, ord)`;
}

/** A video batch as rows `i` (see creatorInput); `creator_id` is the owner's id, `tid` NULL when not a known one. */
function videoInput(
  rows: readonly VideoRecord[],
  ownerIds: ReadonlyMap<string, string>,
  knownTids: ReadonlySet<number>,
  keyed?: readonly { id: string | null }[],
): RawBuilder<unknown> {
  const col = <T>(f: (r: VideoRecord) => T) => rows.map(f);
  const s = <T>(f: (r: VideoRecord['stats']) => T) => rows.map((r) => f(r.stats));
  const id = keyed ? sql`, ${keyed.map((k) => k.id)}::bigint[]` : sql``;
  return sql`
    SELECT * FROM unnest(
      ${col((r) => r.aid)}::bigint[], ${col((r) => r.bvid)}::text[],
      ${col((r) => ownerIds.get(String(r.owner.mid)) ?? null)}::bigint[],
      ${col((r) => r.title)}::text[], ${col((r) => r.cover)}::text[], ${col((r) => r.desc)}::text[],
      ${col((r) => Math.max(0, Math.round(r.duration)))}::int[], ${col((r) => r.pubdate)}::bigint[],
      ${col((r) => (r.tid !== null && knownTids.has(r.tid) ? r.tid : null))}::int[],
      ${col((r) => r.copyright)}::smallint[], ${col((r) => flag(r.isActivity))}::smallint[],
      ${col((r) => r.status)}::smallint[],
      ${s((x) => x.view)}::bigint[], ${s((x) => x.like)}::bigint[], ${s((x) => x.coin)}::bigint[],
      ${s((x) => x.favorite)}::bigint[], ${s((x) => x.share)}::bigint[], ${s((x) => x.reply)}::bigint[],
      ${s((x) => x.danmaku)}::bigint[], ${col((r) => r.vertical ?? null)}::boolean[]${id}
    ) WITH ORDINALITY AS i(aid, bvid, creator_id, title, cover, description, duration, pubdate, tid, copyright,
                           is_activity, status, play, likes, coin, favorite, share, reply, danmaku, vertical${keyed ? sql`, id` : sql``}, ord)`;
}

/**
 * The record's day is not older than the newest daily row of the stored creator / video (`c` / `v`): such a record
 * moves the current columns. First against the newest day of the whole daily table (daily_high_water, migration
 * 0017: one read per statement): a day not older than that is not older than any row's — the collector's case. Only
 * for an older day (the importer's backfills), the row's own newest day: a max() over the daily key (one descent,
 * backwards). (An EXISTS there was planned as a hashed subplan over the BRIN index of creator_daily(day), which
 * reads every page not summarised yet — every page a day of snapshots appends until the next VACUUM.)
 */
const creatorCurrent = (day: string) => sql`coalesce(
  ${day}::date >= (SELECT w.day FROM daily_high_water w WHERE w.table_name = 'creator_daily')
  OR coalesce((SELECT max(d.day) FROM creator_daily d WHERE d.creator_id = c.id), '-infinity'::date) <= ${day}::date,
  false)`;
/** The record's day is not older than the profile the stored creator `c` holds (profile_day, migration 0031). */
const profileCurrent = (day: string) => sql`coalesce(c.profile_day, '-infinity'::date) <= ${day}::date`;
const videoCurrent = (day: string) => sql`coalesce(
  ${day}::date >= (SELECT w.day FROM daily_high_water w WHERE w.table_name = 'video_daily')
  OR coalesce((SELECT max(d.day) FROM video_daily d WHERE d.video_id = v.id), '-infinity'::date) <= ${day}::date,
  false)`;

/**
 * A hash of what a record says besides its counters, as the ingestor would store it (creators.profile_hash /
 * videos.meta_hash, migration 0016): cyrb53 (a public-domain 53-bit string hash: two multiply-xor lanes), fed each
 * field with a type mark — a string's characters and then its length (above any character code, so no two lists of
 * strings feed the same sequence), an integer's two 32-bit halves, a mark for null — and answered as a safe integer.
 * Not cryptographic and need not be: it only has to tell a record from the one last applied to the same row (a
 * chance of 2⁻⁵³ that a change goes unseen until the next one). ≈ 0.5 µs a video record; an MD5 of the fields' JSON
 * through node:crypto cost ≈ 3 µs, a sixth of what the database spends on the row.
 */
function recordHash(parts: readonly (string | number | null)[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const feed = (x: number) => {
    h1 = Math.imul(h1 ^ x, 2654435761);
    h2 = Math.imul(h2 ^ x, 1597334677);
  };
  for (const v of parts) {
    if (typeof v === 'string') {
      feed(0x73);
      for (let i = 0; i < v.length; i++) feed(v.charCodeAt(i));
      feed(v.length | 0x10000);
    } else if (typeof v === 'number') {
      feed(0x6e);
      feed(v >>> 0);
      feed(Math.floor(v / 4294967296) | 0);
    } else {
      feed(0x30);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return String(4294967296 * (2097151 & h2) + (h1 >>> 0));
}

/**
 * A PostgreSQL array literal of integers ('{1,2,NULL}'), sent as the text of a `::bigint[]` / `::int[]` parameter:
 * node-postgres quotes and regex-escapes every element of an array parameter (≈ 0.3 µs each, 9 columns a row on
 * the counters-only path); integers need neither.
 */
function intArray(values: readonly (number | string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number' && !Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
    else out += v;
  }
  return out + '}';
}

export const creatorHash = (r: CreatorRecord): string =>
  recordHash([
    r.name,
    r.face,
    r.sign,
    clampLevel(r.level),
    r.sex,
    r.officialType,
    r.officialTitle,
    r.liveRoomId,
    flag(r.isLive),
  ]);
export const videoHash = (r: VideoRecord, knownTids: ReadonlySet<number>): string =>
  recordHash([
    r.owner.mid,
    r.title,
    r.cover,
    r.desc,
    Math.max(0, Math.round(r.duration)),
    r.pubdate,
    r.tid !== null && knownTids.has(r.tid) ? r.tid : null,
    r.copyright,
    flag(r.isActivity),
    r.status,
  ]);

/**
 * Stores the hash of each record of a full-path batch that is now what its row says — `applied(k)`: a stored row the
 * record was current for, or a row inserted by this batch — so the row's next snapshot takes the counters-only path.
 * Only where the hash differs: a HOT update, no index touched.
 */
async function setAppliedHashes<T>(
  trx: Kysely<Database>,
  { table, hashColumn }: RecordKind<T>,
  rows: readonly T[],
  ids: readonly (string | null)[],
  hashes: readonly string[],
  applied: (k: number) => boolean,
): Promise<void> {
  const set = rows.flatMap((_, k) => {
    const id = ids[k] ?? null;
    return id !== null && applied(k) ? [{ id, h: hashes[k] as string }] : [];
  });
  if (set.length === 0) return;
  const column = sql.ref(hashColumn);
  await sql`
    UPDATE ${sql.table(table)} t SET ${column} = i.h
    FROM unnest(${set.map((r) => r.id)}::bigint[], ${set.map((r) => r.h)}::bigint[]) AS i(id, h)
    WHERE t.id = i.id AND t.${column} IS DISTINCT FROM i.h`.execute(trx);
}

/**
 * One batch through both paths: the counters-only statement first, then the full path for the records it did not
 * take (with their hashes). Adds to `total`; answers the full path's own result (null when it was not needed).
 */
async function bothPaths<T, R extends Omit<IngestResult, 'fullPath'>>(
  batch: readonly T[],
  hashes: readonly string[],
  total: IngestResult,
  fast: (
    rows: readonly T[],
    hashes: readonly string[],
  ) => Promise<{ done: boolean[]; updated: number; dailyWritten: number }>,
  full: (rows: T[], hashes: string[]) => Promise<R>,
): Promise<R | null> {
  const f = await fast(batch, hashes);
  total.updated += f.updated;
  total.dailyWritten += f.dailyWritten;
  const rest = batch.flatMap((_, k) => (f.done[k] ? [] : [k]));
  if (rest.length === 0) return null;
  total.fullPath += rest.length;
  const r = await full(
    rest.map((k) => batch[k] as T),
    rest.map((k) => hashes[k] as string),
  );
  total.inserted += r.inserted;
  total.updated += r.updated;
  total.dailyWritten += r.dailyWritten;
  return r;
}

/**
 * Ingestion commits do not wait for their WAL to reach the disk (synchronous_commit off for the transaction): a
 * crash of the server can lose the last few hundred milliseconds of snapshots, never corrupt them, and what a job
 * marks done afterwards is committed synchronously, which flushes the WAL before it — so a job is never done with
 * its snapshots lost. Snapshots are idempotent and collected again. (17 ms a commit on this machine's disk.)
 */
/**
 * Videos whose tid the partition tree lacks (stored with tid NULL meanwhile): one row per video in
 * unknown_partition_videos (migration 0018; the view unknown_partitions sums them per tid for pipeline health). The
 * rollup moves a video to its tid once the tree has it (metrics.repository.ts, adoptKnownPartitions).
 */
async function recordUnknownPartitions(trx: Kysely<Database>, rows: readonly VideoRecord[], day: string) {
  await sql`
    INSERT INTO unknown_partition_videos (aid, tid, tname, day)
    SELECT * FROM unnest(${rows.map((v) => v.aid)}::bigint[], ${rows.map((v) => v.tid)}::int[],
                         ${rows.map((v) => v.tname)}::text[], ${rows.map(() => day)}::date[])
    ON CONFLICT (aid) DO UPDATE SET tid = EXCLUDED.tid, tname = EXCLUDED.tname, day = greatest(EXCLUDED.day, unknown_partition_videos.day)
    WHERE (unknown_partition_videos.tid, unknown_partition_videos.tname, unknown_partition_videos.day)
          IS DISTINCT FROM (EXCLUDED.tid, EXCLUDED.tname, greatest(EXCLUDED.day, unknown_partition_videos.day))`.execute(
    trx,
  );
}

/** Above this many marked creators the derivation reads all videos once instead of each marked creator's. */
export const STALE_SCAN_ABOVE = 100_000;

/**
 * A creator's partition from their videos (docs/metrics.md, "Creator partition"): the (child) tid of most of their
 * visible videos published in the 90 days up to their latest video, ties → the tid of the latest of them. Only
 * creators with such a video are touched. `scope`: the creators of these mids (with `onlyMissing`, only those
 * without a partition: the ingestor gives a new creator one at once), or `'stale'`, the creators the triggers on
 * videos marked (migration 0030; the rollup clears the marks). A night's marks (≈ 10–30k creators at 1M) read
 * their creators' videos by index (25k creators: 0.5 s instead of 3–4 s for a scan of the 5M videos, which the
 * planner chose for a join with the marks); a mass of marks (after migration 0030 or a load) scans once.
 */
export async function derivePartitions(
  trx: Kysely<Database>,
  scope: { mids: readonly number[]; onlyMissing: boolean } | 'stale',
  scanAbove = STALE_SCAN_ABOVE,
): Promise<number> {
  let from;
  let where;
  if (scope === 'stale') {
    const marks = await sql<{ n: number }>`SELECT count(*)::int AS n FROM creator_partition_stale`.execute(trx);
    const many = (marks.rows[0]?.n ?? 0) > scanAbove;
    from = many ? sql`videos v JOIN creator_partition_stale s ON s.creator_id = v.creator_id` : sql`videos v`;
    where = many ? sql`true` : sql`v.creator_id = ANY(ARRAY(SELECT s.creator_id FROM creator_partition_stale s))`;
  } else {
    from = sql`videos v JOIN creators c ON c.id = v.creator_id`;
    where = sql`c.mid = ANY(${[...scope.mids]}::bigint[]) ${scope.onlyMissing ? sql`AND c.partition_tid IS NULL` : sql``}`;
  }
  const r = await sql`
    UPDATE creators c SET partition_tid = x.tid, updated_at = now() -- updated_at: the search index's delta
    FROM (
      SELECT DISTINCT ON (t.creator_id) t.creator_id, t.tid
      FROM (
        -- one pass over the videos: each creator's latest visible video by a window (a join with a grouped
        -- second pass took 1.8× as long at 5M videos, rollup creatorState)
        SELECT w.creator_id, w.tid, count(*) AS n, max(w.pubdate) AS latest
        FROM (
          SELECT v.creator_id, v.tid, v.pubdate, max(v.pubdate) OVER (PARTITION BY v.creator_id) AS last_pub
          FROM ${from}
          WHERE ${where} AND v.status = 0 AND v.tid IS NOT NULL
        ) w
        WHERE w.pubdate > w.last_pub - interval '90 days'
        GROUP BY w.creator_id, w.tid
      ) t
      ORDER BY t.creator_id, t.n DESC, t.latest DESC, t.tid
    ) x
    WHERE c.id = x.creator_id AND c.partition_tid IS DISTINCT FROM x.tid`.execute(trx);
  return affected(r);
}

/**
 * The fans that list items carry for their owners (`owner.follower`), as the owners' snapshot of the day
 * (docs/pipeline.md, "Creator snapshots from lists"): creator_daily gets the fans, marked as the only counter the
 * day carried (known = 1); refillDays fills the others (docs/data-sources.md § Importer). The current fans move only
 * when the day is not older than the creator's newest snapshot. Answers the daily rows written.
 */
async function ownerSnapshots(
  trx: Kysely<Database>,
  rows: readonly (readonly [mid: number, fans: number])[],
  day: string,
): Promise<number> {
  const mids = rows.map((r) => r[0]);
  const fans = rows.map((r) => Math.max(0, Math.round(r[1])));
  const r = await sql<{ daily: number }>`
    WITH i AS MATERIALIZED (
      SELECT c.id, i.fans, ${creatorCurrent(day)} AS current
      FROM unnest(${mids}::bigint[], ${fans}::bigint[]) AS i(mid, fans)
      JOIN creators c ON c.mid = i.mid
    ),
    moved AS (
      UPDATE creators c SET fans = i.fans -- a counter: the profile hash (profile fields only) stays
      FROM i
      WHERE c.id = i.id AND i.current AND c.fans IS DISTINCT FROM i.fans
    ),
    daily AS (
      INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count, known)
      SELECT i.id, ${day}::date, i.fans, NULL, 0, 0, 0, ${KNOWN.fans} FROM i
      ${partialDailyConflict}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM daily)::int AS daily`.execute(trx);
  return r.rows[0]?.daily ?? 0;
}

/** The bits of creator_daily.known (migration 0031): which counters the day's own responses carried. */
const KNOWN = { fans: 1, following: 2, likes: 4, plays: 8, video_count: 16 } as const;
const ALL_KNOWN = 31;
type Counter = keyof typeof KNOWN;
const COUNTERS = Object.keys(KNOWN) as Counter[];

/**
 * A partial row of the day (known = the bits it carries) merged with the row already stored for the day: each counter
 * the new row carries replaces the stored one, the others keep theirs; the known bits add up (all of them: NULL).
 * Rewritten only when a value differs (idempotent).
 */
const mergedValue = (c: Counter) =>
  sql`CASE WHEN EXCLUDED.known & ${sql.lit(KNOWN[c])} <> 0 THEN EXCLUDED.${sql.ref(c)} ELSE creator_daily.${sql.ref(c)} END`;
const mergedKnown = sql`CASE WHEN creator_daily.known IS NULL OR (creator_daily.known | EXCLUDED.known) = ${sql.lit(ALL_KNOWN)}
  THEN NULL ELSE creator_daily.known | EXCLUDED.known END`;
const partialDailyConflict = sql`
  ON CONFLICT (creator_id, day) DO UPDATE SET
    ${sql.join(COUNTERS.map((c) => sql`${sql.ref(c)} = ${mergedValue(c)}`))}, known = ${mergedKnown}
  WHERE (${sql.join(COUNTERS.map((c) => sql`creator_daily.${sql.ref(c)}`))}, creator_daily.known)
        IS DISTINCT FROM (${sql.join(COUNTERS.map(mergedValue))}, ${mergedKnown})`;

/** The value of counter `c` the newest earlier day of `t`'s creator carried (a row with its bit, or a complete row). */
const earlierKnown = (c: Counter) => sql`(
  SELECT p.${sql.ref(c)} FROM creator_daily p
  WHERE p.creator_id = t.creator_id AND p.day < t.day AND (p.known IS NULL OR p.known & ${sql.lit(KNOWN[c])} <> 0)
  ORDER BY p.day DESC LIMIT 1)`;
const lacks = (c: Counter) => sql`(f.known & ${sql.lit(KNOWN[c])} = 0 AND f.${sql.ref(c)} IS NULL)`;

/**
 * Fills the counters the partial rows (creator_daily.known not NULL) of these creators, from `day` on, did not carry
 * (docs/data-sources.md § Importer, "A day's rows"): the value of the newest earlier day that carried the counter;
 * with none, for likes, plays and video count the sums over the creator's visible videos published by the day, each
 * video at its newest snapshot of the day or before (docs/metrics.md, "Creator totals"), for following unknown
 * (NULL), for fans the current value. A row depends only on the rows and videos of its day and before, whatever order
 * the days were imported in: importing an older day later fills the later rows again, so a backfill gives the rows an
 * in-order import gives. Then the current counters of a creator whose newest row is partial are that row's (the
 * current values of a creator are its newest day's).
 */
async function refillDays(trx: Kysely<Database>, creatorIds: readonly string[], day: string): Promise<void> {
  if (creatorIds.length === 0) return;
  await sql`
    WITH t AS MATERIALIZED (
      SELECT d.creator_id, d.day, d.known FROM creator_daily d
      WHERE d.creator_id = ANY(${creatorIds}::bigint[]) AND d.day >= ${day}::date AND d.known IS NOT NULL
    ),
    f AS MATERIALIZED (
      SELECT t.*, ${sql.join(COUNTERS.map((c) => sql`${earlierKnown(c)} AS ${sql.ref(c)}`))} FROM t
    ),
    g AS MATERIALIZED (
      SELECT f.*, s.plays AS s_plays, s.likes AS s_likes, s.video_count AS s_video_count
      FROM f LEFT JOIN LATERAL (
        SELECT sum(x.play)::bigint AS plays, sum(x.likes)::bigint AS likes, count(*)::int AS video_count
        FROM videos v
        JOIN LATERAL (
          SELECT vd.play, vd.likes FROM video_daily vd WHERE vd.video_id = v.id AND vd.day <= f.day
          ORDER BY vd.day DESC LIMIT 1
        ) x ON true
        WHERE (${lacks('likes')} OR ${lacks('plays')} OR ${lacks('video_count')})
          AND v.creator_id = f.creator_id AND v.status = 0 AND v.pubdate < ${dayStart(sql`f.day`)} + interval '1 day'
      ) s ON true
    ),
    n AS MATERIALIZED (
      SELECT g.creator_id, g.day, g.known,
             coalesce(g.fans, c.fans) AS fans, g.following,
             coalesce(g.likes, g.s_likes, 0) AS likes, coalesce(g.plays, g.s_plays, 0) AS plays,
             coalesce(g.video_count, g.s_video_count, 0) AS video_count
      FROM g JOIN creators c ON c.id = g.creator_id
    )
    UPDATE creator_daily d SET
      ${sql.join(COUNTERS.map((c) => sql`${sql.ref(c)} = ${filled(c)}`))}
    FROM n
    WHERE d.creator_id = n.creator_id AND d.day = n.day
      AND (${sql.join(COUNTERS.map((c) => sql`d.${sql.ref(c)}`))}) IS DISTINCT FROM (${sql.join(COUNTERS.map(filled))})`.execute(
    trx,
  );
  await sql`
    UPDATE creators c SET ${sql.join(COUNTERS.map((k) => sql`${sql.ref(k)} = d.${sql.ref(k)}`))}
    FROM (
      SELECT DISTINCT ON (x.creator_id) x.* FROM creator_daily x
      WHERE x.creator_id = ANY(${creatorIds}::bigint[])
      ORDER BY x.creator_id, x.day DESC
    ) d
    WHERE c.id = d.creator_id AND d.known IS NOT NULL
      AND (${sql.join(COUNTERS.map((k) => sql`c.${sql.ref(k)}`))}) IS DISTINCT FROM (${sql.join(COUNTERS.map((k) => sql`d.${sql.ref(k)}`))})`.execute(
    trx,
  );
}
/** A counter of a refilled row: the day's own value when the day carried it, else the fill (`n`). */
const filled = (c: Counter) =>
  sql`CASE WHEN n.known & ${sql.lit(KNOWN[c])} <> 0 THEN d.${sql.ref(c)} ELSE n.${sql.ref(c)} END`;

async function relaxCommit(trx: Kysely<Database>): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

/** A creator's profile columns (stored `c`, and as the record `i` would leave them). */
const creatorProfile = sql`(c.face, c.sign, c.level, c.sex, c.official_type, c.official_title, c.live_room_id, c.is_live)`;
const creatorNewProfile = sql`(i.face, i.sign, coalesce(i.level, c.level), i.sex, i.official_type, i.official_title,
  coalesce(i.live_room_id, c.live_room_id), coalesce(i.is_live, c.is_live))`;
const creatorCounterSet = sql`fans = coalesce(i.fans, c.fans), following = coalesce(i.following, c.following),
  likes = coalesce(i.likes, c.likes), plays = coalesce(i.plays, c.plays), video_count = coalesce(i.video_count, c.video_count)`;

/** A video's metadata other than the title (stored `v`, and as the record `i` would leave it). */
const videoMeta = sql`(v.creator_id, v.cover, v.description, v.duration, v.pubdate, v.tid, v.copyright, v.is_activity,
  v.status, v.vertical)`;
const videoNewMeta = sql`(i.creator_id, i.cover, i.description, CASE WHEN i.duration > 0 THEN i.duration ELSE v.duration END,
  to_timestamp(i.pubdate), coalesce(i.tid, v.tid), coalesce(i.copyright, v.copyright),
  coalesce(i.is_activity, v.is_activity), i.status, coalesce(i.vertical, v.vertical))`;
const videoCounterSet = sql`play = coalesce(i.play, v.play), likes = coalesce(i.likes, v.likes),
  coin = coalesce(i.coin, v.coin), favorite = coalesce(i.favorite, v.favorite), share = coalesce(i.share, v.share),
  reply = coalesce(i.reply, v.reply), danmaku = coalesce(i.danmaku, v.danmaku)`;

/** A day's row is rewritten only when a value differs (idempotent). */
const creatorDailyConflict = sql`
  ON CONFLICT (creator_id, day) DO UPDATE SET
    fans = EXCLUDED.fans, following = EXCLUDED.following, likes = EXCLUDED.likes, plays = EXCLUDED.plays,
    video_count = EXCLUDED.video_count, known = NULL
  WHERE (creator_daily.fans, creator_daily.following, creator_daily.likes, creator_daily.plays, creator_daily.video_count)
        IS DISTINCT FROM (EXCLUDED.fans, EXCLUDED.following, EXCLUDED.likes, EXCLUDED.plays, EXCLUDED.video_count)
     OR creator_daily.known IS NOT NULL`;
const videoDailyConflict = sql`
  ON CONFLICT (video_id, day) DO UPDATE SET
    play = EXCLUDED.play, likes = EXCLUDED.likes, coin = EXCLUDED.coin, favorite = EXCLUDED.favorite,
    share = EXCLUDED.share, reply = EXCLUDED.reply, danmaku = EXCLUDED.danmaku
  WHERE (video_daily.play, video_daily.likes, video_daily.coin, video_daily.favorite, video_daily.share,
         video_daily.reply, video_daily.danmaku)
        IS DISTINCT FROM (EXCLUDED.play, EXCLUDED.likes, EXCLUDED.coin, EXCLUDED.favorite, EXCLUDED.share,
                          EXCLUDED.reply, EXCLUDED.danmaku)`;
