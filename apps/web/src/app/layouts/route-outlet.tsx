import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageLoading } from '../../components/page-loading';

/** The page slot of a layout: lazy pages load inside Suspense, and a page failure keeps the shell. */
export function RouteOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary title="页面加载失败" resetKeys={[pathname]}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
