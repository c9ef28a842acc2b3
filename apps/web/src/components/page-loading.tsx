import { Spin } from 'antd';

/** Full-area loading state for lazy pages and the menu fetch. */
export function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span>{tip}</span>
    </div>
  );
}
