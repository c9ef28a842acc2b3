import type { MenuRoute } from '@xg/shared';

/** Group entries of the menu carry this component key; their children are the real pages (§2.5). */
export const LAYOUT_COMPONENT = 'layout';

/** What a route tells the shell: page title, permission id and breadcrumb parents. */
export interface RouteHandle {
  title: string;
  /** meta.id of the menu route: the permission check runs on it. */
  menuId?: number;
  parentTitle?: string | null;
  groupTitle?: string | null;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}

export interface MenuPage {
  route: MenuRoute;
  group: MenuRoute | null;
}

/** Every page route of the menu tree (groups excluded), hidden ones included. */
export function menuPages(menus: readonly MenuRoute[]): MenuPage[] {
  const pages: MenuPage[] = [];
  const walk = (entries: readonly MenuRoute[], group: MenuRoute | null): void => {
    for (const entry of entries) {
      if (entry.component === LAYOUT_COMPONENT || (entry.children.length > 0 && !entry.component)) {
        walk(entry.children, entry);
      } else {
        pages.push({ route: entry, group });
        if (entry.children.length > 0) walk(entry.children, group);
      }
    }
  };
  walk(menus, null);
  return pages;
}

/** Where `/` goes for a signed-in user: the first visible page of the menu. */
export function firstVisiblePath(menus: readonly MenuRoute[]): string | null {
  const page = menuPages(menus).find(({ route, group }) => !route.hidden && !(group?.hidden ?? false));
  return page?.route.path ?? null;
}

/** The menu ids the user is granted. */
export function grantedMenuIds(menus: readonly MenuRoute[]): ReadonlySet<number> {
  const ids = new Set<number>();
  const walk = (entries: readonly MenuRoute[]): void => {
    for (const entry of entries) {
      ids.add(entry.meta.id);
      walk(entry.children);
    }
  };
  walk(menus);
  return ids;
}

/** Permission check on the route meta id (§2.5): a route outside the user's menu is not found. */
export function hasMenuPermission(granted: ReadonlySet<number>, menuId: number | undefined): boolean {
  return menuId === undefined || granted.has(menuId);
}

/** Paths of the groups that start open (`openMenus`, comma-separated). */
export function parseOpenMenus(openMenus: string): string[] {
  return openMenus
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
