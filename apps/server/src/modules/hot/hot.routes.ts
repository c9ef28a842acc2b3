import type { FastifyInstance } from 'fastify';
import {
  HotAnalyseParams,
  HotSpotParams,
  HotTagParams,
  HotVideoParams,
  RecommendVideoParams,
  TopicDetailParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { HotRepository } from './hot.repository.js';
import { HotService } from './hot.service.js';

/** Hot content (docs/api/discovery.md §5; scores in docs/metrics.md "Hot content"). */
export function registerHotRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new HotService(ctx.db, new HotRepository(ctx.db), new CatalogService(new CatalogRepository(ctx.db)));

  app.get('/api/hotVideo', async (request) => {
    await app.requireUser(request);
    return ok(await service.hotVideo(parseParams(HotVideoParams, request.query)));
  });

  app.get('/api/hotTag', async (request) => {
    await app.requireUser(request);
    return ok({ tags: await service.hotTag(parseParams(HotTagParams, request.query)) });
  });

  app.get('/api/hotSpot', async (request) => {
    await app.requireUser(request);
    return ok({ topics: await service.hotSpot(parseParams(HotSpotParams, request.query)) });
  });

  app.get('/api/topicDetail', async (request) => {
    await app.requireUser(request);
    return ok(await service.topicDetail(parseParams(TopicDetailParams, request.query)));
  });

  app.get('/api/hotAnalyse', async (request) => {
    await app.requireUser(request);
    return ok(await service.hotAnalyse(parseParams(HotAnalyseParams, request.query)));
  });

  app.get('/api/recommendVideo', async (request) => {
    await app.requireUser(request);
    return ok(await service.recommend(parseParams(RecommendVideoParams, request.query)));
  });
}
