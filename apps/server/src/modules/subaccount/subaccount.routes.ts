import type { FastifyInstance } from 'fastify';
import { AccountMsg, SubAccountAddParams, SubAccountIdParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { limitedCaller } from '../auth/rate-limiter.js';
import { UserRepository } from '../user/user.repository.js';
import { UserService } from '../user/user.service.js';
import { SubAccountService } from './subaccount.service.js';
import { doc } from '../../lib/route-doc.js';

/** Requests per signed-in user per minute. */
export const SUBACCOUNT_RATE_LIMIT = 30;

/** Sub-accounts (spec §3, §6): add, list, unbind (by the parent) and leave (by the sub-account). */
export function registerSubAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const subs = new SubAccountService(ctx.db, new UserService(new UserRepository(ctx.db)));
  const caller = limitedCaller(app, SUBACCOUNT_RATE_LIMIT);

  app.post(
    '/api/user/subAccount/add',
    doc({ tag: 'subaccount', summary: '添加子账号', body: SubAccountAddParams }),
    async (request) => {
      const userId = await caller(request);
      const params = parseParams(SubAccountAddParams, request.body);
      return ok({ subAccount: await subs.add(userId, params) }, AccountMsg.addOk);
    },
  );

  app.get('/api/user/subAccount/list', doc({ tag: 'subaccount', summary: '子账号列表' }), async (request) => {
    const userId = await caller(request);
    return ok({ ...(await subs.list(userId)) });
  });

  app.post(
    '/api/user/subAccount/unbind',
    doc({ tag: 'subaccount', summary: '主账号解除子账号绑定', body: SubAccountIdParams }),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(SubAccountIdParams, request.body);
      await subs.unbind(userId, String(id));
      return ok({}, AccountMsg.subAccountUnbound);
    },
  );

  app.post('/api/user/subAccount/leave', doc({ tag: 'subaccount', summary: '子账号主动解除绑定' }), async (request) => {
    const userId = await caller(request);
    await subs.leave(userId);
    return ok({}, AccountMsg.subAccountUnbound);
  });
}
