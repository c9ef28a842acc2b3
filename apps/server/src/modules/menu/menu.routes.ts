import type { FastifyInstance } from 'fastify';
import { MenuPrivilegeParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { UserRepository } from '../user/user.repository.js';
import { UserService } from '../user/user.service.js';
import { MenuRepository } from './menu.repository.js';
import { MenuService } from './menu.service.js';
import { doc } from '../../lib/route-doc.js';

/** GET /api/getMenu and GET /api/getMenuPrivilege (spec §2.5, §7.1), for signed-in users. */
export function registerMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const menus = new MenuService(new MenuRepository(ctx.db), new UserService(new UserRepository(ctx.db)));

  app.get(
    '/api/getMenu',
    doc({ tag: 'menu', summary: '按会员等级返回菜单路由（menus、openMenus）' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const tree = await menus.getMenus(userId);
      return ok({ menus: tree.menus, openMenus: tree.openMenus });
    },
  );

  app.get(
    '/api/getMenuPrivilege',
    doc({ tag: 'menu', summary: '某个菜单的操作权限（按 menuId）', query: MenuPrivilegeParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const { menuId } = parseParams(MenuPrivilegeParams, request.query);
      return ok({ privileges: await menus.getPrivileges(userId, menuId) });
    },
  );
}
