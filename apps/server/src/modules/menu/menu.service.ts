import { Msg, type MenuRoute } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { UserService } from '../user/user.service.js';
import type { MenuRepository, MenuRow } from './menu.repository.js';

export interface MenuTree {
  menus: MenuRoute[];
  /** comma-joined paths of the top-level groups open by default */
  openMenus: string;
}

export interface MenuPrivilege {
  menuId: number;
  allowed: boolean;
}

/**
 * Builds the rows a tier may see into the route tree of spec §2.5. A row whose parent is not visible is
 * left out with it, so a tier never receives a route without its group.
 */
export function buildMenuTree(rows: readonly MenuRow[]): MenuTree {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const toRoute = (row: MenuRow): MenuRoute => ({
    path: row.path,
    name: row.name,
    component: row.component,
    redirect: row.redirect,
    hidden: row.hidden,
    meta: { id: row.id, title: row.title, icon: row.icon, tag: row.tag, parentTitle: row.parentTitle },
    children: (byParent.get(row.id) ?? []).map(toRoute),
  });
  const groups = byParent.get(null) ?? [];
  return {
    menus: groups.map(toRoute),
    openMenus: groups
      .filter((g) => g.openDefault)
      .map((g) => g.path)
      .join(','),
  };
}

/** Flattens a tree back to its menu ids. */
function treeIds(routes: readonly MenuRoute[]): Set<number> {
  const ids = new Set<number>();
  const walk = (list: readonly MenuRoute[]) => {
    for (const r of list) {
      ids.add(r.meta.id);
      walk(r.children);
    }
  };
  walk(routes);
  return ids;
}

/** Menus per tier (GET /api/getMenu) and per-menu privileges (GET /api/getMenuPrivilege). */
export class MenuService {
  constructor(
    private readonly menus: MenuRepository,
    private readonly users: UserService,
  ) {}

  async getMenus(userId: string): Promise<MenuTree> {
    const { userType } = await this.users.getEffectiveTier(userId);
    return buildMenuTree(await this.menus.listForTier(userType));
  }

  /**
   * The actions of one menu the user's tier may use. Menus carry no per-action rows yet, so the answer is
   * the menu itself: allowed when the user's menu tree holds it, otherwise a −1 failure. Screens that gate
   * single actions (export, PDF…) add their entries here as they land.
   */
  async getPrivileges(userId: string, menuId: number): Promise<MenuPrivilege[]> {
    const { menus } = await this.getMenus(userId);
    if (!treeIds(menus).has(menuId)) throw AppError.fail(Msg.menuForbidden);
    return [{ menuId, allowed: true }];
  }
}
