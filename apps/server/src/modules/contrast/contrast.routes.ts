import type { FastifyInstance } from 'fastify';
import {
  ContrastMsg,
  contrastIdParams,
  contrastRecordListParams,
  kolContrastParams,
  setIntentionParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { limitedCaller } from '../auth/rate-limiter.js';
import { TEAM_OWNED, collectServiceOf } from '../collect/collect.routes.js';
import { CollectorRepository } from '../collector/collector.repository.js';
import { ViewedMarker } from '../creators/viewed.js';
import { membershipServices } from '../membership/membership.services.js';
import { UserRepository } from '../user/user.repository.js';
import { ContrastRepository } from './contrast.repository.js';
import { ContrastService, type ContrastServiceOptions } from './contrast.service.js';
import { doc } from '../../lib/route-doc.js';

/** Requests per signed-in user per minute on the comparison calls (the monthly quota bounds generation anyway). */
export const CONTRAST_RATE_LIMIT = 240;

const services = new WeakMap<AppContext, ContrastService>();

/**
 * The comparison service of an app context, one per context (as collectServiceOf): how another module's routes
 * reach it, e.g. the PDF route in modules/contrast-pdf — `contrastServiceOf(ctx).reportFor(userId, contrastId)`.
 * `options` only count on the first call for a context (the comparison routes make that call at registration).
 */
export function contrastServiceOf(ctx: AppContext, options: Partial<ContrastServiceOptions> = {}): ContrastService {
  let service = services.get(ctx);
  if (!service) {
    const { quotas } = membershipServices(ctx);
    service = new ContrastService(
      new ContrastRepository(ctx.db),
      new UserRepository(ctx.db),
      quotas,
      collectServiceOf(ctx),
      {
        adviserPhone: ctx.config.site.companyPhone,
        ...options,
      },
    );
    services.set(ctx, service);
  }
  return service;
}

/**
 * Comparison reports (spec §2.7, §3, §4, §7.5; docs/api/contrast.md): POST /api/user/kolContrast,
 * GET /api/user/kolContrastResult, POST /api/user/setIntention, GET /api/user/contrastRecordList,
 * GET /api/user/delContrastRecord. GET /api/user/getContrastCount lives in modules/membership.
 */
export function registerContrastRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = contrastServiceOf(ctx, {
    onBuildError: (err) => app.log.error({ err }, 'comparison report failed to build (quota given back)'),
  });
  const collector = new CollectorRepository(ctx.db);
  const viewed = new ViewedMarker((id, now) => collector.markViewed(id, now));
  const caller = limitedCaller(app, CONTRAST_RATE_LIMIT);

  app.post(
    '/api/user/kolContrast',
    doc(
      { tag: 'contrast', summary: '生成UP主对比报告（2–5位，按月额度，§4 flag 0–3）', body: kolContrastParams },
      TEAM_OWNED,
    ),
    async (request) => {
      const userId = await caller(request);
      const { kolIds } = parseParams(kolContrastParams, request.body);
      const outcome = await service.create(userId, kolIds);
      if (outcome.id !== null) {
        // compared creators are collected more often while viewed; the answer does not wait for it
        for (const id of kolIds.split(',').map(Number)) {
          viewed.mark(id).catch((err: unknown) => request.log.warn({ err, kolId: id }, 'markViewed failed'));
        }
      }
      return ok({ ...outcome }, outcome.tip ?? undefined);
    },
  );

  app.get(
    '/api/user/kolContrastResult',
    doc({ tag: 'contrast', summary: '对比报告结果', query: contrastIdParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { contrastId } = parseParams(contrastIdParams, request.query);
      return ok({ ...(await service.result(userId, contrastId)) });
    },
  );

  app.post(
    '/api/user/setIntention',
    doc({ tag: 'contrast', summary: '设为意向UP主', body: setIntentionParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { contrastId, intentionKolId } = parseParams(setIntentionParams, request.body);
      await service.setIntention(userId, contrastId, intentionKolId);
      return ok({ contrastId, intentionKolId, isAdmire: 1 }, ContrastMsg.intentionSet);
    },
  );

  app.get(
    '/api/user/contrastRecordList',
    doc({ tag: 'contrast', summary: '对比记录列表', query: contrastRecordListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.list(userId, parseParams(contrastRecordListParams, request.query))) });
    },
  );

  app.get(
    '/api/user/delContrastRecord',
    doc({ tag: 'contrast', summary: '删除对比记录', query: contrastIdParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { contrastId } = parseParams(contrastIdParams, request.query);
      await service.remove(userId, contrastId);
      return ok({ contrastId }, ContrastMsg.deleted);
    },
  );
}
