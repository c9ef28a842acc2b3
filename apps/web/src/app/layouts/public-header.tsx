import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { DownOutlined, GiftFilled, MenuOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { useAccessToken } from '../../lib/session';
import { useAppNavigate } from '../../lib/use-app-navigate';
import { useAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useMediaQuery } from '../../lib/use-media-query';

/** The header turns solid once the page is scrolled 600 px or more (§2.2, §9). */
export const HEADER_SOLID_SCROLL = 600;
/** Pages whose header has a gradient background (§2.2). */
const GRADIENT_PATHS = ['/about', '/classroom/list'];

const SERVICE_ITEMS = [
  { path: '/marketDataCus', label: '营销数据服务' },
  { path: '/customPage', label: '视频推广账号涨粉' },
];

// Loaded when needed: the user block only for a signed-in user, the drawer the first time it opens (phones).
const UserBlock = lazy(() =>
  import('../../features/auth/components/user-block').then((m) => ({ default: m.UserBlock })),
);
const NavDrawer = lazy(() => import('./public-nav-drawer').then((m) => ({ default: m.PublicNavDrawer })));

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(() => window.scrollY >= threshold);
  useEffect(() => {
    const handleScroll = (): void => setPast(window.scrollY >= threshold);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [threshold]);
  return past;
}

export function PublicHeader({ onFreeVip }: { onFreeVip: () => void }) {
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  const token = useAccessToken();
  const { openAuthModal } = useAuthModal();
  const desktop = useMediaQuery('(min-width: 768px)'); // antd's md
  const scrolled = useScrolledPast(HEADER_SOLID_SCROLL);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  const mode = scrolled ? 'solid' : GRADIENT_PATHS.includes(pathname) ? 'gradient' : 'clear';
  const inverted = mode === 'gradient';

  const go = (path: string): void => {
    setDrawerOpen(false);
    navigate({ pathname: path });
  };
  const handleFreeVip = (): void => {
    setDrawerOpen(false);
    if (token) onFreeVip();
    else openAuthModal({ tab: 'login' });
  };
  const handleLogin = (): void => {
    setDrawerOpen(false);
    openAuthModal({ tab: 'login' });
  };

  const navClass = (path: string): string => `public-nav-link${pathname === path ? ' is-active' : ''}`;

  return (
    <header className={`public-header public-header-${mode}`}>
      <div className="public-header-inner">
        <button type="button" className="public-header-brand" onClick={() => go('/index')} aria-label="返回首页">
          <BrandLogo size={34} />
        </button>
        {desktop ? (
          <nav className="public-nav" aria-label="主导航">
            <button type="button" className={navClass('/index')} onClick={() => go('/index')}>
              首页
            </button>
            {/* A CSS dropdown (hover or keyboard focus opens it): no popup library on the public pages. */}
            <div className="public-nav-dropdown">
              <button type="button" className={navClass('/marketDataCus')} aria-haspopup="menu">
                增值服务 <DownOutlined style={{ fontSize: 10 }} aria-hidden />
              </button>
              <div className="public-nav-menu" role="menu" aria-label="增值服务">
                {SERVICE_ITEMS.map((item) => (
                  <button key={item.path} type="button" role="menuitem" onClick={() => go(item.path)}>
                    {item.label}
                  </button>
                ))}
              </div>
            </div>
            <button type="button" className={navClass('/classroom/list')} onClick={() => go('/classroom/list')}>
              内容报告
            </button>
            <Button className="free-vip-button" shape="round" icon={<GiftFilled aria-hidden />} onClick={handleFreeVip}>
              免费申请企业版会员
              <span className="free-vip-badge">限时</span>
            </Button>
          </nav>
        ) : null}
        <div className="public-header-right">
          {token ? (
            <>
              {desktop ? (
                <Button type={inverted ? 'default' : 'primary'} ghost={inverted} onClick={() => go('/')}>
                  进入工作台
                </Button>
              ) : null}
              <Suspense fallback={<span className="user-block-placeholder" />}>
                <UserBlock inverted={inverted} compact={!desktop} />
              </Suspense>
            </>
          ) : (
            <Button type="primary" onClick={handleLogin}>
              登录/注册
            </Button>
          )}
          {desktop ? null : (
            <Button
              type="text"
              icon={<MenuOutlined aria-hidden />}
              aria-label="打开导航菜单"
              onClick={() => {
                setDrawerLoaded(true);
                setDrawerOpen(true);
              }}
              className={inverted ? 'inverted-icon-button' : undefined}
            />
          )}
        </div>
      </div>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            signedIn={token !== null}
            onClose={() => setDrawerOpen(false)}
            onGo={go}
            onFreeVip={handleFreeVip}
          />
        </Suspense>
      )}
    </header>
  );
}
