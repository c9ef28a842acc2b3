import { Button, Drawer } from 'antd';
import { GiftFilled } from '@ant-design/icons';

interface PublicNavDrawerProps {
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
  onGo: (path: string) => void;
  onFreeVip: () => void;
}

/** The public header's navigation on phones (loaded the first time it opens). */
export function PublicNavDrawer({ open, signedIn, onClose, onGo, onFreeVip }: PublicNavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={280} title="导航">
      <nav className="public-drawer-nav" aria-label="主导航">
        <button type="button" onClick={() => onGo('/index')}>
          首页
        </button>
        <div className="public-drawer-group">增值服务</div>
        <button type="button" onClick={() => onGo('/marketDataCus')}>
          营销数据服务
        </button>
        <button type="button" onClick={() => onGo('/customPage')}>
          视频推广账号涨粉
        </button>
        <button type="button" onClick={() => onGo('/classroom/list')}>
          内容报告
        </button>
        {signedIn ? (
          <button type="button" onClick={() => onGo('/')}>
            进入工作台
          </button>
        ) : null}
        <Button className="free-vip-button" shape="round" icon={<GiftFilled aria-hidden />} onClick={onFreeVip} block>
          免费申请企业版会员
        </Button>
      </nav>
    </Drawer>
  );
}
