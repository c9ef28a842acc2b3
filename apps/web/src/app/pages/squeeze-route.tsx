import { getToken } from '../../lib/session';
import { useAppNavigate } from '../../lib/use-app-navigate';
import { useAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { SqueezePage, type SqueezeKind } from '../../features/home/components/squeeze-page';

/** Where a sign-up from each squeeze page leads: the full screen it teased. */
const TARGET: Record<SqueezeKind, string> = { up: '/search/upSearch', rank: '/search/upRank' };

/** /squeezeUp and /squeezeRank: the teaser's action opens the register modal (signed in: the screen itself). */
export function SqueezeRoute({ kind }: { kind: SqueezeKind }) {
  const navigate = useAppNavigate();
  const { openAuthModal } = useAuthModal();
  const go = () => navigate({ pathname: TARGET[kind] });
  return (
    <SqueezePage kind={kind} onSignUp={() => (getToken() ? go() : openAuthModal({ tab: 'register', onSuccess: go }))} />
  );
}
