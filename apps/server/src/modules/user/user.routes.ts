import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';
import { doc } from '../../lib/route-doc.js';

/** GET /api/user/userInfo (spec §7.1): the signed-in user's info (§3). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const users = new UserService(new UserRepository(ctx.db));

  app.get('/api/user/userInfo', doc({ tag: 'user', summary: '当前用户信息' }), async (request) => {
    const { userId } = await app.requireUser(request);
    return ok({ userInfoMap: await users.getUserInfo(userId) });
  });
}
