import { Button, Result } from 'antd';
import { useAppNavigate } from '../../lib/use-app-navigate';

/** 403: the server refused the menu (GET /api/getMenuPrivilege answered −1 or allowed nothing). */
export function NoPermissionPage({ message }: { message: string }) {
  const navigate = useAppNavigate();
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => navigate({ pathname: '/' })}>
          返回首页
        </Button>
      }
    />
  );
}
