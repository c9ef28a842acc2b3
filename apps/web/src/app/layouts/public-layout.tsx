import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { apiPost } from '../../lib/api-client';
import { BackToTop } from '../../components/back-to-top';
import { HelpTools } from '../../features/help/components/help-tools';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { RouteOutlet } from './route-outlet';

/** The poster and its application form load the first time the poster opens. */
const FreeVipPoster = lazy(() => import('./free-vip-poster').then((m) => ({ default: m.FreeVipPoster })));

/**
 * A view of a public page as a usage record (saveUserAccessRecord; the server batches it): the first step of the
 * console's funnel (docs/metrics.md § Console usage analytics). The answer is ignored.
 */
function usePageView(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    apiPost('/api/saveUserAccessRecord', { page: pathname }, () => null, { quiet: true }).catch(() => undefined);
  }, [pathname]);
}

/** Layout of the public pages (§2.2, §2.3). */
export function PublicLayout() {
  usePageView();
  const [posterOpen, setPosterOpen] = useState(false);
  const [posterLoaded, setPosterLoaded] = useState(false);
  return (
    <div className="public-layout">
      <PublicHeader
        onFreeVip={() => {
          setPosterLoaded(true);
          setPosterOpen(true);
        }}
      />
      <main className="public-main">
        <RouteOutlet />
      </main>
      <PublicFooter />
      <HelpTools />
      <BackToTop />
      {posterLoaded && (
        <Suspense fallback={null}>
          <FreeVipPoster open={posterOpen} onClose={() => setPosterOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
