import { lazy, Suspense, useState } from 'react';
import { BackToTop } from '../../components/back-to-top';
import { HelpTools } from '../../features/help/components/help-tools';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { RouteOutlet } from './route-outlet';

/** The poster and its application form load the first time the poster opens. */
const FreeVipPoster = lazy(() => import('./free-vip-poster').then((m) => ({ default: m.FreeVipPoster })));

/** Layout of the public pages (§2.2, §2.3). */
export function PublicLayout() {
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
