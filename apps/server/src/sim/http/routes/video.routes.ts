/**
 * api.bilibili.com video endpoints: view, view/detail (and their /wbi/ variants), pagelist, popular,
 * ranking v2, and the danmaku XML list on both of its hosts (api: /x/v1/dm/list.so, comment: /<cid>.xml).
 */
import { deflateRawSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PARTITIONS } from '../../../db/seed/world/partitions.js';
import { invisible, notFound, ok, type ApiError } from '../envelope.js';
import { isApiError, parseQuery, sendError, type SimContext } from '../context.js';
import { danmakuXml, emptyDanmakuXml } from '../shapes/danmaku-xml.js';
import { pagelist, popularItem, rankingItem, viewData, viewDetail } from '../shapes/video.js';
import { badRequest } from '../envelope.js';
import { isVisible, type SimVideo } from '../../world/video-model.js';

const VideoQuery = z.object({
  aid: z.coerce.number().int().positive().optional(),
  bvid: z.string().optional(),
});
const PopularQuery = z.object({
  pn: z.coerce.number().int().min(1).default(1),
  ps: z.coerce.number().int().min(1).max(50).default(20),
});
const TOP_TIDS = new Set(PARTITIONS.map((p) => p.tid));
const RankingQuery = z.object({
  rid: z.coerce
    .number()
    .int()
    .default(0)
    .refine((rid) => rid === 0 || TOP_TIDS.has(rid)),
  type: z.enum(['all', 'rookie', 'origin']).default('all'),
});
const DanmakuQuery = z.object({ oid: z.coerce.number().int().positive() });

export function registerVideoRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { world, catalog } = ctx;

  /** The requested video if it is visible now; −400 without an id, −404 unknown, 62002 deleted. */
  const lookup = (request: FastifyRequest): { video: SimVideo; t: number } | ApiError => {
    const q = parseQuery(VideoQuery, request);
    if (isApiError(q)) return q;
    if (q.aid === undefined && q.bvid === undefined) return badRequest();
    const t = world.worldTime();
    const video = q.aid !== undefined ? world.videoByAid(q.aid, t) : world.videoByBvid(q.bvid ?? '', t);
    if (!video) return notFound();
    if (!isVisible(video, t)) return invisible();
    return { video, t };
  };

  for (const path of ['/x/web-interface/view', '/x/web-interface/wbi/view']) {
    app.get(path, async (request, reply) => {
      const found = lookup(request);
      if (isApiError(found)) return sendError(reply, found);
      return ok(viewData(world, found.video, found.t));
    });
  }

  for (const path of ['/x/web-interface/view/detail', '/x/web-interface/wbi/view/detail']) {
    app.get(path, async (request, reply) => {
      const found = lookup(request);
      if (isApiError(found)) return sendError(reply, found);
      return ok(viewDetail(world, found.video, found.t));
    });
  }

  app.get('/x/player/pagelist', async (request, reply) => {
    const found = lookup(request);
    if (isApiError(found)) return sendError(reply, found);
    return ok(pagelist(world, found.video));
  });

  app.get('/x/web-interface/popular', async (request, reply) => {
    const q = parseQuery(PopularQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const t = world.worldTime();
    const ranked = await catalog.popular(t);
    const page = ranked.slice((q.pn - 1) * q.ps, q.pn * q.ps);
    return ok({ list: page.map((r) => popularItem(world, r.video, t)), no_more: q.pn * q.ps >= ranked.length });
  });

  app.get('/x/web-interface/ranking/v2', async (request, reply) => {
    const q = parseQuery(RankingQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const t = world.worldTime();
    const ranked = await catalog.ranking(t, q.rid, q.type);
    return ok({
      note: '根据稿件内容质量、近期的数据综合展示，动态更新',
      list: ranked.map((r) => rankingItem(world, r.video, t, r.score)),
    });
  });

  const danmaku = (cid: number, request: FastifyRequest, reply: FastifyReply) => {
    const t = world.worldTime();
    const found = world.videoByCid(cid, t);
    const xml =
      found && isVisible(found.video, t) ? danmakuXml(world, found.video, found.page, cid, t) : emptyDanmakuXml(cid);
    reply.type('text/xml; charset=utf-8');
    // The real hosts send raw deflate; clients that do not accept it get plain XML.
    if (/\bdeflate\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'deflate');
      return reply.send(deflateRawSync(Buffer.from(xml, 'utf8')));
    }
    return reply.send(xml);
  };

  app.get('/x/v1/dm/list.so', async (request, reply) => {
    const q = parseQuery(DanmakuQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    return danmaku(q.oid, request, reply);
  });

  app.get<{ Params: { cid: string } }>('/:cid(^\\d+).xml', async (request, reply) =>
    danmaku(Number(request.params.cid), request, reply),
  );
}
