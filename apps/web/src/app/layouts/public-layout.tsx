import { useState } from 'react';
import { BackToTop } from '../../components/back-to-top';
import { FreeVipPoster } from './free-vip-poster';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { RouteOutlet } from './route-outlet';

/** Layout of the public pages (§2.2, §2.3). */
export function PublicLayout() {
  const [posterOpen, setPosterOpen] = useState(false);
  return (
    <div className="public-layout">
      <PublicHeader onFreeVip={() => setPosterOpen(true)} />
      <main className="public-main">
        <RouteOutlet />
      </main>
      <PublicFooter />
      <BackToTop />
      <FreeVipPoster open={posterOpen} onClose={() => setPosterOpen(false)} />
    </div>
  );
}
