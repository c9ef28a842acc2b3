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
import { doc } from '../../lib/route-doc.js';

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

  app.get(
    '/api/hotActivity',
    doc({ tag: 'activities', summary: '热门活动', query: HotActivityParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.hotActivity(userId, parseParams(HotActivityParams, request.query)));
    },
  );

  app.get(
    '/api/activityDetail',
    doc({ tag: 'activities', summary: '活动详情与参与视频', query: ActivityDetailParams }),
    async (request) => {
      await app.requireUser(request);
      return ok(await service.activityDetail(parseParams(ActivityDetailParams, request.query)));
    },
  );

  app.get(
    '/api/videoStuff',
    doc({ tag: 'activities', summary: '视频素材（背景音乐）', query: VideoStuffParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.videoStuff(userId, parseParams(VideoStuffParams, request.query)));
    },
  );

  app.get(
    '/api/videoStuffDetail',
    doc({ tag: 'activities', summary: '素材详情与使用视频', query: VideoStuffDetailParams }),
    async (request) => {
      await app.requireUser(request);
      return ok(await service.videoStuffDetail(parseParams(VideoStuffDetailParams, request.query)));
    },
  );
}
