/**
 * Live monitoring rows: the team's live windows (monitor_targets kind 'live', source 'monitor'), the minute
 * samples of their rooms (live_samples) and the rooms' messages (live_messages, migration 0067) inside a window.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
const iso = (d: Date) => d.toISOString();

export interface RoomRow {
  roomId: number;
  creatorId: number | null;
  mid: number | null;
  kolName: string | null;
  kolImg: string | null;
  fansNum: number | null;
  isLive: boolean;
  online: number | null;
  lastSampleTime: Date | null;
}

export interface LiveMonitorRow extends RoomRow {
  id: number;
  windowStart: Date;
  windowEnd: Date;
  createdAt: Date;
  samples: number;
  peakOnline: number | null;
}

export interface LiveSampleRow {
  ts: Date;
  online: number;
  danmaku: number | null;
  giftValue: string | null;
}

export interface LiveMessageRow {
  ts: Date;
  kind: 'danmaku' | 'gift' | 'superchat' | 'guard';
  uid: number;
  uname: string;
  text: string;
  num: number;
  value: string;
}

const ROOM_COLUMNS = sql`
  c.id AS creator_id, c.mid, c.name AS kol_name, c.face AS kol_img, c.fans AS fans_num, coalesce(c.is_live, 0) AS is_live,
  ls.online, ls.ts AS last_ts`;

interface RoomDbRow {
  room_id: string;
  creator_id: string | null;
  mid: string | null;
  kol_name: string | null;
  kol_img: string | null;
  fans_num: string | null;
  is_live: number | null;
  online: number | null;
  last_ts: Date | null;
}

function roomOf(r: RoomDbRow): RoomRow {
  return {
    roomId: num(r.room_id),
    creatorId: numOrNull(r.creator_id),
    mid: numOrNull(r.mid),
    kolName: r.kol_name,
    kolImg: r.kol_img,
    fansNum: numOrNull(r.fans_num),
    isLive: r.is_live === 1,
    online: r.online,
    lastSampleTime: r.last_ts ? new Date(r.last_ts) : null,
  };
}

export class LiveRepository {
  constructor(private readonly db: Db) {}

  /** A room as we know it: by room id (long or the creator's) or by creator (id or mid). */
  async room(ref: { roomId?: number; creatorId?: number; mid?: number }): Promise<RoomRow | null> {
    const where =
      ref.roomId !== undefined
        ? sql`c.live_room_id = ${ref.roomId}`
        : ref.creatorId !== undefined
          ? sql`c.id = ${ref.creatorId}`
          : sql`c.mid = ${ref.mid ?? 0}`;
    const r = await sql<RoomDbRow>`
      SELECT c.live_room_id AS room_id, ${ROOM_COLUMNS}
      FROM creators c
      LEFT JOIN LATERAL (SELECT online, ts FROM live_samples WHERE room_id = c.live_room_id ORDER BY ts DESC LIMIT 1) ls ON true
      WHERE ${where} AND c.live_room_id IS NOT NULL
      ORDER BY c.id LIMIT 1`.execute(this.db);
    const row = r.rows[0];
    return row ? roomOf(row) : null;
  }

  /** A creator of ours without a room (the add answers 该UP主暂未开通直播间). */
  async creatorExists(ref: { creatorId?: number; mid?: number }): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM creators WHERE ${ref.creatorId !== undefined ? sql`id = ${ref.creatorId}` : sql`mid = ${ref.mid ?? 0}`}) AS ok`.execute(
      this.db,
    );
    return r.rows[0]?.ok === true;
  }

  /** The room's latest sample when the room is not one of our creators'. */
  async lastSample(roomId: number): Promise<{ online: number; ts: Date } | null> {
    const r = await sql<{ online: number; ts: Date }>`
      SELECT online, ts FROM live_samples WHERE room_id = ${roomId} ORDER BY ts DESC LIMIT 1`.execute(this.db);
    const row = r.rows[0];
    return row ? { online: row.online, ts: new Date(row.ts) } : null;
  }

  /** Whether the team already has a window on this room that has not ended. */
  async openWindowOn(teamId: string, roomId: number, now: Date): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM monitor_targets WHERE team_id = ${teamId} AND kind = 'live' AND room_id = ${roomId}
        AND window_end >= ${iso(now)}::timestamptz) AS ok`.execute(this.db);
    return r.rows[0]?.ok === true;
  }

  /** The team's live windows that have not ended (the limit counts these). */
  async activeCount(teamId: string, now: Date): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM monitor_targets
      WHERE team_id = ${teamId} AND kind = 'live' AND window_end >= ${iso(now)}::timestamptz`.execute(this.db);
    return num(r.rows[0]?.n);
  }

  async insert(
    teamId: string,
    roomId: number,
    creatorId: number | null,
    start: Date,
    end: Date,
    userId: string,
  ): Promise<number> {
    const r = await sql<{ id: string }>`
      INSERT INTO monitor_targets (kind, room_id, creator_id, window_start, window_end, team_id, source, created_by)
      VALUES ('live', ${roomId}, ${creatorId}, ${iso(start)}::timestamptz, ${iso(end)}::timestamptz, ${teamId},
              'monitor', ${userId})
      RETURNING id`.execute(this.db);
    return num(r.rows[0]?.id);
  }

  async delete(teamId: string, id: number): Promise<boolean> {
    const r = await sql`DELETE FROM monitor_targets WHERE id = ${id} AND team_id = ${teamId} AND kind = 'live'`.execute(
      this.db,
    );
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  /** The team's live windows, newest first (one with `id`), with their sample count and peak. */
  async monitors(
    teamId: string,
    limit: number,
    offset: number,
    id: number | null = null,
  ): Promise<{ rows: LiveMonitorRow[]; total: number }> {
    const r = await sql<
      RoomDbRow & {
        id: string;
        window_start: Date;
        window_end: Date;
        created_at: Date;
        samples: string;
        peak: number | null;
      }
    >`
      SELECT t.id, t.window_start, t.window_end, t.created_at, t.room_id, ${ROOM_COLUMNS}, w.samples, w.peak
      FROM monitor_targets t
      LEFT JOIN creators c ON c.id = t.creator_id
      LEFT JOIN LATERAL (SELECT online, ts FROM live_samples WHERE room_id = t.room_id ORDER BY ts DESC LIMIT 1) ls ON true
      LEFT JOIN LATERAL (
        SELECT count(*) AS samples, max(online) AS peak FROM live_samples
        WHERE room_id = t.room_id AND ts >= t.window_start AND ts <= t.window_end AND live_status = 1
      ) w ON true
      WHERE t.team_id = ${teamId} AND t.kind = 'live' AND t.source = 'monitor' ${id !== null ? sql`AND t.id = ${id}` : sql``}
      ORDER BY t.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    const total = await sql<{ n: string }>`
      SELECT count(*) AS n FROM monitor_targets WHERE team_id = ${teamId} AND kind = 'live' AND source = 'monitor'`.execute(
      this.db,
    );
    return {
      rows: r.rows.map((x) => ({
        ...roomOf(x),
        id: num(x.id),
        windowStart: new Date(x.window_start),
        windowEnd: new Date(x.window_end),
        createdAt: new Date(x.created_at),
        samples: num(x.samples),
        peakOnline: x.peak,
      })),
      total: num(total.rows[0]?.n),
    };
  }

  /** The room's minute samples while live in [from, to]. */
  async samples(roomId: number, from: Date, to: Date): Promise<LiveSampleRow[]> {
    const r = await sql<{ ts: Date; online: number; danmaku_rate: number | null; gift_value: string | null }>`
      SELECT ts, online, danmaku_rate, gift_value FROM live_samples
      WHERE room_id = ${roomId} AND ts >= ${iso(from)}::timestamptz AND ts <= ${iso(to)}::timestamptz AND live_status = 1
      ORDER BY ts`.execute(this.db);
    return r.rows.map((x) => ({
      ts: new Date(x.ts),
      online: x.online,
      danmaku: x.danmaku_rate === null ? null : Math.round(x.danmaku_rate),
      giftValue: x.gift_value === null ? null : Number(x.gift_value).toFixed(2),
    }));
  }

  /** Totals of the room's messages in [from, to]. */
  async messageTotals(
    roomId: number,
    from: Date,
    to: Date,
  ): Promise<{
    danmaku: number;
    giftCount: number;
    giftValue: string;
    superchatCount: number;
    superchatValue: string;
    guardCount: number;
    guardValue: string;
    senders: number;
  }> {
    const r = await sql<{
      danmaku: string;
      gift_count: string;
      gift_value: string;
      sc_count: string;
      sc_value: string;
      guard_count: string;
      guard_value: string;
      senders: string;
    }>`
      SELECT count(*) FILTER (WHERE kind = 'danmaku') AS danmaku,
             coalesce(sum(num) FILTER (WHERE kind = 'gift'), 0) AS gift_count,
             coalesce(sum(value) FILTER (WHERE kind = 'gift'), 0) AS gift_value,
             count(*) FILTER (WHERE kind = 'superchat') AS sc_count,
             coalesce(sum(value) FILTER (WHERE kind = 'superchat'), 0) AS sc_value,
             coalesce(sum(num) FILTER (WHERE kind = 'guard'), 0) AS guard_count,
             coalesce(sum(value) FILTER (WHERE kind = 'guard'), 0) AS guard_value,
             count(DISTINCT uid) AS senders
      FROM live_messages
      WHERE room_id = ${roomId} AND ts >= ${iso(from)}::timestamptz AND ts <= ${iso(to)}::timestamptz`.execute(this.db);
    const x = r.rows[0];
    const money = (v: string | undefined) => Number(v ?? 0).toFixed(2);
    return {
      danmaku: num(x?.danmaku),
      giftCount: num(x?.gift_count),
      giftValue: money(x?.gift_value),
      superchatCount: num(x?.sc_count),
      superchatValue: money(x?.sc_value),
      guardCount: num(x?.guard_count),
      guardValue: money(x?.guard_value),
      senders: num(x?.senders),
    };
  }

  /** Messages of the room in [from, to], newest first, before `before` (exclusive), optionally of one kind. */
  async messages(
    roomId: number,
    from: Date,
    to: Date,
    kind: 'danmaku' | 'gift' | 'superchat' | 'guard' | 'paid' | undefined,
    before: Date | null,
    size: number,
  ): Promise<LiveMessageRow[]> {
    const kindFilter =
      kind === undefined ? sql`` : kind === 'paid' ? sql`AND kind <> 'danmaku'` : sql`AND kind = ${kind}`;
    const r = await sql<{
      ts: Date;
      kind: LiveMessageRow['kind'];
      uid: string;
      uname: string;
      text: string;
      num: number;
      value: string;
    }>`
      SELECT ts, kind, uid, uname, text, num, value FROM live_messages
      WHERE room_id = ${roomId} AND ts >= ${iso(from)}::timestamptz AND ts <= ${iso(to)}::timestamptz
        ${before ? sql`AND ts < ${iso(before)}::timestamptz` : sql``} ${kindFilter}
      ORDER BY ts DESC, kind, uid
      LIMIT ${size}`.execute(this.db);
    return r.rows.map((x) => ({
      ts: new Date(x.ts),
      kind: x.kind,
      uid: num(x.uid),
      uname: x.uname,
      text: x.text,
      num: x.num,
      value: Number(x.value).toFixed(2),
    }));
  }

  /** Senders of the room in [from, to] ranked by paid value (type 1) or danmaku sent (type 2). */
  async ranking(
    roomId: number,
    from: Date,
    to: Date,
    type: 1 | 2,
    size: number,
  ): Promise<{ uid: number; uname: string; danmaku: number; value: string; messages: number }[]> {
    const order = type === 1 ? sql`value DESC, danmaku DESC` : sql`danmaku DESC, value DESC`;
    const r = await sql<{ uid: string; uname: string; danmaku: string; value: string; messages: string }>`
      SELECT uid, (array_agg(uname ORDER BY ts DESC))[1] AS uname,
             count(*) FILTER (WHERE kind = 'danmaku') AS danmaku,
             coalesce(sum(value) FILTER (WHERE kind <> 'danmaku'), 0) AS value,
             count(*) AS messages
      FROM live_messages
      WHERE room_id = ${roomId} AND ts >= ${iso(from)}::timestamptz AND ts <= ${iso(to)}::timestamptz
      GROUP BY uid
      HAVING ${type === 1 ? sql`coalesce(sum(value) FILTER (WHERE kind <> 'danmaku'), 0) > 0` : sql`count(*) FILTER (WHERE kind = 'danmaku') > 0`}
      ORDER BY ${order}, uid
      LIMIT ${size}`.execute(this.db);
    return r.rows.map((x) => ({
      uid: num(x.uid),
      uname: x.uname,
      danmaku: num(x.danmaku),
      value: Number(x.value).toFixed(2),
      messages: num(x.messages),
    }));
  }
}
