/**
 * Search by type: x/web-interface/wbi/search/type (WBI-signed) and the older x/web-interface/search/type
 * (no signature). Both need the buvid3 cookie (−412 without, as the notes say); search_type video
 * (titles) or bili_user (names), 20 results per page, at most 1,000 results.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { blocked, ok, riskControl } from '../envelope.js';
import { acceptedKeys, cookiesOf, isApiError, parseQuery, rawQuery, sendError, type SimContext } from '../context.js';
import { SEARCH_MAX_RESULTS, SEARCH_PAGE_SIZE, searchEnvelope, userResult, videoResult } from '../shapes/search.js';
import { verifyWbi } from '../wbi.js';
import { hash32, Salt } from '../../world/hash.js';
import { countersAt, type SimVideo } from '../../world/video-model.js';

const SearchQuery = z.object({
  search_type: z.enum(['video', 'bili_user']),
  keyword: z.string().trim().min(1),
  page: z.coerce.number().int().min(1).default(1),
  order: z.string().default(''),
  order_sort: z.coerce.number().int().min(0).max(1).default(0),
  user_type: z.coerce.number().int().min(0).max(3).default(0),
  duration: z.coerce.number().int().min(0).max(4).default(0),
  tids: z.coerce.number().int().min(0).default(0),
});
type SearchQuery = z.infer<typeof SearchQuery>;

const DURATION_BANDS: readonly (readonly [number, number])[] = [
  [0, Infinity],
  [0, 600],
  [600, 1800],
  [1800, 3600],
  [3600, Infinity],
];

export function registerSearchRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { world, catalog } = ctx;

  const search = async (request: FastifyRequest, reply: FastifyReply, signed: boolean) => {
    if (!cookiesOf(request).get('buvid3')) return sendError(reply, blocked());
    if (signed && verifyWbi(rawQuery(request), acceptedKeys(ctx)) !== 'ok') {
      return sendError(reply, riskControl(world.seed, hash32(Salt.fault, request.url.length)));
    }
    const q = parseQuery(SearchQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const t = world.worldTime();
    // one page of what was found (none past the result cap), in the search envelope
    const answer = <T>(found: T[], result: (x: T) => unknown) => {
      const from = (q.page - 1) * SEARCH_PAGE_SIZE;
      const page = from < SEARCH_MAX_RESULTS ? found.slice(from, from + SEARCH_PAGE_SIZE) : [];
      return ok(searchEnvelope(world.seed, q.keyword, q.page, found.length, page.map(result)));
    };
    if (q.search_type === 'bili_user') return answer(users(q), (i) => userResult(world, i, t));
    return answer(await videos(q, t), (v) => videoResult(world, v, t, q.keyword));
  };

  /** Creators whose name contains the keyword: exact names first, then by fans (or level) at the epoch. */
  const users = (q: SearchQuery): number[] => {
    const kw = q.keyword.toLowerCase();
    let found = catalog.searchCreators(q.keyword);
    if (q.user_type === 1) found = found.filter((i) => world.spec(i).videoTotal > 0);
    if (q.user_type === 3) found = found.filter((i) => world.spec(i).officialType > 0);
    const dir = q.order_sort === 1 ? -1 : 1;
    const metric = (i: number) => (q.order === 'level' ? world.spec(i).level : world.spec(i).fans);
    return found.sort((a, b) => {
      if (q.order === '' || q.order === '0') {
        const ea = world.spec(a).name.toLowerCase() === kw ? 1 : 0;
        const eb = world.spec(b).name.toLowerCase() === kw ? 1 : 0;
        if (ea !== eb) return eb - ea;
      }
      return dir * (metric(b) - metric(a)) || a - b;
    });
  };

  /** Visible videos whose title contains the keyword, filtered and ordered as asked. */
  const videos = async (q: SearchQuery, t: number): Promise<SimVideo[]> => {
    const band = DURATION_BANDS[q.duration] ?? [0, Infinity];
    const found = (await catalog.searchVideos(q.keyword, t)).filter(
      (v) => v.duration >= band[0] && v.duration < band[1] && (q.tids === 0 || v.tid === q.tids || v.topTid === q.tids),
    );
    const kw = q.keyword.toLowerCase();
    const metric = (v: SimVideo): number => {
      const c = countersAt(v, t);
      switch (q.order) {
        case 'click':
          return c.view;
        case 'pubdate':
          return v.pubMs;
        case 'dm':
          return c.danmaku;
        case 'stow':
          return c.favorite;
        default:
          return c.view * (v.title.toLowerCase().startsWith(kw) ? 2 : 1) + c.like * 5;
      }
    };
    const scored = found.map((v) => [metric(v), v] as const);
    scored.sort((a, b) => b[0] - a[0] || b[1].aid - a[1].aid);
    return scored.map(([, v]) => v);
  };

  app.get('/x/web-interface/wbi/search/type', async (request, reply) => search(request, reply, true));
  app.get('/x/web-interface/search/type', async (request, reply) => search(request, reply, false));
}
