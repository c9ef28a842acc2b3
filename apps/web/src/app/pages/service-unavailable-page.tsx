import { Button, Result } from 'antd';
import { useAppNavigate } from '../../lib/use-app-navigate';

/** /502: service outage page. */
export function ServiceUnavailablePage() {
  const navigate = useAppNavigate();
  return (
    <div className="plain-page">
      <Result
        status="500"
        title="502"
        subTitle="服务暂时不可用，请稍后再试"
        extra={
          <Button type="primary" onClick={() => navigate({ pathname: '/index' })}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
