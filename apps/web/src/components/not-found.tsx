import { Button, Result, type ResultProps } from 'antd';
import { useAppNavigate } from '../lib/use-app-navigate';

/** A whole-page refusal (404, 502): status picture, code, what happened and 返回首页 to `home`. */
export function HomeResult({
  status,
  title,
  subTitle,
  home,
}: Pick<ResultProps, 'status'> & { title: string; subTitle: string; home: string }) {
  const navigate = useAppNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate({ pathname: home })}>
          返回首页
        </Button>
      }
    />
  );
}

/** 404: unknown paths, unknown component keys and routes outside the user's menu. */
export function NotFound() {
  return <HomeResult status="404" title="404" subTitle="抱歉，您访问的页面不存在或暂未开放" home="/" />;
}
