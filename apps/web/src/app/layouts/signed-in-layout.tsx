import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Breadcrumb, Button, Grid, Layout, Menu, Space, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import type { MenuRoute } from '@xg/shared';
import { BackToTop } from '../../components/back-to-top';
import { HelpTools } from '../../features/help/components/help-tools';
import { BrandLogo } from '../../components/brand-logo';
import { DataUpdated } from '../../components/data-updated';
import { useAppNavigate } from '../../lib/use-app-navigate';
import { useCurrentUser } from '../../features/auth/api/get-user-info';
import { UserBlock } from '../../features/auth/components/user-block';
import { MemberEntryButton } from '../../features/member/components/member-entry-button';
import { NotificationBell } from '../../features/notify/components/notification-bell';
import { isContrastPath, leaveContrastPaths } from '../../features/contrast/contrast-paths';
import { MenuIcon } from '../menu-icons';
import { LAYOUT_COMPONENT, menuPages, parseOpenMenus } from '../menu-model';
import { LegalLine } from './legal-line';
import { RouteOutlet } from './route-outlet';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(menus: readonly MenuRoute[]): MenuItem[] {
  return menus
    .filter((entry) => !entry.hidden)
    .map((entry): MenuItem => {
      const visibleChildren = entry.children.filter((child) => !child.hidden);
      if (entry.component === LAYOUT_COMPONENT || visibleChildren.length > 0) {
        return {
          key: entry.path,
          icon: <MenuIcon name={entry.meta.icon} />,
          label: entry.meta.title,
          children: visibleChildren.map((child) => ({
            key: child.path,
            icon: child.meta.icon ? <MenuIcon name={child.meta.icon} /> : undefined,
            label: child.meta.title,
          })),
        };
      }
      return { key: entry.path, icon: <MenuIcon name={entry.meta.icon} />, label: entry.meta.title };
    });
}

interface SignedInLayoutProps {
  menus: readonly MenuRoute[];
  openMenus: string;
}

/** Signed-in layout (§2.5): header, collapsible menu from the server's routes, breadcrumbs, footer. */
const Drawer = lazy(() => import('antd/es/drawer'));
/** The comparison's floating toggle and drawer (§2.7): loaded on its paths only. */
const ContrastHost = lazy(() =>
  import('../../features/contrast/components/contrast-host').then((m) => ({ default: m.ContrastHost })),
);

export function SignedInLayout({ menus, openMenus }: SignedInLayoutProps) {
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** the drawer (phones) loads the first time it opens */
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const { user } = useCurrentUser();
  const comparing = isContrastPath(pathname);

  // §2.7: leaving the comparison's paths closes the drawer and empties the list.
  useEffect(() => {
    if (!comparing) leaveContrastPaths();
  }, [comparing]);

  const pages = useMemo(() => menuPages(menus), [menus]);
  const items = useMemo(() => toMenuItems(menus), [menus]);
  const current = pages.find((page) => page.route.path === pathname);

  // A hidden page (e.g. the creator detail) highlights the visible sibling named by its parentTitle.
  const selectedKey = useMemo(() => {
    if (!current) return pathname;
    if (!current.route.hidden) return current.route.path;
    const parentTitle = current.route.meta.parentTitle;
    const sibling = pages.find((page) => !page.route.hidden && page.route.meta.title === parentTitle);
    return sibling?.route.path ?? current.group?.path ?? pathname;
  }, [current, pages, pathname]);

  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const keys = new Set(parseOpenMenus(openMenus));
    if (current?.group) keys.add(current.group.path);
    return [...keys];
  });

  const breadcrumbs = useMemo(() => {
    if (!current) return [];
    const crumbs: { key: string; title: string; path?: string }[] = [];
    if (current.group) crumbs.push({ key: `g-${current.group.path}`, title: current.group.meta.title });
    const parentTitle = current.route.meta.parentTitle;
    if (parentTitle && parentTitle !== current.group?.meta.title) {
      const parent = pages.find(
        (page) => page.route.meta.title === parentTitle && page.route.path !== current.route.path,
      );
      crumbs.push({ key: `p-${parentTitle}`, title: parentTitle, path: parent?.route.path });
    }
    crumbs.push({ key: `c-${current.route.path}`, title: current.route.meta.title });
    return crumbs;
  }, [current, pages]);

  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    setDrawerOpen(false);
    if (key !== pathname) navigate({ pathname: key });
  };

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selectedKey]}
      openKeys={collapsed && !mobile ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={handleMenuClick}
      style={{ borderInlineEnd: 0 }}
    />
  );

  return (
    <Layout className="signed-in-layout">
      <Layout.Header className="app-header">
        <div className="app-header-left">
          {mobile ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="打开菜单"
              onClick={() => {
                setDrawerLoaded(true);
                setDrawerOpen(true);
              }}
            />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              onClick={() => setCollapsed((value) => !value)}
            />
          )}
          <button
            type="button"
            className="app-header-brand"
            onClick={() => navigate({ pathname: '/index' })}
            aria-label="返回官网首页"
          >
            <BrandLogo size={30} withName={!mobile || !screens.xs} />
          </button>
        </div>
        <Space size={mobile ? 4 : 12}>
          {/* a sub-account cannot renew or upgrade (§6): no 续费升级 entry that could only refuse (issue #23) */}
          {pathname.startsWith('/member') || user?.parentId != null ? null : (
            <MemberEntryButton userType={user?.userType} compact={mobile} />
          )}
          <NotificationBell compact={mobile} />
          <UserBlock compact={mobile} />
        </Space>
      </Layout.Header>
      <Layout>
        {mobile ? (
          drawerLoaded && (
            <Suspense fallback={null}>
              <Drawer
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                placement="left"
                size={240}
                title="功能菜单"
                styles={{ body: { padding: 8 } }}
              >
                {menu}
              </Drawer>
            </Suspense>
          )
        ) : (
          <Layout.Sider
            className="app-sider"
            width={220}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            trigger={null}
            theme="light"
          >
            {menu}
          </Layout.Sider>
        )}
        <Layout className="app-body">
          <Layout.Content className="app-content">
            <div className="app-content-head">
              {breadcrumbs.length > 0 ? (
                <Breadcrumb
                  className="app-breadcrumb"
                  items={breadcrumbs.map((crumb) => ({
                    key: crumb.key,
                    title: crumb.path ? (
                      <a
                        href={crumb.path}
                        onClick={(event) => {
                          event.preventDefault();
                          if (crumb.path) navigate({ pathname: crumb.path });
                        }}
                      >
                        {crumb.title}
                      </a>
                    ) : (
                      crumb.title
                    ),
                  }))}
                />
              ) : (
                <span />
              )}
              <DataUpdated />
            </div>
            <RouteOutlet />
          </Layout.Content>
          <Layout.Footer className="app-footer">
            <LegalLine />
          </Layout.Footer>
        </Layout>
      </Layout>
      {comparing ? (
        <Suspense fallback={null}>
          <ContrastHost />
        </Suspense>
      ) : null}
      <HelpTools />
      <BackToTop />
    </Layout>
  );
}
