import type { FastifyInstance } from 'fastify';
import {
  BasicDataParams,
  BusinessSortParams,
  KeywordSuggestParams,
  KolFanEventsParams,
  KolIdParams,
  KolRefParams,
  KolSearchParams,
  KolTrendParams,
  KolVideosParams,
  QueryKolParams,
  TidParams,
} from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { collectServiceOf } from '../collect/collect.routes.js';
import { CollectorRepository } from '../collector/collector.repository.js';
import { membershipServices } from '../membership/membership.services.js';
import { CatalogRepository } from './catalog.repository.js';
import { CatalogService, cachedTierOf } from './catalog.service.js';
import { CreatorRepository } from './creators.repository.js';
import { CreatorService } from './creators.service.js';
import { KolSearchRepository } from './search.repository.js';
import { KolSearchService } from './search.service.js';
import { CreatorSectionsRepository } from './sections.repository.js';
import { CreatorSectionsService } from './sections.service.js';
import { ViewedMarker } from './viewed.js';
import { doc } from '../../lib/route-doc.js';
import { userGet } from '../../lib/user-get.js';

/**
 * Creator search, filters, suggestions, detail and its sections (spec §3, §5, §7.3; docs/api/discovery.md).
 * All need a signed-in user.
 */
export function registerCreatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { membership } = membershipServices(ctx);
  const gate = (userId: string, feature: Parameters<typeof membership.requireFeature>[1]) =>
    membership.requireFeature(userId, feature);
  // discovery reads: the replica while it is healthy (db/read-replica.ts); lists, quotas, gates: the primary
  const read = discoveryReads(ctx);
  // a creator's bundle is read once for the detail page's calls, kept config.detailShareMs (in flight only in tests)
  const service = new CreatorService(new CreatorRepository(read.db, read.pool), ctx.config.detailShareMs);
  const catalog = new CatalogService(new CatalogRepository(read.db));
  // built on the first search, or at start by main.ts in API processes: searches run on SQL until it is ready
  const index = ctx.searchIndex ?? null;
  const search = new KolSearchService(read.db, new KolSearchRepository(read.db), catalog, gate, read.pool, index);
  const collector = new CollectorRepository(ctx.db);
  const lists = collectServiceOf(ctx);
  const viewed = new ViewedMarker((id, now) => collector.markViewed(id, now));
  const sections = new CreatorSectionsService(
    read.db,
    new CreatorSectionsRepository(read.db, read.pool),
    service,
    gate,
    cachedTierOf((id) => membership.tierOf(id)),
    read.pool,
  );

  app.get(
    '/api/searchKol',
    doc({ tag: 'creators', summary: 'UP主搜索（筛选、排序、分页）', query: KolSearchParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const params = parseParams(KolSearchParams, request.query);
      const answer = await search.searchKol(userId, params);
      return ok({ ...answer, kolInfos: await lists.decorateKols(userId, answer.kolInfos) });
    },
  );

  app.get(
    '/api/searchKeyword',
    doc({ tag: 'creators', summary: '搜索联想词', query: KeywordSuggestParams }),
    async (request) => {
      await app.requireUser(request);
      const { keyword } = parseParams(KeywordSuggestParams, request.query);
      return ok({ keywords: await search.suggest(keyword) });
    },
  );

  app.get(
    '/api/searchFilter',
    doc({ tag: 'creators', summary: '搜索筛选项（基础数据 type 7：分区、报价区间、粉丝区间）' }),
    async (request) => {
      await app.requireUser(request);
      return ok(await search.filterOptions());
    },
  );

  app.get(
    '/api/basicData',
    doc({
      tag: 'creators',
      summary: '基础数据 type 7：分区树、报价区间、粉丝区间（§7.3；与 searchFilter 同源）',
      query: BasicDataParams,
    }),
    async (request) => {
      await app.requireUser(request);
      parseParams(BasicDataParams, request.query);
      const { themeInfos, businessPriceBasicDatas, fansNumBasicDatas } = await search.filterOptions();
      return ok({ themeInfos, businessPriceBasicDatas, fansNumBasicDatas });
    },
  );

  userGet(
    app,
    '/api/twoSortFlag',
    { tag: 'creators', summary: '分区树（二级分区）', query: TidParams },
    async ({ tid }) => ({ themeInfos: await search.twoSortFlag(tid) }),
  );

  app.get(
    '/api/searchBusinessSort',
    doc({ tag: 'creators', summary: '按商业价值排序的UP主（专业版及以上）', query: BusinessSortParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const params = parseParams(BusinessSortParams, request.query);
      const answer = await search.businessSort(userId, params);
      return ok({ ...answer, kolInfos: await lists.decorateKols(userId, answer.kolInfos) });
    },
  );

  app.post(
    '/api/queryKol',
    doc({ tag: 'creators', summary: '按名称或UID查UP主（type 0 用于对比）', body: QueryKolParams }),
    async (request) => {
      await app.requireUser(request);
      const params = parseParams(QueryKolParams, request.body);
      return ok({ kolInfos: await search.queryKol(params) });
    },
  );

  app.get('/api/kolDetail', doc({ tag: 'creators', summary: 'UP主详情', query: KolIdParams }), async (request) => {
    const { userId } = await app.requireUser(request);
    const { kolId } = parseParams(KolIdParams, request.query);
    const [kolInfo] = await lists.decorateKols(userId, [await sections.detail(userId, kolId)]);
    // the answer does not wait for the collector's bookkeeping; a failure is only logged
    viewed.mark(kolId).catch((err: unknown) => request.log.warn({ err, kolId }, 'markViewed failed'));
    return ok({ kolInfo });
  });

  userGet(app, '/api/kolTrend', { tag: 'creators', summary: 'UP主粉丝与播放趋势', query: KolTrendParams }, (params) =>
    service.trend(params),
  );

  userGet(app, '/api/kolVideos', { tag: 'creators', summary: 'UP主的视频列表', query: KolVideosParams }, (params) =>
    sections.videos(params),
  );

  userGet(app, '/api/kolFanEvents', { tag: 'creators', summary: 'UP主粉丝异动', query: KolFanEventsParams }, (params) =>
    sections.fanEvents(params),
  );

  userGet(
    app,
    '/api/kolPortrait',
    { tag: 'creators', summary: 'UP主粉丝画像（专业版及以上）', query: KolRefParams },
    ({ kolId }, userId) => sections.portrait(userId, kolId),
  );

  userGet(
    app,
    '/api/kolCommercial',
    { tag: 'creators', summary: 'UP主商业价值评估（专业版及以上）', query: KolRefParams },
    ({ kolId }, userId) => sections.commercial(userId, kolId),
  );

  userGet(app, '/api/similarKol', { tag: 'creators', summary: '相似UP主', query: KolRefParams }, ({ kolId }) =>
    sections.similar(kolId),
  );
}
