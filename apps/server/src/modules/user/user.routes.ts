import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

/** GET /api/user/userInfo (spec §7.1): the signed-in user's info (§3). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const users = new UserService(new UserRepository(ctx.db));

  app.get('/api/user/userInfo', async (request) => {
    const { userId } = await app.requireUser(request);
    return ok({ userInfoMap: await users.getUserInfo(userId) });
  });
}
