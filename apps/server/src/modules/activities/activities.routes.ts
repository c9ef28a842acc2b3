import type { FastifyInstance } from 'fastify';
import { ActivityDetailParams, HotActivityParams, VideoStuffDetailParams, VideoStuffParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService, cachedTierOf } from '../creators/catalog.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { ActivitiesRepository } from './activities.repository.js';
import { ActivitiesService } from './activities.service.js';

/** Activities and video materials (docs/api/discovery.md §7; scores in docs/metrics.md). */
export function registerActivityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { membership } = membershipServices(ctx);
  const service = new ActivitiesService(
    ctx.db,
    new ActivitiesRepository(ctx.db),
    new CatalogService(new CatalogRepository(ctx.db)),
    (userId, feature) => membership.requireFeature(userId, feature),
    cachedTierOf((userId) => membership.tierOf(userId)),
  );

  app.get('/api/hotActivity', async (request) => {
    const { userId } = await app.requireUser(request);
    return ok(await service.hotActivity(userId, parseParams(HotActivityParams, request.query)));
  });

  app.get('/api/activityDetail', async (request) => {
    await app.requireUser(request);
    return ok(await service.activityDetail(parseParams(ActivityDetailParams, request.query)));
  });

  app.get('/api/videoStuff', async (request) => {
    const { userId } = await app.requireUser(request);
    return ok(await service.videoStuff(userId, parseParams(VideoStuffParams, request.query)));
  });

  app.get('/api/videoStuffDetail', async (request) => {
    await app.requireUser(request);
    return ok(await service.videoStuffDetail(parseParams(VideoStuffDetailParams, request.query)));
  });
}
