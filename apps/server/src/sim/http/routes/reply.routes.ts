/**
 * api.bilibili.com comment endpoints: x/v2/reply (page numbers; sort 0 time, 1 likes, 2 replies),
 * x/v2/reply/wbi/main (WBI; cursor paging; mode 3 hot, 2 time), x/v2/reply/reply (the sub-replies under one
 * comment, oldest first, page numbers) and x/v2/reply/count. Root items carry their sub-reply count (`rcount`)
 * and the oldest three inline (`replies`), as the site's list answers do.
 *
 * reply/wbi/main's cursor is the opaque `next_offset` string handed back in `pagination_str`:
 * time mode `{"type":3,"direction":1,"Data":{"cursor":<floor>}}` (the next page holds floors ≤ cursor),
 * hot mode `{"type":1,"direction":1,"data":{"pn":<page>}}`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiError, badRequest, forbidden, notFound, ok, type ApiError } from '../envelope.js';
import { acceptedKeys, isApiError, parseQuery, rawQuery, sendError, type SimContext } from '../context.js';
import { mainPage, replyPage, replyRepliesPage, type MainCursor } from '../shapes/reply.js';
import { verifyWbi } from '../wbi.js';
import {
  commentAt,
  commentCount,
  commentsBelowFloor,
  commentsByTime,
  hotOrder,
  subRepliesOf,
  subReplyCount,
} from '../../world/comments.js';
import { rootOfRpid } from '../../world/ids.js';
import { isVisible, type SimVideo } from '../../world/video-model.js';

const MAIN_PAGE_SIZE = 20;
const Oid = z.coerce.number().int().positive();
const Type = z.coerce.number().int();

const ReplyQuery = z.object({
  type: Type,
  oid: Oid,
  sort: z.coerce.number().int().min(0).max(2).default(0),
  nohot: z.coerce.number().int().min(0).max(1).default(0),
  ps: z.coerce.number().int().min(1).max(20).default(20),
  pn: z.coerce.number().int().min(1).default(1),
});
const MainQuery = z.object({
  type: Type,
  oid: Oid,
  mode: z.coerce.number().int().default(3),
  pagination_str: z.string().optional(),
});
const CountQuery = z.object({ type: Type, oid: Oid });
const RepliesQuery = z.object({
  type: Type,
  oid: Oid,
  root: z.coerce.number().int().positive(),
  ps: z.coerce.number().int().min(1).max(20).default(10),
  pn: z.coerce.number().int().min(1).default(1),
});
/** the site's answer for a root comment that is not (or no longer) there */
const deletedComment = (): ApiError => apiError(12022, '已经被删除了');
const Pagination = z.object({ offset: z.string().default('') });
const TimeOffset = z.object({ type: z.literal(3), Data: z.object({ cursor: z.number().int() }) });
const HotOffset = z.object({ type: z.literal(1), data: z.object({ pn: z.number().int().min(1) }) });

export function registerReplyRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { world } = ctx;

  /** type must be 1 (video); the oid must be a visible video now. */
  const videoOf = (type: number, oid: number, t: number): SimVideo | ApiError => {
    if (type !== 1) return badRequest();
    const v = world.videoByAid(oid, t);
    return v && isVisible(v, t) ? v : notFound();
  };

  app.get('/x/v2/reply', async (request, reply) => {
    const q = parseQuery(ReplyQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const t = world.worldTime();
    const v = videoOf(q.type, q.oid, t);
    if (isApiError(v)) return sendError(reply, v);
    const count = commentCount(v, t);
    const offset = (q.pn - 1) * q.ps;
    const replies =
      q.sort === 0
        ? commentsByTime(world, v, t, offset, q.ps)
        : hotOrder(world, v, t)
            .slice(offset, offset + q.ps)
            .map((i) => commentAt(world, v, i, t));
    const hots =
      q.sort === 0 && q.nohot === 0 && q.pn === 1
        ? hotOrder(world, v, t)
            .slice(0, 3)
            .map((i) => commentAt(world, v, i, t))
        : [];
    return ok(replyPage(world, v, t, { num: q.pn, size: q.ps, count }, replies, hots));
  });

  app.get('/x/v2/reply/wbi/main', async (request, reply) => {
    if (verifyWbi(rawQuery(request), acceptedKeys(ctx)) !== 'ok') return sendError(reply, forbidden());
    const q = parseQuery(MainQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const mode = q.mode === 2 ? 2 : 3;
    const offset = parseOffset(q.pagination_str);
    if (offset === 'invalid') return sendError(reply, badRequest());
    const t = world.worldTime();
    const v = videoOf(q.type, q.oid, t);
    if (isApiError(v)) return sendError(reply, v);
    const count = commentCount(v, t);
    if (mode === 2) {
      const maxFloor = offset && 'cursor' in offset ? offset.cursor : count;
      const items = commentsBelowFloor(world, v, t, maxFloor, MAIN_PAGE_SIZE);
      const lastFloor = items[items.length - 1]?.floor ?? 1;
      const isEnd = items.length < MAIN_PAGE_SIZE || lastFloor <= 1;
      const cursor: MainCursor = {
        isBegin: offset === null,
        isEnd,
        prev: items[0]?.floor ?? 0,
        next: isEnd ? 0 : lastFloor - 1,
        mode,
        allCount: count,
        nextOffset: isEnd ? '' : JSON.stringify({ type: 3, direction: 1, Data: { cursor: lastFloor - 1 } }),
      };
      return ok(mainPage(world, v, t, cursor, items));
    }
    const pn = offset && 'pn' in offset ? offset.pn : 1;
    const order = hotOrder(world, v, t);
    const items = order.slice((pn - 1) * MAIN_PAGE_SIZE, pn * MAIN_PAGE_SIZE).map((i) => commentAt(world, v, i, t));
    const isEnd = pn * MAIN_PAGE_SIZE >= order.length;
    const cursor: MainCursor = {
      isBegin: pn === 1,
      isEnd,
      prev: pn - 1,
      next: isEnd ? 0 : pn + 1,
      mode,
      allCount: count,
      nextOffset: isEnd ? '' : JSON.stringify({ type: 1, direction: 1, data: { pn: pn + 1 } }),
    };
    return ok(mainPage(world, v, t, cursor, items));
  });

  app.get('/x/v2/reply/reply', async (request, reply) => {
    const q = parseQuery(RepliesQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const t = world.worldTime();
    const v = videoOf(q.type, q.oid, t);
    if (isApiError(v)) return sendError(reply, v);
    const root = rootOfRpid(q.root);
    if (!root || root.key !== v.key || root.index >= commentCount(v, t)) return sendError(reply, deletedComment());
    const count = subReplyCount(world, v, root.index, t);
    const replies = subRepliesOf(world, v, root.index, t, (q.pn - 1) * q.ps, q.ps);
    return ok(
      replyRepliesPage(world, v, t, { count, num: q.pn, size: q.ps }, commentAt(world, v, root.index, t), replies),
    );
  });

  app.get('/x/v2/reply/count', async (request, reply) => {
    const q = parseQuery(CountQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    const t = world.worldTime();
    const v = videoOf(q.type, q.oid, t);
    if (isApiError(v)) return sendError(reply, v);
    return ok({ count: commentCount(v, t) });
  });
}

/** pagination_str → null (first page), a time cursor, a hot page number, or 'invalid'. */
function parseOffset(paginationStr: string | undefined): { cursor: number } | { pn: number } | null | 'invalid' {
  if (paginationStr === undefined || paginationStr === '') return null;
  const outer = Pagination.safeParse(safeJson(paginationStr));
  if (!outer.success) return 'invalid';
  if (outer.data.offset === '') return null;
  const inner = safeJson(outer.data.offset);
  const time = TimeOffset.safeParse(inner);
  if (time.success) return { cursor: time.data.Data.cursor };
  const hot = HotOffset.safeParse(inner);
  if (hot.success) return { pn: hot.data.data.pn };
  return 'invalid';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
