import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Msg, nameSearchAllowed } from '@xg/shared';
import { getToken, useAccessToken } from '../../lib/session';
import { safeRedirect, useAppNavigate } from '../../lib/use-app-navigate';
import { useAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { LandingPage } from '../../features/home/components/landing-page';
import { useApp } from '../../lib/use-app';

const SEARCH_PATH = '/search/upSearch';

/**
 * /index and /index2: the landing page. Opened with ?redirect= by the route guard, it asks for a sign-in
 * at once and goes to the wanted page afterwards.
 */
export function IndexPage() {
  const { message } = useApp();
  const token = useAccessToken();
  const navigate = useAppNavigate();
  const { openAuthModal } = useAuthModal();
  const [searchParams] = useSearchParams();
  const redirectRaw = searchParams.get('redirect');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const redirect = safeRedirect(redirectRaw);
    if (!redirect || handled.current === redirectRaw) return;
    handled.current = redirectRaw;
    if (getToken()) navigate(redirect, { replace: true });
    else openAuthModal({ tab: 'login', onSuccess: () => navigate(redirect, { replace: true }) });
  }, [redirectRaw, navigate, openAuthModal]);

  const handleSearch = (keyword: string): void => {
    if (!nameSearchAllowed(keyword)) {
      void message.warning(Msg.keywordTooLong);
      return;
    }
    const to = { pathname: SEARCH_PATH, search: `?${new URLSearchParams({ keyword }).toString()}` };
    if (getToken()) navigate(to);
    else openAuthModal({ tab: 'login', onSuccess: () => navigate(to) });
  };

  return (
    <LandingPage
      signedIn={token !== null}
      onSearch={handleSearch}
      onRegister={() => openAuthModal({ tab: 'register' })}
      onEnterWorkspace={() => navigate({ pathname: '/' })}
    />
  );
}
