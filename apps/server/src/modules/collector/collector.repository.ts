/**
 * SQL of the collector: creators as the pipeline sees them (cadence, due collections), collection requests,
 * the cadence classes, and the videos the comment sampler picks. Instants come from the pipeline clock as
 * parameters (never now()), so tests can move time.
 *
 * The scheduling state of a creator lives in `creator_schedule` (migration 0014), never in `creators`, so that
 * scheduling and collecting never rewrite the wide creators row. A creator without a schedule row counts as
 * cadence 'daily', never collected, no slot yet, never viewed; every writer here upserts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.js';
import type { CollectionRequestState, CreatorCadence } from '../../db/schema.js';
import type { PipelineSettings } from '../../config.js';
import { PipelineStateRepository } from '../../jobs/state.repository.js';

const iso = (d: Date) => d.toISOString();
const num = (v: string | number | bigint) => Number(v);

export interface CreatorRef {
  id: number;
  mid: number;
  name: string;
  face: string;
  officialType: number;
  cadence: CreatorCadence;
  /** collected: a daily snapshot exists or the collector has fetched it, and no collection is pending */
  collected: boolean;
  /** a collection request for it is queued or running */
  pending: boolean;
}

export interface CollectionRequest {
  id: number;
  mid: number;
  state: CollectionRequestState;
  creatorId: number | null;
}

/** How long a claimed creator is held back before the scheduler may claim it again (a lost job). */
export const CLAIM_LEASE_MS = 30 * 60_000;
/** The comment sampler revisits a video after this long. */
export const COMMENT_SAMPLE_AGE_MS = 20 * 3600_000;
/** Viewing a creator keeps it in the 'viewed' class (collected every 15 minutes) for this long. */
export const VIEWED_WINDOW_MS = 3600_000;
/**
 * initNextCollect looks for creators without a schedule row above a cursor (pipeline_state
 * `collector.schedule-cursor`): the ids above the highest one it has seen, less this overlap (a creator whose
 * insert committed after a higher id's was seen)…
 */
export const SCHEDULE_CURSOR_OVERLAP = 2000;
/** …and over all creators once per this period (any creator the cursor passed without a row). */
export const SCHEDULE_SWEEP_MS = 3600_000;
const SCHEDULE_CURSOR_KEY = 'collector.schedule-cursor';

interface ScheduleCursor {
  /** every creator with an id up to this one had a schedule row (or got one) */
  after: number;
  /** when the last pass over all creators started (pipeline clock) */
  sweptAt: string;
}

interface CreatorRow {
  id: string;
  mid: string;
  name: string;
  face: string;
  official_type: number;
  cadence: CreatorCadence;
  collected: boolean;
  pending: boolean;
}

function toCreatorRef(r: CreatorRow): CreatorRef {
  return {
    id: num(r.id),
    mid: num(r.mid),
    name: r.name,
    face: r.face,
    officialType: r.official_type,
    cadence: r.cadence,
    collected: r.collected && !r.pending,
    pending: r.pending,
  };
}

export class CollectorRepository {
  constructor(private readonly db: Db) {}

  private async creatorWhere(where: RawBuilder<unknown>): Promise<CreatorRef | null> {
    const r = await sql<CreatorRow>`
      SELECT c.id, c.mid, c.name, c.face, c.official_type, coalesce(s.cadence, 'daily') AS cadence,
             (s.last_collected_at IS NOT NULL OR EXISTS (SELECT 1 FROM creator_daily d WHERE d.creator_id = c.id)) AS collected,
             EXISTS (SELECT 1 FROM collection_requests r WHERE r.mid = c.mid AND r.state IN ('queued', 'searchable')) AS pending
      FROM creators c LEFT JOIN creator_schedule s ON s.creator_id = c.id WHERE ${where}`.execute(this.db);
    const row = r.rows[0];
    return row ? toCreatorRef(row) : null;
  }

  creatorByMid(mid: number): Promise<CreatorRef | null> {
    return this.creatorWhere(sql`c.mid = ${mid}::bigint`);
  }

  creatorById(id: number): Promise<CreatorRef | null> {
    return this.creatorWhere(sql`c.id = ${id}::bigint`);
  }

  // ---- collection requests -----------------------------------------------------------------------

  /**
   * Opens a request for `mid`, or joins the pending one (one pending request per mid). `state` is the state
   * of a new request.
   */
  async openRequest(
    mid: number,
    userId: string | null,
    input: string,
    state: CollectionRequestState,
    creatorId: number | null,
  ): Promise<CollectionRequest> {
    const inserted = await sql<{ id: string; state: CollectionRequestState; creator_id: string | null }>`
      INSERT INTO collection_requests (mid, requested_by, input, state, creator_id)
      VALUES (${mid}, ${userId}, ${input.slice(0, 500)}, ${state}, ${creatorId})
      ON CONFLICT (mid) WHERE state IN ('queued', 'searchable') DO NOTHING
      RETURNING id, state, creator_id`.execute(this.db);
    const row =
      inserted.rows[0] ??
      (
        await sql<{ id: string; state: CollectionRequestState; creator_id: string | null }>`
          SELECT id, state, creator_id FROM collection_requests
          WHERE mid = ${mid} AND state IN ('queued', 'searchable') ORDER BY id DESC LIMIT 1`.execute(this.db)
      ).rows[0];
    if (!row) throw new Error(`could not open a collection request for mid ${mid}`);
    return { id: num(row.id), mid, state: row.state, creatorId: row.creator_id === null ? null : num(row.creator_id) };
  }

  /** A finished request (not found) kept for the record. */
  async recordRequest(mid: number, userId: string | null, input: string, state: CollectionRequestState): Promise<void> {
    await sql`
      INSERT INTO collection_requests (mid, requested_by, input, state)
      VALUES (${mid}, ${userId}, ${input.slice(0, 500)}, ${state})`.execute(this.db);
  }

  async request(id: number): Promise<CollectionRequest | null> {
    const r = await sql<{ id: string; mid: string; state: CollectionRequestState; creator_id: string | null }>`
      SELECT id, mid, state, creator_id FROM collection_requests WHERE id = ${id}`.execute(this.db);
    const row = r.rows[0];
    return row
      ? {
          id: num(row.id),
          mid: num(row.mid),
          state: row.state,
          creatorId: row.creator_id === null ? null : num(row.creator_id),
        }
      : null;
  }

  async setRequestState(
    id: number,
    state: CollectionRequestState,
    at: Date,
    extra: { creatorId?: number; error?: string } = {},
  ): Promise<void> {
    await sql`
      UPDATE collection_requests SET state = ${state}, updated_at = ${iso(at)}::timestamptz,
             creator_id = coalesce(${extra.creatorId ?? null}::bigint, creator_id),
             error = ${extra.error?.slice(0, 500) ?? null}
      WHERE id = ${id}`.execute(this.db);
  }

  /** Pending requests not touched since `before` (their job may be lost): the scheduler re-enqueues them. */
  async staleRequests(before: Date, limit = 500): Promise<{ id: number; mid: number }[]> {
    const r = await sql<{ id: string; mid: string }>`
      SELECT id, mid FROM collection_requests
      WHERE state IN ('queued', 'searchable') AND updated_at < ${iso(before)}::timestamptz
      ORDER BY id LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({ id: num(x.id), mid: num(x.mid) }));
  }

  async touchRequests(ids: readonly number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await sql`UPDATE collection_requests SET updated_at = ${iso(at)}::timestamptz WHERE id = ANY(${ids}::bigint[])`.execute(
      this.db,
    );
  }

  // ---- cadence and due collections ---------------------------------------------------------------

  /**
   * Gives creators without a next collection their first slot: hourly classes their next slot; daily ones
   * today's slot when today (Asia/Shanghai) has no snapshot yet — due at once if that slot has passed — else
   * tomorrow's. Creators without a schedule row (new ones: ingestion, the importer and the seeds insert
   * creators without one) get their row, cadence 'daily'; they are looked for above a cursor, so a tick does
   * not scan every creator (SCHEDULE_CURSOR_OVERLAP, SCHEDULE_SWEEP_MS). At most `limit` rows of each kind.
   * Answers the rows set.
   */
  async initNextCollect(now: Date, today: string, todayStart: Date, limit = 20_000): Promise<number> {
    const firstSlot = (id: RawBuilder<unknown>, mid: RawBuilder<unknown>, cadence: RawBuilder<unknown>) => sql`CASE
        WHEN ${cadence} <> 'daily' THEN pipeline_next_slot(${mid}, ${cadence}, ${iso(now)}::timestamptz)
        WHEN EXISTS (SELECT 1 FROM creator_daily d WHERE d.creator_id = ${id} AND d.day = ${today}::date)
          THEN pipeline_next_slot(${mid}, 'daily', ${iso(now)}::timestamptz)
        ELSE pipeline_next_slot(${mid}, 'daily', ${iso(todayStart)}::timestamptz - interval '1 second')
      END`;

    // Schedule rows without a slot (kept by migration 0014, or cleared by hand).
    const slotted = await sql`
      UPDATE creator_schedule s SET next_collect_at = ${firstSlot(sql`s.creator_id`, sql`c.mid`, sql`s.cadence`)}
      FROM creators c
      WHERE c.id = s.creator_id AND s.next_collect_at IS NULL
        AND s.creator_id IN (SELECT creator_id FROM creator_schedule WHERE next_collect_at IS NULL
                             ORDER BY creator_id LIMIT ${limit})`.execute(this.db);

    // Creators without a schedule row, above the cursor; from the first id once per sweep period.
    const state = new PipelineStateRepository(this.db);
    const cursor = await state.get<ScheduleCursor>(SCHEDULE_CURSOR_KEY);
    const sweptAt = cursor ? Date.parse(cursor.sweptAt) : NaN;
    const sweep = !(Math.abs(now.getTime() - sweptAt) < SCHEDULE_SWEEP_MS);
    const after = sweep ? 0 : (cursor?.after ?? 0);
    const r = await sql<{ top: string | null; found: string; last: string | null; inserted: string }>`
      WITH top AS (SELECT max(id) AS id FROM creators),
      fresh AS (
        SELECT c.id, c.mid FROM creators c
        WHERE c.id > ${Math.max(0, after - SCHEDULE_CURSOR_OVERLAP)}
          AND NOT EXISTS (SELECT 1 FROM creator_schedule s WHERE s.creator_id = c.id)
        ORDER BY c.id LIMIT ${limit}
      ), ins AS (
        INSERT INTO creator_schedule (creator_id, next_collect_at)
        SELECT f.id, ${firstSlot(sql`f.id`, sql`f.mid`, sql`'daily'::text`)} FROM fresh f
        ON CONFLICT (creator_id) DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT id FROM top) AS top, (SELECT count(*) FROM fresh) AS found, (SELECT max(id) FROM fresh) AS last,
             (SELECT count(*) FROM ins) AS inserted`.execute(this.db);
    const row = r.rows[0];
    // Every id up to the highest one in this statement's snapshot was looked at, unless the limit stopped it.
    const reached = row && num(row.found) >= limit ? num(row.last ?? after) : Math.max(after, num(row?.top ?? 0));
    const next: ScheduleCursor = { after: reached, sweptAt: sweep ? iso(now) : (cursor?.sweptAt ?? iso(now)) };
    if (next.after !== cursor?.after || next.sweptAt !== cursor.sweptAt) {
      await state.set(SCHEDULE_CURSOR_KEY, next, now);
    }
    return Number(slotted.numAffectedRows ?? 0n) + num(row?.inserted ?? 0);
  }

  /**
   * Claims creators whose collection is due: their next_collect_at moves a lease ahead (so the next tick does
   * not claim them again) and they are answered for enqueueing, earliest slot first; the snapshot sets the
   * real next slot.
   */
  async claimDue(now: Date, limit: number): Promise<{ id: number; cadence: CreatorCadence }[]> {
    const r = await sql<{ creator_id: string; cadence: CreatorCadence }>`
      WITH due AS (
        SELECT creator_id, next_collect_at FROM creator_schedule WHERE next_collect_at <= ${iso(now)}::timestamptz
        ORDER BY next_collect_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE creator_schedule s SET next_collect_at = ${iso(new Date(now.getTime() + CLAIM_LEASE_MS))}::timestamptz
        FROM due WHERE s.creator_id = due.creator_id
        RETURNING s.creator_id, s.cadence, due.next_collect_at AS slot
      )
      SELECT creator_id, cadence FROM claimed ORDER BY slot, creator_id`.execute(this.db);
    return r.rows.map((x) => ({ id: num(x.creator_id), cadence: x.cadence }));
  }

  /**
   * Recomputes the cadence classes (docs/pipeline.md § Cadence): 'viewed' (viewed within the last hour), 'hot'
   * (top fans, or fastest 7-day fan growth among creators with ≥ 10,000 fans), 'high' (top 云指数, the
   * creator of an active monitor target, or a saved creator a team monitors: setOpenMonitor), else 'daily'. A creator whose class changes gets the sooner of its
   * current next collection and its first slot in the new class. Answers the creators whose class changed.
   *
   * Only creators that are or may become something else than 'daily' are looked at: the hot and high ones,
   * and those whose schedule row says non-daily or viewed (a creator without a row is 'daily').
   */
  async refreshCadence(now: Date, today: string, settings: PipelineSettings): Promise<number> {
    const weekAgo = sql`(${today}::date - 7)`;
    const viewedSince = sql`${iso(new Date(now.getTime() - VIEWED_WINDOW_MS))}::timestamptz`;
    const r = await sql`
      WITH hot AS (
        (SELECT id FROM creators ORDER BY fans DESC, id LIMIT ${settings.hotTopFans})
        UNION
        (SELECT c.id FROM creators c
           JOIN creator_daily w ON w.creator_id = c.id AND w.day = ${weekAgo}
           WHERE c.fans >= 10000 AND w.fans > 0 AND c.fans > w.fans
           ORDER BY (c.fans - w.fans)::float8 / w.fans DESC, c.id LIMIT ${settings.hotTopGrowth})
      ), high AS (
        (SELECT id FROM creators WHERE index_num > 0 ORDER BY index_num DESC, id LIMIT ${settings.highTopIndex})
        UNION
        (SELECT creator_id FROM monitor_targets
           WHERE creator_id IS NOT NULL AND window_end >= ${iso(now)}::timestamptz)
        UNION
        (SELECT v.creator_id FROM monitor_targets t JOIN videos v ON v.id = t.video_id
           WHERE t.kind = 'video' AND t.window_end >= ${iso(now)}::timestamptz)
        UNION
        (SELECT creator_id FROM saved_creators WHERE monitor)
      ), candidates AS (
        SELECT id FROM hot
        UNION SELECT id FROM high
        UNION SELECT creator_id FROM creator_schedule WHERE cadence <> 'daily' OR viewed_at >= ${viewedSince}
      ), wanted AS (
        SELECT c.id, c.mid, coalesce(s.cadence, 'daily') AS current,
               CASE WHEN s.viewed_at >= ${viewedSince} THEN 'viewed'
                    WHEN c.id IN (SELECT id FROM hot) THEN 'hot'
                    WHEN c.id IN (SELECT id FROM high) THEN 'high'
                    ELSE 'daily' END AS cadence
        FROM candidates k
        JOIN creators c ON c.id = k.id
        LEFT JOIN creator_schedule s ON s.creator_id = c.id
      )
      INSERT INTO creator_schedule AS s (creator_id, cadence, next_collect_at)
      SELECT w.id, w.cadence, pipeline_next_slot(w.mid, w.cadence, ${iso(now)}::timestamptz)
      FROM wanted w WHERE w.cadence <> w.current
      ON CONFLICT (creator_id) DO UPDATE SET cadence = EXCLUDED.cadence,
        next_collect_at = least(s.next_collect_at, EXCLUDED.next_collect_at)`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n);
  }

  /**
   * A user opened a creator (detail / compare): viewed_at = now, class 'viewed' (every 15 minutes while viewed
   * within the hour), and due at once when the last collection is older than 15 minutes.
   */
  async markViewed(creatorId: number, now: Date): Promise<void> {
    // Without a schedule row the creator was never collected (no slot, no last collection): due at once.
    await sql`
      INSERT INTO creator_schedule AS s (creator_id, cadence, viewed_at, next_collect_at)
      SELECT id, 'viewed', ${iso(now)}::timestamptz, ${iso(now)}::timestamptz FROM creators WHERE id = ${creatorId}
      ON CONFLICT (creator_id) DO UPDATE SET viewed_at = EXCLUDED.viewed_at, cadence = 'viewed',
        next_collect_at = least(s.next_collect_at,
          greatest(EXCLUDED.viewed_at, coalesce(s.last_collected_at, '-infinity') + interval '15 minutes'))`.execute(
      this.db,
    );
  }

  /** The tracked creators with a live room, by id from `afterId` (keyset pages). */
  async liveRoomCreators(afterId: number, limit: number): Promise<{ id: number; mid: number }[]> {
    const r = await sql<{ id: string; mid: string }>`
      SELECT id, mid FROM creators WHERE live_room_id IS NOT NULL AND id > ${afterId}
      ORDER BY id LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({ id: num(x.id), mid: num(x.mid) }));
  }

  /** The creator's latest visible videos whose comments were not sampled since `before`. */
  async videosToSample(creatorId: number, count: number, before: Date): Promise<number[]> {
    if (count <= 0) return [];
    const r = await sql<{ id: string }>`
      SELECT v.id FROM (
        SELECT id FROM videos WHERE creator_id = ${creatorId} AND status = 0 ORDER BY pubdate DESC, id DESC LIMIT ${count}
      ) v
      LEFT JOIN comment_crawls cc ON cc.video_id = v.id
      WHERE cc.comments_at IS NULL OR cc.comments_at < ${iso(before)}::timestamptz`.execute(this.db);
    return r.rows.map((x) => num(x.id));
  }
}
