/**
 * The message streams of monitored live rooms (docs/pipeline.md § Monitoring): the minute job
 * (monitor.live-sample) tells the hub which rooms are live inside a window; the hub keeps one connection per
 * such room (token and host from getDanmuInfo, protocol in providers/bilibili/live-stream), closes the others,
 * buffers what arrives and writes it to live_messages every few seconds (idempotent on the natural key). After
 * each flush the minute samples of the rooms get their danmaku count and paid value for the minutes the stream
 * covered whole: a minute the stream did not cover stays null (unknown), never 0.
 */
import { sql } from 'kysely';
import { errorMessage } from '../../jobs/clock.js';
import type { LiveMessage } from '../../providers/bilibili/live-stream/commands.js';
import { LiveStreamConnection, socketUrl } from '../../providers/bilibili/live-stream/connection.js';
import type { CollectorDeps } from './deps.js';

const FLUSH_MS = 2000;
const MINUTE_MS = 60_000;
/** how many buffered messages force a flush before the timer */
const FLUSH_ROWS = 500;

interface Stream {
  connection: LiveStreamConnection;
  /** world/pipeline ms the connection was authenticated (minutes before are not covered) */
  since: number;
  popularity: number | null;
  /** the latest window end (ms) of the targets on this room: later messages are not kept, the stream closes */
  until: number;
}

export interface LiveStreamStats {
  rooms: number;
  received: number;
  written: number;
  failures: number;
}

export class LiveStreamHub {
  private readonly streams = new Map<number, Stream>();
  private readonly opening = new Set<number>();
  private buffer: (LiveMessage & { roomId: number })[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  readonly stats: LiveStreamStats = { rooms: 0, received: 0, written: 0, failures: 0 };

  constructor(private readonly deps: CollectorDeps) {}

  /**
   * Keeps exactly `rooms` connected (opens the missing ones, closes the others), each until its window end.
   * Answers the rooms connected.
   */
  async sync(rooms: readonly { roomId: number; until: number }[]): Promise<number> {
    const wanted = new Map(rooms.map((r) => [r.roomId, r.until]));
    for (const [roomId, stream] of this.streams) {
      const until = wanted.get(roomId);
      if (until === undefined || !stream.connection.isOpen) {
        stream.connection.close('not monitored or not live');
        this.streams.delete(roomId);
      } else stream.until = until;
    }
    const missing = [...wanted].filter(([r]) => !this.streams.has(r) && !this.opening.has(r));
    await Promise.all(missing.map(([r, until]) => this.open(r, until)));
    this.stats.rooms = this.streams.size;
    return this.streams.size;
  }

  private async open(roomId: number, until: number): Promise<void> {
    const client = this.deps.client;
    if (!client) return;
    this.opening.add(roomId);
    try {
      const info = await client.liveDanmuInfo(roomId, { priority: 'high' });
      if (!info.found) return;
      const host = info.value.hosts[0];
      if (!host) return;
      const stream: Stream = {
        connection: new LiveStreamConnection(roomId, {
          onMessage: (m) => this.receive(roomId, m),
          onPopularity: (p) => {
            stream.popularity = p;
          },
          onClose: () => {
            if (this.streams.get(roomId) === stream) this.streams.delete(roomId);
          },
        }),
        since: this.deps.clock.now(),
        popularity: null,
        until,
      };
      await stream.connection.open(socketUrl(host, client.liveBaseUrl), info.value.token, {
        Origin: 'https://live.bilibili.com',
      });
      stream.since = this.deps.clock.now();
      this.streams.set(roomId, stream);
    } catch (e) {
      this.stats.failures += 1;
      this.deps.log.warn(`[monitor] live stream of room ${roomId} not connected: ${errorMessage(e)}`);
    } finally {
      this.opening.delete(roomId);
    }
  }

  private receive(roomId: number, message: LiveMessage): void {
    const stream = this.streams.get(roomId);
    // past the window (the minute job no longer runs for it): the stream is closed, the message not kept
    if (stream && message.ts > stream.until) {
      if (this.deps.clock.now() > stream.until + MINUTE_MS) {
        stream.connection.close('window ended');
        this.streams.delete(roomId);
      }
      return;
    }
    this.stats.received += 1;
    this.buffer.push({ ...message, roomId });
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes the buffered messages (serialised: one flush at a time). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(async () => {
      if (rows.length === 0) return;
      try {
        this.stats.written += await insertMessages(this.deps, rows);
      } catch (e) {
        this.deps.log.warn(`[monitor] ${rows.length} live messages not stored: ${errorMessage(e)}`);
      }
    });
    return this.flushing;
  }

  /**
   * The danmaku count and paid value (gifts, super chats, guards in CNY) of the minute samples of connected
   * rooms, for the whole minutes since each connection began, up to the minute before `ts`.
   */
  async fillSamples(ts: Date): Promise<number> {
    await this.flush();
    const rooms = [...this.streams.entries()];
    if (rooms.length === 0) return 0;
    const to = ts.getTime() - MINUTE_MS;
    const r = await sql`
      UPDATE live_samples s SET
        danmaku_rate = (SELECT count(*) FROM live_messages m WHERE m.room_id = s.room_id AND m.kind = 'danmaku'
                          AND m.ts >= s.ts AND m.ts < s.ts + interval '1 minute'),
        gift_value = (SELECT coalesce(sum(m.value), 0) FROM live_messages m WHERE m.room_id = s.room_id
                        AND m.kind <> 'danmaku' AND m.ts >= s.ts AND m.ts < s.ts + interval '1 minute')
      FROM unnest(${rooms.map(([id]) => id)}::bigint[], ${rooms.map(([, st]) => new Date(Math.ceil(st.since / MINUTE_MS) * MINUTE_MS).toISOString())}::timestamptz[])
           AS c(room_id, covered_from)
      WHERE s.room_id = c.room_id AND s.ts >= c.covered_from AND s.ts >= ${new Date(to - 3 * MINUTE_MS).toISOString()}::timestamptz
        AND s.ts <= ${new Date(to).toISOString()}::timestamptz`.execute(this.deps.db);
    return Number(r.numAffectedRows ?? 0n);
  }

  /** The last popularity a heartbeat reply gave for a room (null: none yet). */
  popularity(roomId: number): number | null {
    return this.streams.get(roomId)?.popularity ?? null;
  }

  get connectedRooms(): number[] {
    return [...this.streams.keys()];
  }

  async close(): Promise<void> {
    for (const s of this.streams.values()) s.connection.close('shutdown');
    this.streams.clear();
    await this.flush();
  }
}

async function insertMessages(deps: CollectorDeps, rows: (LiveMessage & { roomId: number })[]): Promise<number> {
  const col = <T>(f: (r: LiveMessage & { roomId: number }) => T) => rows.map(f);
  const r = await sql`
    INSERT INTO live_messages (room_id, ts, kind, uid, uname, text, num, value)
    SELECT * FROM unnest(${col((x) => x.roomId)}::bigint[], ${col((x) => new Date(x.ts).toISOString())}::timestamptz[],
                         ${col((x) => x.kind)}::text[], ${col((x) => x.uid)}::bigint[], ${col((x) => x.uname.slice(0, 64))}::text[],
                         ${col((x) => x.text.slice(0, 200))}::text[], ${col((x) => Math.max(1, Math.round(x.num)))}::int[],
                         ${col((x) => x.value.toFixed(2))}::numeric[])
    ON CONFLICT DO NOTHING`.execute(deps.db);
  return Number(r.numAffectedRows ?? 0n);
}
