import type { FastifyInstance } from 'fastify';
import { CompanyRankingParams, RankingDatesParams, RankingParams } from '@xg/shared';
import { discoveryReads, type AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { collectServiceOf } from '../collect/collect.routes.js';
import { cachedTierOf } from '../creators/catalog.service.js';
import { membershipServices } from '../membership/membership.services.js';
import { RankingsRepository } from './rankings.repository.js';
import { RankingsService } from './rankings.service.js';
import { doc } from '../../lib/route-doc.js';

/** Rankings: fans, increase, decrease, business and company (MCN) lists (docs/api/discovery.md §2). */
export function registerRankingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { membership } = membershipServices(ctx);
  const service = new RankingsService(
    new RankingsRepository(discoveryReads(ctx).db, discoveryReads(ctx).pool),
    (userId, feature) => membership.requireFeature(userId, feature),
    cachedTierOf((userId) => membership.tierOf(userId)),
  );

  app.get(
    '/api/ranking',
    doc({ tag: 'rankings', summary: '榜单（粉丝、涨掉粉、商业；export=1 时为 Excel 文件）', query: RankingParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const params = parseParams(RankingParams, request.query);
      const answer = await service.ranking(userId, params);
      return ok({ ...answer, rankings: await collectServiceOf(ctx).decorateKols(userId, answer.rankings) });
    },
  );

  app.get(
    '/api/companyRanking',
    doc({ tag: 'rankings', summary: '机构（MCN）榜', query: CompanyRankingParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const params = parseParams(CompanyRankingParams, request.query);
      return ok(await service.company(userId, params));
    },
  );

  app.get(
    '/api/rankingDates',
    doc({ tag: 'rankings', summary: '榜单可选日期与历史天数', query: RankingDatesParams }),
    async (request) => {
      await app.requireUser(request);
      const params = parseParams(RankingDatesParams, request.query);
      return ok({ ...(await service.dates(params)) });
    },
  );
}
