import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Msg, VERSION_QUERY_FIELD, isPublicPath, referrerPolicyFor, type MenuRoute } from '@xg/shared';
import { errorText, isApiError } from '../lib/api-client';
import { privilegeAllows, useMenuPrivilege } from './menu-privilege';
import { PageLoading } from '../components/page-loading';
import { setDocumentTitle, setReferrerMeta } from '../lib/document-head';
import { clearSession, isLoggedOutByUser, useAccessToken } from '../lib/session';
import { useSiteConfig } from '../lib/site-config';
import { useMenu, type MenuData } from '../features/auth/api/get-menu';
import {
  LAYOUT_COMPONENT,
  firstVisiblePath,
  grantedMenuIds,
  hasMenuPermission,
  isRouteHandle,
  menuPages,
  type RouteHandle,
} from './menu-model';
import { Redirect } from './redirect';

/*
 * Every layout and page loads on demand: the public site (landing, about, sign-in) never loads the signed-in
 * layout, and the signed-in shell never loads the landing page (issue #18, bundle budgets in
 * e2e/bundle-budget.e2e.ts).
 */
const PublicLayout = lazy(() => import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout })));
const SignedInLayout = lazy(() => import('./layouts/signed-in-layout').then((m) => ({ default: m.SignedInLayout })));
const UserLayout = lazy(() => import('./layouts/user-layout').then((m) => ({ default: m.UserLayout })));
const IndexPage = lazy(() => import('./pages/index-page').then((m) => ({ default: m.IndexPage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const NotFound = lazy(() => import('../components/not-found').then((m) => ({ default: m.NotFound })));
const NoPermissionPage = lazy(() =>
  import('./pages/no-permission-page').then((m) => ({ default: m.NoPermissionPage })),
);
const ServiceUnavailablePage = lazy(() =>
  import('./pages/service-unavailable-page').then((m) => ({ default: m.ServiceUnavailablePage })),
);

/**
 * The signed-in pages by component key, with their ~30 loaders and the preload lists of their chunks: loaded
 * with the menu (a signed-in visit starts it with the menu fetch, see AppRoutes), never by the public pages.
 */
const loadRegistry = () => import('./route-registry');
const RegistryPage = lazy(() => loadRegistry().then((m) => ({ default: m.RegistryPage })));

const AboutPage = lazy(() => import('../features/home/components/about-page').then((m) => ({ default: m.AboutPage })));
const SignInPage = lazy(() =>
  import('../features/auth/components/sign-in-page').then((m) => ({ default: m.SignInPage })),
);

const ClassroomListPage = lazy(() =>
  import('../features/classroom/components/classroom-list-page').then((m) => ({ default: m.ClassroomListPage })),
);
const ClassroomDetailPage = lazy(() =>
  import('../features/classroom/components/classroom-detail-page').then((m) => ({ default: m.ClassroomDetailPage })),
);
const PromoPage = lazy(() => import('../features/home/components/promo-page').then((m) => ({ default: m.PromoPage })));
const ConsolePage = lazy(() =>
  import('../features/console/components/console-page').then((m) => ({ default: m.ConsolePage })),
);
const SqueezeRoute = lazy(() => import('./pages/squeeze-route').then((m) => ({ default: m.SqueezeRoute })));

const NOT_FOUND_HANDLE: RouteHandle = { title: '页面不存在' };

function RequirePermission({
  granted,
  menuId,
  children,
}: {
  granted: ReadonlySet<number>;
  menuId: number;
  children: ReactNode;
}) {
  if (!hasMenuPermission(granted, menuId)) return <NotFound />;
  return <ServerPrivilege menuId={menuId}>{children}</ServerPrivilege>;
}

/** The server's per-menu check (GET /api/getMenuPrivilege, §2.5 / §6) before the screen renders. */
function ServerPrivilege({ menuId, children }: { menuId: number; children: ReactNode }) {
  const privilege = useMenuPrivilege(menuId);
  if (privilege.isPending) return <PageLoading />;
  if (privilege.isError) {
    // a refusal (−1) closes the page; a failed call (network, 5xx) leaves it to the page's own calls
    return isApiError(privilege.error) && privilege.error.kind === 'envelope' ? (
      <NoPermissionPage message={errorText(privilege.error)} />
    ) : (
      children
    );
  }
  return privilegeAllows(privilege.data.privileges, menuId) ? (
    children
  ) : (
    <NoPermissionPage message={Msg.menuForbidden} />
  );
}

function menuRoutes(menus: readonly MenuRoute[]): RouteObject[] {
  const granted = grantedMenuIds(menus);
  const pages = menuPages(menus);
  const pagePaths = new Set(pages.map((page) => page.route.path));
  const routes: RouteObject[] = pages.map(({ route, group }) => ({
    path: route.path,
    element: (
      <RequirePermission granted={granted} menuId={route.meta.id}>
        <RegistryPage componentKey={route.component} />
      </RequirePermission>
    ),
    handle: {
      title: route.meta.title,
      menuId: route.meta.id,
      parentTitle: route.meta.parentTitle,
      groupTitle: group?.meta.title ?? null,
    } satisfies RouteHandle,
  }));
  // A group path goes to its redirect, else to its first visible child.
  for (const group of menus) {
    if (group.component !== LAYOUT_COMPONENT || pagePaths.has(group.path)) continue;
    const target = group.redirect || firstVisiblePath(group.children);
    if (target)
      routes.push({
        path: group.path,
        element: <Redirect to={{ pathname: target }} />,
        handle: { title: group.meta.title },
      });
  }
  return routes;
}

function buildRoutes(menuData: MenuData | undefined): RouteObject[] {
  const publicRoutes: RouteObject[] = [
    { path: '/index', element: <IndexPage />, handle: { title: '首页' } },
    { path: '/index2', element: <IndexPage />, handle: { title: '首页' } },
    { path: '/about', element: <AboutPage />, handle: { title: '关于我们' } },
    { path: '/502', element: <ServiceUnavailablePage />, handle: { title: '服务暂时不可用' } },
    { path: '/classroom', element: <Redirect to={{ pathname: '/classroom/list' }} />, handle: { title: '内容报告' } },
    { path: '/classroom/list', element: <ClassroomListPage />, handle: { title: '内容报告' } },
    { path: '/classroom/detail', element: <ClassroomDetailPage />, handle: { title: '报告详情' } },
    { path: '/marketDataCus', element: <PromoPage kind="marketDataCus" />, handle: { title: '营销数据服务' } },
    { path: '/customPage', element: <PromoPage kind="customPage" />, handle: { title: '视频推广账号涨粉' } },
    { path: '/squeezeUp', element: <SqueezeRoute kind="up" />, handle: { title: 'UP主搜索' } },
    { path: '/squeezeRank', element: <SqueezeRoute kind="rank" />, handle: { title: '涨粉榜' } },
  ];
  const home = menuData ? firstVisiblePath(menuData.menus) : null;
  const routes: RouteObject[] = [
    { element: <UserLayout />, children: [{ path: '/login', element: <SignInPage />, handle: { title: '登录' } }] },
    { element: <PublicLayout />, children: publicRoutes },
    { path: '/', element: <Redirect to={{ pathname: home ?? '/index' }} /> },
  ];
  if (menuData) {
    // the operator console: its own layout; the server answers 403 to every account that is not an operator
    routes.push({ path: '/console', element: <ConsolePage />, handle: { title: '运营后台' } });
    routes.push({
      element: <SignedInLayout menus={menuData.menus} openMenus={menuData.openMenus} />,
      children: [...menuRoutes(menuData.menus), { path: '*', element: <NotFound />, handle: NOT_FOUND_HANDLE }],
    });
  } else {
    routes.push({
      element: <PublicLayout />,
      children: [{ path: '*', element: <NotFoundPage />, handle: NOT_FOUND_HANDLE }],
    });
  }
  return routes;
}

/** The wanted path and query for the redirect field, without the version field. */
function wantedPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(VERSION_QUERY_FIELD);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/**
 * The routes and the route guard of §2.5:
 * - without a token only public paths pass; others go to /index?redirect=<wanted path>;
 * - with a token and no menu yet: fetch it, build the routes from the component keys, then resolve the same
 *   location again; if the fetch fails, log out (→ /index with the redirect);
 * - with the menu: a route outside the user's menu is not found (permission check on meta id).
 * Every navigation sets the page title and the referrer policy.
 */
export function AppRoutes() {
  const location = useLocation();
  const token = useAccessToken();
  const menuQuery = useMenu(token);
  const { data: site } = useSiteConfig();
  const menuData = token ? menuQuery.data : undefined;
  // the page registry downloads alongside the menu rather than after it
  useEffect(() => {
    if (token) void loadRegistry();
  }, [token]);
  const routes = useMemo(() => buildRoutes(menuData), [menuData]);
  const element = useRoutes(routes, location);

  const publicPath = isPublicPath(location.pathname);
  const gate: 'pass' | 'sign-in' | 'loading' = publicPath ? 'pass' : !token ? 'sign-in' : menuData ? 'pass' : 'loading';

  const menuFailed = token !== null && !publicPath && menuQuery.isError;
  useEffect(() => {
    if (menuFailed) clearSession(); // → no token → /index?redirect=…
  }, [menuFailed]);

  const matches = gate === 'pass' ? matchRoutes(routes, location) : null;
  const handle: unknown = matches?.at(-1)?.route.handle;
  const routeTitle = isRouteHandle(handle) ? handle.title : '';
  const productName = site?.productName ?? '';

  useEffect(() => {
    setReferrerMeta(referrerPolicyFor(location.pathname));
  }, [location.pathname]);

  useEffect(() => {
    if (gate !== 'pass') return;
    const title = productName && routeTitle ? `${productName} - ${routeTitle}` : productName || routeTitle;
    if (title) setDocumentTitle(title);
  }, [gate, productName, routeTitle, location.key]);

  if (gate === 'sign-in') {
    if (location.pathname === '/' || isLoggedOutByUser()) return <Redirect to={{ pathname: '/index' }} />;
    const redirect = wantedPath(location.pathname, location.search);
    return <Redirect to={{ pathname: '/index', search: `?${new URLSearchParams({ redirect }).toString()}` }} />;
  }
  if (gate === 'loading') return <PageLoading tip="正在加载菜单…" />;
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}
