import type { FastifyInstance } from 'fastify';
import { BuyPriceParams, ExcelResidueParams, FreeVipApplyParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { expireMemberships, EXPIRE_MEMBERSHIPS_JOB } from './membership.jobs.js';
import { membershipServices } from './membership.services.js';
import { doc } from '../../lib/route-doc.js';

/** How often the expiry job runs in a server process (not in tests). */
export const MEMBERSHIP_JOB_INTERVAL_MS = 60_000;

/**
 * Membership (spec §3, §6, §7.2): prices, the feature policy, quotas, the free enterprise-tier promotion
 * and the caller's limits. Payment lives in modules/payment.
 */
export function registerMembershipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { membership, quotas, freeVip, users, limits } = membershipServices(ctx);

  app.get(
    '/api/buy/buyPrice',
    doc({ tag: 'membership', summary: '会员价格（type = 等级 + 1）', query: BuyPriceParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const { type } = parseParams(BuyPriceParams, request.query);
      return ok({ ...(await membership.buyPrice(userId, type)) });
    },
  );

  app.get(
    '/api/user/featurePolicy',
    doc({ tag: 'membership', summary: '功能权限表（各功能所需等级）' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok({ ...(await membership.featurePolicy(userId)) });
    },
  );

  app.get(
    '/api/user/getContrastCount',
    doc({ tag: 'membership', summary: '本月对比次数（remainCount、useCount）' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const status = await quotas.status(userId, 'contrast');
      return ok({ remainCount: status.remainCount, useCount: status.useCount, totalCount: status.totalCount });
    },
  );

  app.get(
    '/api/usage/excelResidueCount',
    doc({ tag: 'membership', summary: '本月剩余导出额度', query: ExcelResidueParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const { type } = parseParams(ExcelResidueParams, request.query);
      const status = await quotas.status(userId, 'export');
      return ok({
        data: {
          residueCount: status.remainCount,
          useCount: status.useCount,
          totalCount: status.totalCount,
          type: type ?? null,
        },
      });
    },
  );

  app.get('/api/freeVip/status', doc({ tag: 'membership', summary: '免费申请企业版：申请状态' }), async (request) => {
    const { userId } = await app.requireUser(request);
    return ok({ ...(await freeVip.status(userId)) });
  });

  app.post(
    '/api/freeVip/apply',
    doc({ tag: 'membership', summary: '免费申请企业版：提交申请', body: FreeVipApplyParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const form = parseParams(FreeVipApplyParams, request.body);
      const { message, ...state } = await freeVip.apply(userId, form);
      return ok({ ...state, userInfoMap: await users.getUserInfo(userId) }, message);
    },
  );

  /** §7.2 (content not specified): the caller's limits — tier, this month's quotas and the gates. */
  app.get('/api/operateLimitList', doc({ tag: 'membership', summary: '各版本操作额度表' }), async (request) => {
    const { userId } = await app.requireUser(request);
    return ok({ ...(await limits.operateLimits(userId)) });
  });

  // The expiry job: small and idempotent, every minute in a running server (the job system comes later).
  if (ctx.config.env !== 'test') {
    const timer = setInterval(() => {
      expireMemberships(ctx.db).then(
        (ids) => {
          if (ids.length) app.log.info({ job: EXPIRE_MEMBERSHIPS_JOB, count: ids.length }, 'memberships expired');
        },
        (err: unknown) => app.log.error({ err, job: EXPIRE_MEMBERSHIPS_JOB }, 'membership expiry failed'),
      );
    }, MEMBERSHIP_JOB_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
  }
}
