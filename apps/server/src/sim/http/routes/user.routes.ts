/**
 * api.bilibili.com creator endpoints: card, relation stat, space info (WBI), upstat (login), navnum and
 * the space video list (WBI).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound, ok, riskControl } from '../envelope.js';
import { acceptedKeys, cookiesOf, isApiError, parseQuery, rawQuery, sendError, type SimContext } from '../context.js';
import { navnum, relationStat, spaceInfo, upstat, userCard } from '../shapes/user.js';
import { spaceVideoItem } from '../shapes/video.js';
import { verifyWbi } from '../wbi.js';
import { hash32, Salt } from '../../world/hash.js';
import { PARTITION_NAMES } from '../../world/texts.js';
import { countersAt } from '../../world/video-model.js';

const Mid = z.coerce.number().int().positive();
const boolText = z.enum(['true', 'false', '1', '0']).optional();

const CardQuery = z.object({ mid: Mid, photo: boolText });
const VmidQuery = z.object({ vmid: Mid });
const MidQuery = z.object({ mid: Mid });
const ArcQuery = z.object({
  mid: Mid,
  order: z.enum(['pubdate', 'click', 'stow']).default('pubdate'),
  tid: z.coerce.number().int().min(0).default(0),
  keyword: z.string().default(''),
  pn: z.coerce.number().int().min(1).default(1),
  ps: z.coerce.number().int().min(1).max(50).default(30),
});

export function registerUserRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { world } = ctx;

  app.get('/x/web-interface/card', async (request, reply) => {
    const q = parseQuery(CardQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const index = world.creatorIndexByMid(q.mid);
    if (index === undefined) return sendError(reply, notFound());
    return ok(userCard(world, index, world.worldTime(), q.photo === 'true' || q.photo === '1'));
  });

  app.get('/x/relation/stat', async (request, reply) => {
    const q = parseQuery(VmidQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const index = world.creatorIndexByMid(q.vmid);
    if (index === undefined) return sendError(reply, notFound());
    return ok(relationStat(world, index, world.worldTime()));
  });

  app.get('/x/space/upstat', async (request, reply) => {
    const q = parseQuery(MidQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const index = world.creatorIndexByMid(q.mid);
    if (index === undefined) return sendError(reply, notFound());
    // The real endpoint answers empty data unless some user is logged in (any SESSDATA here).
    if (!cookiesOf(request).get('SESSDATA')) return ok({});
    return ok(upstat(world, index, world.worldTime()));
  });

  app.get('/x/space/navnum', async (request, reply) => {
    const q = parseQuery(MidQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const index = world.creatorIndexByMid(q.mid);
    if (index === undefined) return sendError(reply, notFound());
    return ok(navnum(world, index, world.worldTime()));
  });

  app.get('/x/space/wbi/acc/info', async (request, reply) => {
    // WBI first: a bad signature is −403 (访问权限不足), a missing one −352; then the cookie rule of the
    // notes (SESSDATA plus at least 3 cookie items), else −352.
    const verdict = verifyWbi(rawQuery(request), acceptedKeys(ctx));
    if (verdict === 'bad') return sendError(reply, forbidden());
    const cookies = cookiesOf(request);
    if (verdict === 'missing' || !cookies.get('SESSDATA') || cookies.size < 3)
      return sendError(reply, riskControl(world.seed, requestNumber(request.url)));
    const q = parseQuery(MidQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const index = world.creatorIndexByMid(q.mid);
    if (index === undefined) return sendError(reply, notFound());
    return ok(spaceInfo(world, index, world.worldTime()));
  });

  app.get('/x/space/wbi/arc/search', async (request, reply) => {
    const verdict = verifyWbi(rawQuery(request), acceptedKeys(ctx));
    if (verdict !== 'ok') return sendError(reply, riskControl(world.seed, requestNumber(request.url)));
    const q = parseQuery(ArcQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const index = world.creatorIndexByMid(q.mid);
    if (index === undefined) return sendError(reply, notFound());
    const t = world.worldTime();
    const all = world.videosOf(index, t);
    const kw = q.keyword.toLowerCase();
    const matching = kw ? all.filter((v) => v.title.toLowerCase().includes(kw)) : all;
    const tlist: Record<string, { tid: number; count: number; name: string }> = {};
    for (const v of matching) {
      const key = String(v.topTid);
      const entry = (tlist[key] ??= { tid: v.topTid, count: 0, name: PARTITION_NAMES.get(v.topTid)?.[0] ?? '' });
      entry.count += 1;
    }
    let list = q.tid ? matching.filter((v) => v.topTid === q.tid || v.tid === q.tid) : matching;
    if (q.order !== 'pubdate') {
      const metric = (v: (typeof list)[number]) => {
        const c = countersAt(v, t);
        return q.order === 'click' ? c.view : c.favorite;
      };
      const scored = list.map((v) => [metric(v), v] as const);
      scored.sort((a, b) => b[0] - a[0] || b[1].pubMs - a[1].pubMs);
      list = scored.map(([, v]) => v);
    }
    const page = list.slice((q.pn - 1) * q.ps, q.pn * q.ps);
    return ok({
      list: { slist: [] as unknown[], tlist, vlist: page.map((v) => spaceVideoItem(world, v, t)) },
      page: { pn: q.pn, ps: q.ps, count: list.length },
      episodic_button: { text: '播放全部', uri: `//www.bilibili.com/medialist/play/${q.mid}?from=space` },
      is_risk: false,
      gaia_res_type: 0,
      gaia_data: null,
    });
  });
}

/** A stable number for the voucher of a −352 answer (the URL identifies the request well enough). */
function requestNumber(url: string): number {
  return hash32(Salt.fault, ...[...url].slice(0, 64).map((c) => c.charCodeAt(0)));
}
