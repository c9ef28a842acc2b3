import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BrandDetailParams,
  BrandVideosParams,
  ExposureRankParams,
  ExposureSearchParams,
  SaleContrastParams,
  SaleReportParams,
  SaleSubjectsParams,
  ShareOfVoiceParams,
  type FeatureKey,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { doc } from '../../lib/route-doc.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { perMinute } from '../auth/rate-limiter.js';
import { membershipServices } from '../membership/membership.services.js';
import { registerBrandConsoleRoutes } from './brands.console.routes.js';
import { BrandsRepository } from './brands.repository.js';
import { BrandsService } from './brands.service.js';

/** Requests per signed-in user per minute on the brand and sales calls (each reads a window of detections). */
export const BRAND_RATE_LIMIT = 120;

const services = new WeakMap<AppContext, BrandsService>();
/** The app's one brands service (the routes and the export lists share it). */
export function brandsServiceOf(ctx: AppContext): BrandsService {
  let s = services.get(ctx);
  if (!s) {
    s = new BrandsService(new BrandsRepository(ctx.db));
    services.set(ctx, s);
  }
  return s;
}

/**
 * Brands and exposure (exposureRank, exposureSearch, brandDetail, brandVideos with evidence, shareOfVoice) behind
 * `commerce.brand`; sales reports (saleReport, saleContrast, saleSubjects) behind `commerce.sale`; the brand
 * dictionary of the operator console. docs/api/brands.md.
 */
export function registerBrandRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = brandsServiceOf(ctx);
  const { membership } = membershipServices(ctx);
  const limit = perMinute(BRAND_RATE_LIMIT);
  const member = async (request: FastifyRequest, feature: FeatureKey) => {
    const { userId } = await app.requireUser(request);
    limit.enforce(userId);
    await membership.requireFeature(userId, feature);
    return userId;
  };

  app.get(
    '/api/brand/exposureRank',
    doc({
      tag: 'brands',
      summary: '品牌曝光榜（商单视频数、提及次数、曝光播放；日/周/月榜）',
      query: ExposureRankParams,
    }),
    async (request) => {
      await member(request, 'commerce.brand');
      return ok({ ...(await service.exposureRank(parseParams(ExposureRankParams, request.query))) });
    },
  );
  app.get(
    '/api/brand/exposureSearch',
    doc({ tag: 'brands', summary: '品牌搜索（名称、别名、行业）', query: ExposureSearchParams }),
    async (request) => {
      await member(request, 'commerce.brand');
      return ok({ ...(await service.exposureSearch(parseParams(ExposureSearchParams, request.query))) });
    },
  );
  app.get(
    '/api/brand/brandDetail',
    doc({ tag: 'brands', summary: '品牌详情（概览、投放估算、趋势、分区、合作UP主）', query: BrandDetailParams }),
    async (request) => {
      await member(request, 'commerce.brand');
      return ok({ ...(await service.brandDetail(parseParams(BrandDetailParams, request.query))) });
    },
  );
  app.get(
    '/api/brand/brandVideos',
    doc({ tag: 'brands', summary: '品牌相关视频及判定依据（商单、提及）', query: BrandVideosParams }),
    async (request) => {
      await member(request, 'commerce.brand');
      return ok({ ...(await service.brandVideos(parseParams(BrandVideosParams, request.query))) });
    },
  );
  app.get(
    '/api/brand/shareOfVoice',
    doc({ tag: 'brands', summary: '竞品声量对比（2~5个品牌）', query: ShareOfVoiceParams }),
    async (request) => {
      await member(request, 'commerce.brand');
      return ok({ ...(await service.shareOfVoice(parseParams(ShareOfVoiceParams, request.query))) });
    },
  );

  app.get(
    '/api/sale/saleReport',
    doc({ tag: 'brands', summary: '带货销售报告（UP主或品牌；销量为估算区间）', query: SaleReportParams }),
    async (request) => {
      await member(request, 'commerce.sale');
      return ok({ ...(await service.saleReport(parseParams(SaleReportParams, request.query))) });
    },
  );
  app.get(
    '/api/sale/saleContrast',
    doc({ tag: 'brands', summary: '带货销售对比（2~5个UP主或品牌；销量为估算区间）', query: SaleContrastParams }),
    async (request) => {
      await member(request, 'commerce.sale');
      return ok({ ...(await service.saleContrast(parseParams(SaleContrastParams, request.query))) });
    },
  );
  app.get(
    '/api/sale/subjects',
    doc({ tag: 'brands', summary: '销售报告对象搜索（UP主或品牌，最多10个）', query: SaleSubjectsParams }),
    async (request) => {
      await member(request, 'commerce.sale');
      const p = parseParams(SaleSubjectsParams, request.query);
      return ok({ list: await service.subjects(p.type, p.keyword) });
    },
  );

  registerBrandConsoleRoutes(app, ctx);
}
