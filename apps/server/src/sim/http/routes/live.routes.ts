/**
 * api.live.bilibili.com endpoints: room/v1/Room/get_info, room/v1/Room/room_init and
 * room/v1/Room/get_status_info_by_uids (GET `uids[]=…` or POST `{"uids":[…]}` / form `uids[]=…`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { liveError, liveOk } from '../envelope.js';
import { sendError, type SimContext } from '../context.js';
import { roomInfo, roomInit, statusInfo } from '../shapes/live.js';
import { liveState } from '../../world/live.js';
import { danmuToken } from '../live-stream.js';

const RoomQuery = z.object({ room_id: z.coerce.number().int().positive() });
const InitQuery = z.object({ id: z.coerce.number().int().positive() });
const UidList = z.array(z.coerce.number().int().positive()).min(1).max(500);
const UidBody = z.object({ uids: UidList });

const paramError = () => liveError(-400, '参数错误');

export function registerLiveRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { world } = ctx;

  app.get('/room/v1/Room/get_info', async (request, reply) => {
    const q = RoomQuery.safeParse(request.query);
    if (!q.success) return sendError(reply, paramError());
    const index = world.creatorIndexByRoom(q.data.room_id);
    const t = world.worldTime();
    const live = index === undefined ? null : liveState(world, index, t);
    if (index === undefined || !live) return sendError(reply, liveError(1, '未找到该房间'));
    return liveOk(roomInfo(world, index, live, t));
  });

  app.get('/room/v1/Room/room_init', async (request, reply) => {
    const q = InitQuery.safeParse(request.query);
    if (!q.success) return sendError(reply, paramError());
    const index = world.creatorIndexByRoom(q.data.id);
    const live = index === undefined ? null : liveState(world, index, world.worldTime());
    if (index === undefined || !live) return sendError(reply, liveError(60004, '直播间不存在', {}));
    return liveOk(roomInit(world, index, live));
  });

  // The message stream's token and hosts: the simulator's own origin, where /sub is its WebSocket (live-stream.ts).
  app.get('/xlive/web-room/v1/index/getDanmuInfo', async (request, reply) => {
    const q = InitQuery.safeParse(request.query);
    if (!q.success) return sendError(reply, paramError());
    const index = world.creatorIndexByRoom(q.data.id);
    if (index === undefined) return sendError(reply, liveError(1, '未找到该房间'));
    const [hostname, portText] = String(request.headers.host ?? '127.0.0.1:80').split(':');
    const port = Number(portText ?? 80);
    return liveOk(
      {
        group: 'live',
        business_id: 0,
        refresh_row_factor: 0.125,
        refresh_rate: 100,
        max_delay: 5000,
        token: danmuToken(world, q.data.id),
        host_list: [{ host: hostname ?? '127.0.0.1', port, wss_port: port, ws_port: port }],
      },
      '0',
    );
  });

  const byUids = (uids: number[]) => {
    const t = world.worldTime();
    const data: Record<string, ReturnType<typeof statusInfo>> = {};
    for (const uid of uids) {
      const index = world.creatorIndexByMid(uid);
      const live = index === undefined ? null : liveState(world, index, t);
      if (index !== undefined && live) data[String(uid)] = statusInfo(world, index, live);
    }
    return liveOk(data, 'success');
  };

  app.get('/room/v1/Room/get_status_info_by_uids', async (request, reply) => {
    const uids = UidList.safeParse(uidsOf(request.query));
    if (!uids.success) return sendError(reply, paramError());
    return byUids(uids.data);
  });

  app.post('/room/v1/Room/get_status_info_by_uids', async (request, reply) => {
    const body = UidBody.safeParse(normaliseBody(request));
    if (!body.success) return sendError(reply, paramError());
    return byUids(body.data.uids);
  });
}

/** `uids[]=1&uids[]=2` or `uids=1,2` → ['1', '2']. */
function uidsOf(query: unknown): unknown[] {
  if (typeof query !== 'object' || query === null) return [];
  const entries: [string, unknown][] = Object.entries(query);
  const raw = entries.find(([k]) => k === 'uids[]' || k === 'uids')?.[1];
  if (raw === undefined) return [];
  const list: unknown[] = Array.isArray(raw) ? raw : [raw];
  return list.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
}

function normaliseBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const uids = uidsOf(body);
    return { uids };
  }
  return body;
}
