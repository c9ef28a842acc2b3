/**
 * The simulator's live message stream, on the platform's protocol (providers/bilibili/live-stream/packet.ts):
 * a WebSocket at `/sub` of the simulator's own origin (getDanmuInfo names it in `host_list`). The first packet
 * must be the auth (op 7) with the room's token; the answer is op 8 `{"code":0}` (a wrong token or room closes
 * the socket). Then, once a wall second, the commands of the world time that passed since the last push
 * (world/live-messages.ts) go out as one compressed batch (protover 2 zlib or 3 brotli, as the auth asked),
 * with LIVE / PREPARING when the room starts or stops. A heartbeat (op 2) is answered with the popularity
 * (op 3: the room's online count). As on the platform, nothing is replayed: a client that was not connected
 * misses what was said meanwhile; after a jump of the world clock only the last 5 world minutes are pushed.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import {
  Op,
  Ver,
  decodePackets,
  encodeHeartbeatReply,
  encodeMessages,
  encodePacket,
} from '../../providers/bilibili/live-stream/packet.js';
import { hexOf, Salt } from '../world/hash.js';
import { liveState } from '../world/live.js';
import { liveMessagesOfMinute } from '../world/live-messages.js';
import type { SimWorld } from '../world/world.js';

const MINUTE_MS = 60_000;
const PUSH_MS = 1000;
/** world time pushed at most after a jump of the clock */
const MAX_CATCH_UP_MS = 5 * MINUTE_MS;

/** The stream token of a room (getDanmuInfo's `token`; the auth packet's `key`). */
export function danmuToken(world: SimWorld, roomId: number): string {
  return hexOf(48, world.seed, Salt.liveMessage, roomId, 99);
}

interface Subscriber {
  socket: WebSocket;
  index: number;
  roomId: number;
  ver: typeof Ver.ZLIB | typeof Ver.BROTLI;
  /** world ms up to which commands were pushed */
  cursor: number;
  live: boolean;
}

export function attachLiveStream(app: FastifyInstance, world: SimWorld): void {
  const wss = new WebSocketServer({ noServer: true });
  const subscribers = new Set<Subscriber>();

  const push = () => {
    const t = world.worldTime();
    for (const sub of subscribers) {
      const from = Math.max(sub.cursor, t - MAX_CATCH_UP_MS);
      if (t <= from) continue;
      const commands: object[] = [];
      const live = liveState(world, sub.index, t)?.liveStatus === 1;
      if (live && !sub.live) commands.push({ cmd: 'LIVE', roomid: sub.roomId });
      for (let m = Math.floor(from / MINUTE_MS) * MINUTE_MS; m < t; m += MINUTE_MS) {
        for (const c of liveMessagesOfMinute(world, sub.index, m)) if (c.ts >= from && c.ts < t) commands.push(c.body);
      }
      if (!live && sub.live) commands.push({ cmd: 'PREPARING', roomid: String(sub.roomId) });
      sub.live = live;
      sub.cursor = t;
      if (commands.length > 0) sub.socket.send(encodeMessages(commands, sub.ver));
    }
  };
  const timer = setInterval(push, PUSH_MS);
  timer.unref();

  wss.on('connection', (socket: WebSocket) => {
    let sub: Subscriber | null = null;
    socket.on('message', (data: Buffer) => {
      for (const packet of decodePackets(Buffer.isBuffer(data) ? data : Buffer.from(data))) {
        if (packet.op === Op.AUTH && !sub) {
          let auth: { roomid?: unknown; key?: unknown; protover?: unknown } = {};
          try {
            auth = JSON.parse(packet.body.toString('utf8')) as typeof auth;
          } catch {
            // stays empty: refused below
          }
          const roomId = Number(auth.roomid);
          const index = Number.isInteger(roomId) ? world.creatorIndexByRoom(roomId) : undefined;
          if (index === undefined || auth.key !== danmuToken(world, roomId)) {
            socket.send(encodePacket(Op.AUTH_REPLY, { code: -101 }));
            socket.close();
            return;
          }
          const t = world.worldTime();
          sub = {
            socket,
            index,
            roomId,
            ver: Number(auth.protover) === 2 ? Ver.ZLIB : Ver.BROTLI,
            cursor: t,
            live: liveState(world, index, t)?.liveStatus === 1,
          };
          subscribers.add(sub);
          socket.send(encodePacket(Op.AUTH_REPLY, { code: 0 }));
        } else if (packet.op === Op.HEARTBEAT && sub) {
          socket.send(encodeHeartbeatReply(liveState(world, sub.index, world.worldTime())?.online ?? 0));
        } else if (!sub) {
          socket.close();
          return;
        }
      }
    });
    socket.on('close', () => {
      if (sub) subscribers.delete(sub);
    });
    socket.on('error', () => socket.terminate());
  });

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/sub') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    for (const sub of subscribers) sub.socket.terminate();
    subscribers.clear();
    wss.close(() => done());
  });
}
