/**
 * x/web-interface/nav (WBI keys; logged-out shape: code −101 with data.wbi_img), x/frontend/finger/spi
 * (buvid3/buvid4), www's home page (a buvid3 cookie), and the simulator's own `/__sim/*` endpoints (not on the real platform): health, world
 * state, a live room's full state including danmaku rate and gifts, which no web endpoint exposes, and an
 * operator incident on a video (a burst of negative comments and danmaku).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hash32, hexOf, Salt } from '../../world/hash.js';
import { incidentsOf, injectIncident } from '../../world/incidents.js';
import { injectLiveSession, liveState } from '../../world/live.js';
import { currentKeys, sendError, type SimContext } from '../context.js';
import { liveError } from '../envelope.js';
import type { FaultInjector } from '../faults.js';

const LiveQuery = z.union([
  z.object({ room_id: z.coerce.number().int().positive() }),
  z.object({ mid: z.coerce.number().int().positive() }),
]);

const LiveSessionQuery = z.object({
  room_id: z.coerce.number().int().positive(),
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
const IncidentQuery = z.object({
  aid: z.coerce.number().int().positive(),
  /** start relative to the world's now, minutes (negative: in the past) */
  startMinutes: z.coerce
    .number()
    .int()
    .min(-30 * 24 * 60)
    .max(30 * 24 * 60)
    .default(0),
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
});

export function registerMiscRoutes(app: FastifyInstance, ctx: SimContext, faults: FaultInjector): void {
  const { world } = ctx;
  let buvidCounter = 0;

  app.get('/x/web-interface/nav', (_request, reply) => {
    const keys = currentKeys(ctx);
    return reply.send({
      code: -101,
      message: '账号未登录',
      ttl: 1,
      data: {
        isLogin: false,
        wbi_img: {
          img_url: `https://i0.hdslb.com/bfs/wbi/${keys.imgKey}.png`,
          sub_url: `https://i0.hdslb.com/bfs/wbi/${keys.subKey}.png`,
        },
      },
    });
  });

  /** An upper-case UUID, as in buvid3/buvid4 (b_3 / b_4). */
  const uuid = (n: number, k: number) =>
    [8, 4, 4, 4, 12]
      .map((len, part) => hexOf(len, world.seed, Salt.buvid, n, k, part))
      .join('-')
      .toUpperCase();
  const digits = (n: number, k: number, len: number) =>
    String(hash32(world.seed, Salt.buvid, n, k) % 10 ** len).padStart(len, '0');

  app.get('/x/frontend/finger/spi', (_request, reply) => {
    const n = buvidCounter++;
    return reply.send({
      code: 0,
      data: {
        b_3: `${uuid(n, 3)}${digits(n, 3, 5)}infoc`,
        b_4: `${uuid(n, 4)}${digits(n, 4, 5)}-${digits(n, 5, 9)}-infoc`,
      },
      message: 'ok',
    });
  });

  // www.bilibili.com's home page: only its buvid3 cookie matters to clients.
  app.get('/', async (_request, reply) => {
    const n = buvidCounter++;
    reply.header(
      'set-cookie',
      `buvid3=${uuid(n, 3)}${digits(n, 3, 5)}infoc; path=/; domain=.bilibili.com; max-age=31536000`,
    );
    return reply
      .type('text/html; charset=utf-8')
      .send('<!DOCTYPE html><html><head><title>哔哩哔哩 (゜-゜)つロ 干杯~-bilibili</title></head><body></body></html>');
  });

  app.get('/__sim/health', (_request, reply) => reply.send({ ok: true }));

  app.get('/__sim/state', (_request, reply) => {
    const t = world.worldTime();
    return reply.send({
      seed: world.seed,
      scale: world.scale,
      speed: world.speed,
      epoch: new Date(world.epochMs).toISOString(),
      worldTime: new Date(t).toISOString(),
      creators: world.creatorCount,
      seededVideos: world.plan.videoCount,
      catalogReady: ctx.catalog.isReady,
      requests: faults.requests,
      faults: faults.rates,
    });
  });

  // An operator incident (sim/world/incidents.ts): texts of the video arriving in the window are mostly negative.
  app.post('/__sim/incident', async (request, reply) => {
    const q = IncidentQuery.safeParse(request.query);
    if (!q.success) return reply.code(400).send({ ok: false, error: 'aid, startMinutes, minutes' });
    const t = world.worldTime();
    const v = world.videoByAid(q.data.aid, t);
    if (!v) return reply.code(404).send({ ok: false, error: 'unknown video' });
    const from = t + q.data.startMinutes * 60_000;
    injectIncident(world, v, from, from + q.data.minutes * 60_000);
    return {
      ok: true,
      aid: v.aid,
      incidents: incidentsOf(world, v).map(([a, b]) => ({
        from: new Date(a).toISOString(),
        to: new Date(b).toISOString(),
      })),
    };
  });

  // An operator session (sim/world/live.ts): the room goes live now for `minutes` of world time.
  app.post('/__sim/live-session', async (request, reply) => {
    const q = LiveSessionQuery.safeParse(request.query);
    if (!q.success) return reply.code(400).send({ ok: false, error: 'room_id, minutes' });
    const index = world.creatorIndexByRoom(q.data.room_id);
    if (index === undefined) return reply.code(404).send({ ok: false, error: 'unknown room' });
    const t = world.worldTime();
    injectLiveSession(world, index, t, t + q.data.minutes * 60_000);
    const live = liveState(world, index, t);
    return { ok: true, roomId: q.data.room_id, liveStatus: live?.liveStatus ?? 0, online: live?.online ?? 0 };
  });

  app.get('/__sim/live', async (request, reply) => {
    const q = LiveQuery.safeParse(request.query);
    if (!q.success) return sendError(reply, liveError(-400, '参数错误'));
    const index = 'room_id' in q.data ? world.creatorIndexByRoom(q.data.room_id) : world.creatorIndexByMid(q.data.mid);
    const t = world.worldTime();
    const live = index === undefined ? null : liveState(world, index, t);
    if (index === undefined || !live) return sendError(reply, liveError(1, '未找到该房间'));
    return {
      mid: world.spec(index).mid,
      worldTime: new Date(t).toISOString(),
      ...live,
      session: live.session
        ? { start: new Date(live.session.startMs).toISOString(), end: new Date(live.session.endMs).toISOString() }
        : null,
    };
  });
}
