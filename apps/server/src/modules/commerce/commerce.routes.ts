import type { FastifyInstance } from 'fastify';
import { GoodsDetailParams, GoodsOverviewParams, GoodsRankParams, GoodsSearchParams, SellKolParams } from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { doc } from '../../lib/route-doc.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { cachedTierOf } from '../creators/catalog.service.js';
import { requireFeature } from '../membership/gates.js';
import { membershipServices } from '../membership/membership.services.js';
import { CommerceRepository } from './commerce.repository.js';
import { CommerceService } from './commerce.service.js';

const services = new WeakMap<AppContext, CommerceService>();

/** The goods service of an app (one per context; the export lists read through it too). */
export function commerceServiceOf(ctx: AppContext): CommerceService {
  let service = services.get(ctx);
  if (!service) {
    const { membership } = membershipServices(ctx);
    // discovery reads (the replica while healthy; bounded by READ_STATEMENT_TIMEOUT_MS); the gates read the primary
    const read = discoveryReads(ctx);
    // read-only gates (nothing is spent or written here; an export is charged by the export module with the
    // uncached tier): the tier reused TIER_TTL_MS, as the other discovery screens (cachedTierOf)
    const tierOf = cachedTierOf((id) => membership.tierOf(id));
    service = new CommerceService(new CommerceRepository(read.db, { pool: read.pool }), async (userId, feature) =>
      requireFeature(await tierOf(userId), feature),
    );
    services.set(ctx, service);
  }
  return service;
}

/** The goods screens (issue #26; docs/api/commerce.md). `export=1` on search, rank and sellKol: Excel export. */
export function registerCommerceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = commerceServiceOf(ctx);

  app.get(
    '/api/goods/overview',
    doc({ tag: 'commerce', summary: '带货商品概览（初级版及以上）', query: GoodsOverviewParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.overview(userId, parseParams(GoodsOverviewParams, request.query)));
    },
  );

  app.get(
    '/api/goods/search',
    doc({ tag: 'commerce', summary: '商品搜索（export=1 时为 Excel 导出）', query: GoodsSearchParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.search(userId, parseParams(GoodsSearchParams, request.query)));
    },
  );

  app.get(
    '/api/goods/rank',
    doc({
      tag: 'commerce',
      summary: '商品排行：带货视频数 / 估算销量 / 带货播放（日、周、月）',
      query: GoodsRankParams,
    }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.rank(userId, parseParams(GoodsRankParams, request.query)));
    },
  );

  app.get(
    '/api/goods/detail',
    doc({ tag: 'commerce', summary: '商品详情：价格走势、带货视频与UP主、估算销量', query: GoodsDetailParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.detail(userId, parseParams(GoodsDetailParams, request.query)));
    },
  );

  app.get(
    '/api/goods/sellKol',
    doc({ tag: 'commerce', summary: '带货达人（专业版及以上）', query: SellKolParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok(await service.sellKols(userId, parseParams(SellKolParams, request.query)));
    },
  );
}
