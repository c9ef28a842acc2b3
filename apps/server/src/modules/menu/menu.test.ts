import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, COMPONENT_KEYS, Msg, type MenuRoute } from '@xg/shared';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { MENU_ROWS, seedMenus } from '../../db/seed/menus.js';

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo-free', 'demo-pro', 'demo-sub']) {
    const res = await t.call('POST', '/api/gologin', { loginname: `${who}@example.com`, loginpwd: TEST_DEMO_PASSWORD });
    tokens.set(who, String(res.body.user_token));
  }
});
afterAll(async () => {
  await t.close();
});

const token = (who: string) => tokens.get(who) ?? '';

function paths(routes: readonly MenuRoute[]): string[] {
  return routes.flatMap((r) => [r.path, ...paths(r.children)]);
}
function components(routes: readonly MenuRoute[]): string[] {
  return routes.flatMap((r) => [r.component, ...components(r.children)]);
}

describe('GET /api/getMenu', () => {
  it('answers the search group for a free user, with only known component keys', async () => {
    const res = await t.call('GET', '/api/getMenu', {}, { token: token('demo-free') });
    expect(res.body.code).toBe(ApiCode.OK);
    const menus = res.body.menus as MenuRoute[];
    const search = menus.find((m) => m.path === '/search');
    expect(search).toMatchObject({
      name: 'search',
      component: 'layout',
      redirect: '/search/upSearch',
      hidden: false,
      meta: { id: 100, title: '数据搜索', icon: 'SearchOutlined', tag: null, parentTitle: null },
    });
    expect(search?.children).toEqual(
      expect.arrayContaining([
        {
          path: '/search/upSearch',
          name: 'upSearch',
          component: 'upSearch',
          redirect: null,
          hidden: false,
          meta: { id: 101, title: 'UP主搜索', icon: null, tag: null, parentTitle: '数据搜索' },
          children: [],
        },
        {
          path: '/search/upSearch/detail',
          name: 'upSearchDetail',
          component: 'detail',
          redirect: null,
          hidden: true,
          meta: { id: 102, title: 'UP主详情', icon: null, tag: null, parentTitle: 'UP主搜索' },
          children: [],
        },
      ]),
    );
    expect(String(res.body.openMenus).split(',')).toContain('/search');
    const known = new Set<string>([...COMPONENT_KEYS, 'layout']);
    for (const path of components(menus)) expect(known.has(path), path).toBe(true);
  });

  it('seeds only known component keys', () => {
    const known = new Set<string>([...COMPONENT_KEYS, 'layout']);
    for (const row of MENU_ROWS) expect(known.has(row.component), row.component).toBe(true);
  });

  describe('with rows gated by tier', () => {
    beforeAll(async () => {
      await t.ctx.db
        .insertInto('menus')
        .values([
          {
            id: 9900,
            parent_id: null,
            path: '/gated',
            name: 'gated',
            component: 'layout',
            title: '专业',
            min_user_type: 2,
            open_default: true,
            sort: 9900,
          },
          {
            id: 9901,
            parent_id: 9900,
            path: '/gated/a',
            name: 'gatedA',
            component: 'upRank',
            title: 'A',
            min_user_type: 2,
            sort: 9901,
          },
          {
            id: 9902,
            parent_id: 100,
            path: '/search/off',
            name: 'off',
            component: 'upRank',
            title: '停用',
            enabled: false,
            sort: 103,
          },
          {
            id: 9903,
            parent_id: 100,
            path: '/search/ent',
            name: 'ent',
            component: 'upRank',
            title: '企业',
            min_user_type: 3,
            sort: 104,
          },
        ])
        .execute();
    });

    it('shows a row only to tiers at or above its min_user_type, and never a disabled one', async () => {
      const free = await t.call('GET', '/api/getMenu', {}, { token: token('demo-free') });
      const freePaths = paths(free.body.menus as MenuRoute[]);
      expect(freePaths).toContain('/search/upSearch');
      for (const hidden of ['/gated', '/gated/a', '/search/off', '/search/ent'])
        expect(freePaths).not.toContain(hidden);
      const pro = await t.call('GET', '/api/getMenu', {}, { token: token('demo-pro') });
      const proPaths = paths(pro.body.menus as MenuRoute[]);
      expect(proPaths).toEqual(expect.arrayContaining(['/search', '/search/upSearch', '/gated', '/gated/a']));
      expect(proPaths).not.toContain('/search/ent');
      expect(proPaths).not.toContain('/search/off');
      expect(String(pro.body.openMenus).split(',')).toEqual(expect.arrayContaining(['/search', '/gated']));
    });

    it('gives a sub-account its parent’s menus', async () => {
      const sub = await t.call('GET', '/api/getMenu', {}, { token: token('demo-sub') });
      expect(paths(sub.body.menus as MenuRoute[])).toContain('/search/ent');
    });

    it('GET /api/getMenuPrivilege allows a visible menu and refuses others with −1', async () => {
      const allowed = await t.call('GET', '/api/getMenuPrivilege', { menuId: 101 }, { token: token('demo-free') });
      expect(allowed.body).toEqual({ code: ApiCode.OK, message: Msg.ok, privileges: [{ menuId: 101, allowed: true }] });
      for (const menuId of [9901, 9902, 99999]) {
        const refused = await t.call('GET', '/api/getMenuPrivilege', { menuId }, { token: token('demo-free') });
        expect(refused.body).toEqual({ code: ApiCode.FAIL, message: Msg.menuForbidden });
      }
      const pro = await t.call('GET', '/api/getMenuPrivilege', { menuId: 9901 }, { token: token('demo-pro') });
      expect(pro.body.code).toBe(ApiCode.OK);
      const bad = await t.call('GET', '/api/getMenuPrivilege', { menuId: 'abc' }, { token: token('demo-free') });
      expect(bad.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.badRequest });
    });
  });
});

describe('seedMenus', () => {
  it('is idempotent and restores edited seed rows', async () => {
    await t.ctx.db.updateTable('menus').set({ title: 'edited' }).where('id', '=', 101).execute();
    await seedMenus(t.ctx.db);
    await seedMenus(t.ctx.db);
    const rows = await t.ctx.db
      .selectFrom('menus')
      .select(['id', 'title'])
      .where('id', '<=', 102)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 100, title: '数据搜索' },
      { id: 101, title: 'UP主搜索' },
      { id: 102, title: 'UP主详情' },
    ]);
  });
});
