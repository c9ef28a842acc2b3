import type { FastifyInstance } from 'fastify';
import { FlowmeterParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';

/** Dashboards: signed-in home, platform board, traffic trends per partition (docs/api/discovery.md §6). */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { limits } = membershipServices(ctx);
  const service = new DashboardService(
    ctx.db,
    new DashboardRepository(ctx.db),
    new CatalogService(new CatalogRepository(ctx.db)),
    limits,
  );

  app.get('/api/dashboard', async (request) => {
    const { userId } = await app.requireUser(request);
    return ok(await service.dashboard(userId));
  });

  app.get('/api/boardData', async (request) => {
    await app.requireUser(request);
    return ok(await service.boardData());
  });

  app.get('/api/flowmeter', async (request) => {
    await app.requireUser(request);
    const { days } = parseParams(FlowmeterParams, request.query);
    return ok(await service.flowmeter(days));
  });
}
