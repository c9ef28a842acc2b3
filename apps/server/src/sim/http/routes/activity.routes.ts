/** api.bilibili.com activity pages: `x/activity/subject/info?sid=` (a video's mission_id). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, ok } from '../envelope.js';
import { isApiError, parseQuery, sendError, type SimContext } from '../context.js';
import { activityById, activityInfo } from '../shapes/activity.js';

const ActivityQuery = z.object({
  sid: z.coerce.number().int().positive().optional(),
  bvid: z.string().optional(),
});

export function registerActivityRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/x/activity/subject/info', async (request, reply) => {
    const q = parseQuery(ActivityQuery, request);
    if (isApiError(q)) return sendError(reply, q);
    if (q.sid === undefined) return sendError(reply, badRequest());
    const a = activityById(ctx.world, q.sid);
    if (!a) return sendError(reply, notFound());
    return ok(activityInfo(a));
  });
}
