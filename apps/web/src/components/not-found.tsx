import { Button, Result } from 'antd';
import { useAppNavigate } from '../lib/use-app-navigate';

/** 404: unknown paths, unknown component keys and routes outside the user's menu. */
export function NotFound() {
  const navigate = useAppNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在或暂未开放"
      extra={
        <Button type="primary" onClick={() => navigate({ pathname: '/' })}>
          返回首页
        </Button>
      }
    />
  );
}
