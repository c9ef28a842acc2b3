/** Full-area loading state for lazy pages and the menu fetch (a CSS spinner: no antd Spin on first load). */
export function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden />
      <span>{tip}</span>
    </div>
  );
}
