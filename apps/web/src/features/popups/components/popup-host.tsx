import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isPublicPath } from '@xg/shared';
import { markPrizeShown, readPrizeFlag, subscribePrizeFlag } from '../../../lib/prize-flag';
import { useAccessToken } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { dailyUpdateNoticeDue, recordDailyUpdateNotice } from '../hooks/use-daily-notice';
import '../popups.css';

// Each popup loads the first time it opens: most visits open none.
const PrizePopup = lazy(() => import('./prize-popup').then((m) => ({ default: m.PrizePopup })));
const UpdateModal = lazy(() => import('./update-modal').then((m) => ({ default: m.UpdateModal })));
const ServeWarnModal = lazy(() => import('./serve-warn-modal').then((m) => ({ default: m.ServeWarnModal })));

/** Renders `children` from the first time `open` is true on (so a closing popup can animate out). */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The prize popup appears this long after the registration (§4). */
export const PRIZE_POPUP_DELAY_MS = 1_000;

/**
 * The app-wide popups of §2.6 (mounted once at the app root): the prize popup 1 s after a registration
 * (while the 1-hour isPrize flag lives), the update modal at most once per day on a signed-in page, and the
 * serve-warn modal while the site config's activity flag is set. The kicked-out dialog is the api client's.
 */
export function PopupHost() {
  const token = useAccessToken();
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  const { data: site } = useSiteConfig();
  const [prizeOpen, setPrizeOpen] = useState(false);
  const [updateOpen, setUpdateOpen] = useState(false);
  const [serveWarnClosed, setServeWarnClosed] = useState(false);
  const signedInPage = token !== null && !isPublicPath(pathname);

  // Prize popup: when a registration sets the flag (or a page opens while it is pending), 1 s later.
  useEffect(() => {
    if (!token) return undefined;
    let timer: number | undefined;
    const check = (): void => {
      const flag = readPrizeFlag();
      if (!flag || flag.shown || timer !== undefined) return;
      timer = window.setTimeout(() => {
        markPrizeShown();
        setPrizeOpen(true);
      }, PRIZE_POPUP_DELAY_MS);
    };
    check();
    const unsubscribe = subscribePrizeFlag(check);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [token]);

  // Update modal: once per day, on a signed-in page, never on top of a pending welcome.
  useEffect(() => {
    if (!signedInPage) return undefined;
    if (!dailyUpdateNoticeDue()) return undefined;
    if (readPrizeFlag() !== null) {
      recordDailyUpdateNotice(); // a new user gets the welcome today, not the release notes as well
      return undefined;
    }
    const timer = window.setTimeout(() => {
      recordDailyUpdateNotice();
      setUpdateOpen(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [signedInPage]);

  const serveWarnOpen = (site?.activityState ?? 0) !== 0 && !serveWarnClosed;

  const handleMembership = (): void => {
    setPrizeOpen(false);
    navigate({ pathname: '/member' });
  };

  return (
    <>
      <OnceOpened open={prizeOpen && token !== null}>
        <PrizePopup
          open={prizeOpen && token !== null}
          onClose={() => setPrizeOpen(false)}
          onMembership={handleMembership}
        />
      </OnceOpened>
      <OnceOpened open={updateOpen && signedInPage}>
        <UpdateModal open={updateOpen && signedInPage} onClose={() => setUpdateOpen(false)} />
      </OnceOpened>
      <OnceOpened open={serveWarnOpen}>
        <ServeWarnModal
          open={serveWarnOpen}
          onClose={() => setServeWarnClosed(true)}
          title={site?.serveWarnTitle ?? ''}
          text={site?.serveWarnText ?? ''}
        />
      </OnceOpened>
    </>
  );
}
