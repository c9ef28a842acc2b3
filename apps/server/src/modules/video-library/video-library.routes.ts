import type { FastifyInstance } from 'fastify';
import { VideoSearchParams } from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { doc } from '../../lib/route-doc.js';
import { parseParams } from '../../lib/validate.js';
import { collectServiceOf } from '../collect/collect.routes.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService, cachedTierOf } from '../creators/catalog.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { VideoLibraryRepository } from './video-library.repository.js';
import { VideoLibraryService } from './video-library.service.js';

const services = new WeakMap<AppContext, VideoLibraryService>();

/** The one video-library service of an app (the screens' route and the export list share its caches). */
export function videoLibraryServiceOf(ctx: AppContext): VideoLibraryService {
  let service = services.get(ctx);
  if (!service) {
    const { membership } = membershipServices(ctx);
    const collect = collectServiceOf(ctx);
    // discovery reads (the replica while healthy; bounded by READ_STATEMENT_TIMEOUT_MS); the team's flags: the primary
    const read = discoveryReads(ctx);
    service = new VideoLibraryService(
      new VideoLibraryRepository(read.db, { pool: read.pool }),
      new CatalogService(new CatalogRepository(read.db)),
      (userId, feature) => membership.requireFeature(userId, feature),
      cachedTierOf((id) => membership.tierOf(id)),
      (userId, rows) => collect.decorateVideos(userId, rows),
    );
    services.set(ctx, service);
  }
  return service;
}

/**
 * The video libraries (issue #26 item 5; docs/api/video-library.md): GET /api/searchVideo answers both screens,
 * 视频搜索 (`video`) and 短视频库 (`videoShort`, short=1). With export=1 the export module answers it as a file
 * (LIST_CALLS, export.registry.ts; export path searchVideo of §7.6).
 */
export function registerVideoLibraryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = videoLibraryServiceOf(ctx);
  app.get(
    '/api/searchVideo',
    doc({
      tag: 'videos',
      summary: '视频搜索 / 短视频库（export=1 时为 Excel 文件）',
      description:
        '关键词、分区、时长、播放数、点赞数、发布时间筛选，按最新发布、播放或点赞排序，最多翻阅前1000条；short=1 为短视频库（初级版及以上）。',
      query: VideoSearchParams,
    }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.search(userId, parseParams(VideoSearchParams, request.query)));
    },
  );
}
