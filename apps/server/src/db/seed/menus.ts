import { MenuRepository, type MenuSeedRow } from '../../modules/menu/menu.repository.js';
import type { Db } from '../client.js';

/**
 * The menu rows of the screens that exist now (spec §2.5), upserted by id on every start.
 *
 * Later issues add their rows here as their screens land. The server must only send component keys whose
 * screens exist in the web app (an unknown key shows the not-found page), so a row is added together with
 * its screen, never ahead of it. Top-level rows are groups with component 'layout'; ids are grouped by
 * hundreds (1xx search, 2xx …) so rows can be added without renumbering.
 */
export const MENU_ROWS: readonly MenuSeedRow[] = [
  {
    id: 100,
    parentId: null,
    path: '/search',
    name: 'search',
    component: 'layout',
    redirect: '/search/upSearch',
    hidden: false,
    title: '数据搜索',
    icon: 'SearchOutlined',
    tag: null,
    parentTitle: null,
    openDefault: true,
    sort: 100,
    minUserType: 0,
  },
  {
    id: 101,
    parentId: 100,
    path: '/search/upSearch',
    name: 'upSearch',
    component: 'upSearch',
    redirect: null,
    hidden: false,
    title: 'UP主搜索',
    icon: null,
    tag: null,
    parentTitle: '数据搜索',
    openDefault: false,
    sort: 101,
    minUserType: 0,
  },
  {
    // A hidden sibling of the list (not its child): the list screen has no nested router outlet, and the
    // breadcrumb comes from meta.parentTitle anyway.
    id: 102,
    parentId: 100,
    path: '/search/upSearch/detail',
    name: 'upSearchDetail',
    component: 'detail',
    redirect: null,
    hidden: true,
    title: 'UP主详情',
    icon: null,
    tag: null,
    parentTitle: 'UP主搜索',
    openDefault: false,
    sort: 102,
    minUserType: 0,
  },
];

/** Upserts MENU_ROWS (ON CONFLICT (id) DO UPDATE); `enabled` is left to operators. */
export async function seedMenus(db: Db): Promise<void> {
  await new MenuRepository(db).upsert(MENU_ROWS);
}
