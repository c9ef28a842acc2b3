import type { FastifyInstance } from 'fastify';
import { ContentSearchParams, VideoDataTendencyParams, VideoDayDataParams, VideoRefParams } from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { collectServiceOf } from '../collect/collect.routes.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { VideosRepository } from './videos.repository.js';
import { VideosService } from './videos.service.js';
import { doc } from '../../lib/route-doc.js';
import { userGet } from '../../lib/user-get.js';

/** Video detail, daily series and content search (spec §3 Video info, §7.3; docs/api/discovery.md). */
export function registerVideoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { membership } = membershipServices(ctx);
  // discovery reads: the replica while it is healthy (db/read-replica.ts); the team's flags: the primary
  const { db } = discoveryReads(ctx);
  const service = new VideosService(
    db,
    new VideosRepository(db),
    new CatalogService(new CatalogRepository(db)),
    (userId, feature) => membership.requireFeature(userId, feature),
  );

  app.get('/api/videoDetail', doc({ tag: 'videos', summary: '视频详情', query: VideoRefParams }), async (request) => {
    const { userId } = await app.requireUser(request);
    const { id } = parseParams(VideoRefParams, request.query);
    const videoInfo = await service.detail(id);
    // isCollect / isPut: the caller's team's saved-video flags (issue #15)
    return ok({ videoInfo: { ...videoInfo, ...(await collectServiceOf(ctx).videoFlags(userId, videoInfo.videoId)) } });
  });

  userGet(
    app,
    '/api/videoDayData',
    { tag: 'videos', summary: '视频30天数据趋势（专业版及以上）', query: VideoDayDataParams },
    (params, userId) => service.dayData(userId, params),
  );

  // §7.3 "Blob GET user/videoDataTendency: id, dayNum, export=1": with export=1 the export module answers it
  // as a file (LIST_CALLS, export.registry.ts); without, the same report as videoDayData
  userGet(
    app,
    '/api/user/videoDataTendency',
    { tag: 'videos', summary: '视频数据趋势（export=1 时为 Excel 文件）', query: VideoDataTendencyParams },
    (params, userId) => service.dayData(userId, params),
  );

  userGet(
    app,
    '/api/searchContent',
    { tag: 'videos', summary: '内容搜索（按标题关键词找视频）', query: ContentSearchParams },
    (params) => service.searchContent(params),
  );
}
