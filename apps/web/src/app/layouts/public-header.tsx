import { useEffect, useState } from 'react';
import { Button, Drawer, Dropdown, Grid, type MenuProps } from 'antd';
import { DownOutlined, GiftFilled, MenuOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { useAccessToken } from '../../lib/session';
import { useAppNavigate } from '../../lib/use-app-navigate';
import { UserBlock } from '../../features/auth/components/user-block';
import { useAuthModal } from '../../features/auth/hooks/use-auth-modal';

/** The header turns solid once the page is scrolled 600 px or more (§2.2, §9). */
export const HEADER_SOLID_SCROLL = 600;
/** Pages whose header has a gradient background (§2.2). */
const GRADIENT_PATHS = ['/about', '/classroom/list'];

const SERVICE_ITEMS: MenuProps['items'] = [
  { key: '/marketDataCus', label: '营销数据服务' },
  { key: '/customPage', label: '视频推广账号涨粉' },
];

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
  const screens = Grid.useBreakpoint();
  const desktop = screens.md === true;
  const scrolled = useScrolledPast(HEADER_SOLID_SCROLL);
  const [drawerOpen, setDrawerOpen] = useState(false);

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
            <Dropdown menu={{ items: SERVICE_ITEMS, onClick: ({ key }) => go(key) }} placement="bottom">
              <button type="button" className={navClass('/marketDataCus')}>
                增值服务 <DownOutlined style={{ fontSize: 10 }} aria-hidden />
              </button>
            </Dropdown>
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
              <UserBlock inverted={inverted} compact={!desktop} />
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
              onClick={() => setDrawerOpen(true)}
              className={inverted ? 'inverted-icon-button' : undefined}
            />
          )}
        </div>
      </div>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="right" size={280} title="导航">
        <nav className="public-drawer-nav" aria-label="主导航">
          <button type="button" onClick={() => go('/index')}>
            首页
          </button>
          <div className="public-drawer-group">增值服务</div>
          <button type="button" onClick={() => go('/marketDataCus')}>
            营销数据服务
          </button>
          <button type="button" onClick={() => go('/customPage')}>
            视频推广账号涨粉
          </button>
          <button type="button" onClick={() => go('/classroom/list')}>
            内容报告
          </button>
          {token ? (
            <button type="button" onClick={() => go('/')}>
              进入工作台
            </button>
          ) : null}
          <Button
            className="free-vip-button"
            shape="round"
            icon={<GiftFilled aria-hidden />}
            onClick={handleFreeVip}
            block
          >
            免费申请企业版会员
          </Button>
        </nav>
      </Drawer>
    </header>
  );
}
