import type { FastifyInstance } from 'fastify';
import { CreatorSearchParams, KolIdParams, KolTrendParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { CreatorRepository } from './creators.repository.js';
import { CreatorService } from './creators.service.js';

/** Creator search, detail and trend (spec §3, §5, §7.3). All need a signed-in user. */
export function registerCreatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new CreatorService(new CreatorRepository(ctx.db));

  app.get('/api/searchKol', async (request) => {
    await app.requireUser(request);
    const params = parseParams(CreatorSearchParams, request.query);
    return ok(await service.search(params));
  });

  app.get('/api/kolDetail', async (request) => {
    await app.requireUser(request);
    const { kolId } = parseParams(KolIdParams, request.query);
    return ok({ kolInfo: await service.detail(kolId) });
  });

  app.get('/api/kolTrend', async (request) => {
    await app.requireUser(request);
    const params = parseParams(KolTrendParams, request.query);
    return ok(await service.trend(params));
  });
}
