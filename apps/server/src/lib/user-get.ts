import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ok } from './reply.js';
import { doc, type RouteDoc } from './route-doc.js';
import { parseParams } from './validate.js';

/**
 * A GET for signed-in users that answers what `read` makes of its query: `requireUser` (HTTP 401 without a
 * session), then the query parsed by the described schema (the one the OpenAPI document shows), the answer in the
 * envelope. Tier and team checks stay in `read` (the services'), as in every other route.
 */
export function userGet<S extends z.ZodObject, T extends Record<string, unknown>>(
  app: FastifyInstance,
  path: string,
  description: RouteDoc & { query: S },
  read: (params: z.infer<S>, userId: string) => Promise<T>,
): void {
  app.get(path, doc(description), async (request) => {
    const { userId } = await app.requireUser(request);
    return ok(await read(parseParams(description.query, request.query), userId));
  });
}
