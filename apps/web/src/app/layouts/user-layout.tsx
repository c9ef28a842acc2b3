import { Button } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useAppNavigate } from '../../lib/use-app-navigate';
import { LegalLine } from './legal-line';
import { RouteOutlet } from './route-outlet';

/** Layout of the sign-in screen (§2.4): a centred card on a soft background. */
export function UserLayout() {
  const navigate = useAppNavigate();
  return (
    <div className="user-layout">
      <div className="user-layout-top">
        <Button type="text" icon={<HomeOutlined aria-hidden />} onClick={() => navigate({ pathname: '/index' })}>
          返回首页
        </Button>
      </div>
      <main className="user-layout-main">
        <RouteOutlet />
      </main>
      <LegalLine className="legal-line user-layout-legal" />
    </div>
  );
}
