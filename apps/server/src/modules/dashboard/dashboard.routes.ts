import type { FastifyInstance } from 'fastify';
import { FlowmeterParams } from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { TEAM_OWNED, collectServiceOf } from '../collect/collect.routes.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';
import { doc } from '../../lib/route-doc.js';

/**
 * Dashboards: signed-in home (with the team's lists and monitored creators), platform board, traffic trends per
 * partition (docs/api/discovery.md §6, docs/api/lists.md).
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { limits } = membershipServices(ctx);
  // platform figures and creator/video rows: the replica while it is healthy (db/read-replica.ts); the team's
  // lists, monitors and quotas: the primary
  const { db: readDb } = discoveryReads(ctx);
  const service = new DashboardService(
    readDb,
    new DashboardRepository(ctx.db, readDb),
    new CatalogService(new CatalogRepository(readDb)),
    limits,
    (userId) => collectServiceOf(ctx).member(userId),
  );

  // the team's saved-list sizes are part of the answer (myLists): team-owned
  app.get('/api/dashboard', doc({ tag: 'dashboard', summary: '工作台概览' }, TEAM_OWNED), async (request) => {
    const { userId } = await app.requireUser(request);
    return ok(await service.dashboard(userId));
  });

  // the team's monitored creators and their recent changes (issue #15 item 1)
  app.get(
    '/api/dashboard/monitorChanges',
    doc({ tag: 'dashboard', summary: '工作台：监测UP主动态' }, TEAM_OWNED),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.monitorChanges(userId));
    },
  );

  app.get('/api/boardData', doc({ tag: 'dashboard', summary: '平台数据看板' }), async (request) => {
    await app.requireUser(request);
    return ok(await service.boardData());
  });

  app.get('/api/flowmeter', doc({ tag: 'dashboard', summary: '流量趋势', query: FlowmeterParams }), async (request) => {
    await app.requireUser(request);
    const { days } = parseParams(FlowmeterParams, request.query);
    return ok(await service.flowmeter(days));
  });
}
