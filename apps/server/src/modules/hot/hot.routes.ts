import type { FastifyInstance } from 'fastify';
import {
  HotAnalyseParams,
  HotSpotParams,
  HotTagParams,
  HotVideoParams,
  RecommendVideoParams,
  TopicDetailParams,
} from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { HotRepository } from './hot.repository.js';
import { HotService } from './hot.service.js';
import { doc } from '../../lib/route-doc.js';

/** Hot content (docs/api/discovery.md §5; scores in docs/metrics.md "Hot content"). */
export function registerHotRoutes(app: FastifyInstance, ctx: AppContext): void {
  // discovery reads: the replica while it is healthy (db/read-replica.ts)
  const { db } = discoveryReads(ctx);
  const service = new HotService(db, new HotRepository(db), new CatalogService(new CatalogRepository(db)));

  app.get(
    '/api/hotVideo',
    doc({ tag: 'hot', summary: '热门视频（export=1 时为 Excel 文件）', query: HotVideoParams }),
    async (request) => {
      await app.requireUser(request);
      return ok(await service.hotVideo(parseParams(HotVideoParams, request.query)));
    },
  );

  app.get('/api/hotTag', doc({ tag: 'hot', summary: '热门标签', query: HotTagParams }), async (request) => {
    await app.requireUser(request);
    return ok({ tags: await service.hotTag(parseParams(HotTagParams, request.query)) });
  });

  app.get('/api/hotSpot', doc({ tag: 'hot', summary: '热点话题', query: HotSpotParams }), async (request) => {
    await app.requireUser(request);
    return ok({ topics: await service.hotSpot(parseParams(HotSpotParams, request.query)) });
  });

  app.get('/api/topicDetail', doc({ tag: 'hot', summary: '话题详情', query: TopicDetailParams }), async (request) => {
    await app.requireUser(request);
    return ok(await service.topicDetail(parseParams(TopicDetailParams, request.query)));
  });

  app.get('/api/hotAnalyse', doc({ tag: 'hot', summary: '热门分析', query: HotAnalyseParams }), async (request) => {
    await app.requireUser(request);
    return ok(await service.hotAnalyse(parseParams(HotAnalyseParams, request.query)));
  });

  app.get(
    '/api/recommendVideo',
    doc({ tag: 'hot', summary: '推荐视频', query: RecommendVideoParams }),
    async (request) => {
      await app.requireUser(request);
      return ok(await service.recommend(parseParams(RecommendVideoParams, request.query)));
    },
  );
}
