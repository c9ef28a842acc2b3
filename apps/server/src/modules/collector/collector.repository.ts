/**
 * SQL of the collector: creators as the pipeline sees them (cadence, due collections), collection requests,
 * the cadence classes, and the videos the comment sampler picks. Instants come from the pipeline clock as
 * parameters (never now()), so tests can move time.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.js';
import type { CollectionRequestState, CreatorCadence } from '../../db/schema.js';
import type { PipelineSettings } from '../../config.js';

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
      SELECT c.id, c.mid, c.name, c.face, c.official_type, c.cadence,
             (c.last_collected_at IS NOT NULL OR EXISTS (SELECT 1 FROM creator_daily d WHERE d.creator_id = c.id)) AS collected,
             EXISTS (SELECT 1 FROM collection_requests r WHERE r.mid = c.mid AND r.state IN ('queued', 'searchable')) AS pending
      FROM creators c WHERE ${where}`.execute(this.db);
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
   * tomorrow's. Answers the rows set.
   */
  async initNextCollect(now: Date, today: string, todayStart: Date, limit = 20_000): Promise<number> {
    const r = await sql`
      UPDATE creators c SET next_collect_at = CASE
        WHEN c.cadence <> 'daily' THEN pipeline_next_slot(c.mid, c.cadence, ${iso(now)}::timestamptz)
        WHEN EXISTS (SELECT 1 FROM creator_daily d WHERE d.creator_id = c.id AND d.day = ${today}::date)
          THEN pipeline_next_slot(c.mid, 'daily', ${iso(now)}::timestamptz)
        ELSE pipeline_next_slot(c.mid, 'daily', ${iso(todayStart)}::timestamptz - interval '1 second')
      END
      WHERE c.id IN (SELECT id FROM creators WHERE next_collect_at IS NULL ORDER BY id LIMIT ${limit})`.execute(
      this.db,
    );
    return Number(r.numAffectedRows ?? 0n);
  }

  /**
   * Claims creators whose collection is due: their next_collect_at moves a lease ahead (so the next tick does
   * not claim them again) and they are answered for enqueueing; the snapshot sets the real next slot.
   */
  async claimDue(now: Date, limit: number): Promise<{ id: number; cadence: CreatorCadence }[]> {
    const r = await sql<{ id: string; cadence: CreatorCadence }>`
      WITH due AS (
        SELECT id FROM creators WHERE next_collect_at <= ${iso(now)}::timestamptz
        ORDER BY next_collect_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      UPDATE creators c SET next_collect_at = ${iso(new Date(now.getTime() + CLAIM_LEASE_MS))}::timestamptz
      FROM due WHERE c.id = due.id
      RETURNING c.id, c.cadence`.execute(this.db);
    return r.rows.map((x) => ({ id: num(x.id), cadence: x.cadence }));
  }

  /**
   * Recomputes the cadence classes (docs/pipeline.md § Cadence): 'viewed' (viewed within the last hour), 'hot'
   * (top fans, or fastest 7-day fan growth among creators with ≥ 10,000 fans), 'high' (top 云指数, or the
   * creator of an active monitor target), else 'daily'. A creator whose class changes gets the sooner of its
   * current next collection and its first slot in the new class. Answers the creators whose class changed.
   */
  async refreshCadence(now: Date, today: string, settings: PipelineSettings): Promise<number> {
    const weekAgo = sql`(${today}::date - 7)`;
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
      ), wanted AS (
        SELECT c.id, c.mid, c.next_collect_at,
               CASE WHEN c.viewed_at >= ${iso(new Date(now.getTime() - VIEWED_WINDOW_MS))}::timestamptz THEN 'viewed'
                    WHEN c.id IN (SELECT id FROM hot) THEN 'hot'
                    WHEN c.id IN (SELECT id FROM high) THEN 'high'
                    ELSE 'daily' END AS cadence
        FROM creators c
      )
      UPDATE creators c SET cadence = w.cadence,
             next_collect_at = least(c.next_collect_at, pipeline_next_slot(c.mid, w.cadence, ${iso(now)}::timestamptz))
      FROM wanted w
      WHERE c.id = w.id AND c.cadence IS DISTINCT FROM w.cadence`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n);
  }

  /**
   * A user opened a creator (detail / compare): viewed_at = now, class 'viewed' (every 15 minutes while viewed
   * within the hour), and due at once when the last collection is older than 15 minutes.
   */
  async markViewed(creatorId: number, now: Date): Promise<void> {
    await sql`
      UPDATE creators SET viewed_at = ${iso(now)}::timestamptz, cadence = 'viewed',
             next_collect_at = least(next_collect_at,
               greatest(${iso(now)}::timestamptz, coalesce(last_collected_at, '-infinity') + interval '15 minutes'))
      WHERE id = ${creatorId}`.execute(this.db);
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
