import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { pipelineOf } from './registry.js';
import { PipelineService } from './pipeline.service.js';

/** Operators only: 403 for every other signed-in user. */
export const OPERATORS_ONLY = '仅运维人员可访问';

/** GET /api/admin/pipeline — pipeline health (docs/pipeline.md § Health). */
export function registerPipelineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new PipelineService(ctx.db, ctx.config);
  app.get('/api/admin/pipeline', async (request) => {
    const principal = await app.requireUser(request);
    if (!(await service.isOperator(principal.userId))) throw AppError.forbidden(OPERATORS_ONLY);
    const handle = pipelineOf(ctx);
    const now = new Date(handle?.clock.now() ?? Date.now());
    return ok({ ...(await service.health(handle?.client ?? null, now)) });
  });
}
