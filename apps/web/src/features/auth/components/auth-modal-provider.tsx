import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import type { SessionAnswer } from '../api/session-answer';
import { AuthModalContext, type AuthModalRequest, type AuthTab } from '../hooks/use-auth-modal';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useApp } from '../../../lib/use-app';

/** The modal and its forms load the first time it opens (the public pages do not carry them). */
const AuthModal = lazy(() => import('./auth-modal').then((m) => ({ default: m.AuthModal })));

/** The modal closes 2 s after a successful sign-in (§2.4, §9). */
const CLOSE_AFTER_SUCCESS_MS = 2_000;

interface ModalState {
  open: boolean;
  tab: AuthTab;
  succeeded: string | null;
}

/** Provides openAuthModal() and renders the login/register modal once for the whole app. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const { message } = useApp();
  const navigate = useAppNavigate();
  const completeSignIn = useCompleteSignIn();
  const [state, setState] = useState<ModalState>({ open: false, tab: 'login', succeeded: null });
  /** the modal stays mounted once loaded (its close animation, a quick reopen) */
  const [loaded, setLoaded] = useState(false);
  const onSuccessRef = useRef<(() => void) | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const openAuthModal = useCallback((request?: AuthModalRequest) => {
    window.clearTimeout(closeTimer.current);
    onSuccessRef.current = request?.onSuccess;
    setLoaded(true);
    setState({ open: true, tab: request?.tab ?? 'login', succeeded: null });
  }, []);

  const handleClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setState((current) => ({ ...current, open: false }));
  }, []);

  const handleSuccess = (answer: SessionAnswer, text: string): void => {
    completeSignIn(answer); // the header and guard follow the new session without a reload
    void message.success(text);
    setState((current) => ({ ...current, succeeded: text }));
    const after = onSuccessRef.current;
    onSuccessRef.current = undefined;
    closeTimer.current = window.setTimeout(() => {
      setState((current) => ({ ...current, open: false }));
      after?.();
    }, CLOSE_AFTER_SUCCESS_MS);
  };

  // A WeChat without an account binds on the sign-in page (the bind panel keeps the taId in the URL).
  const handleTaId = (taId: string): void => {
    handleClose();
    navigate({ pathname: '/login', search: `?${new URLSearchParams({ status: 'bind', taId }).toString()}` });
  };

  const handleForgot = (): void => {
    handleClose();
    navigate({ pathname: '/login', search: '?status=forget' });
  };

  const api = useMemo(() => ({ openAuthModal }), [openAuthModal]);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <AuthModal
            open={state.open}
            tab={state.tab}
            succeeded={state.succeeded}
            onTab={(tab) => setState((current) => ({ ...current, tab }))}
            onClose={handleClose}
            onSuccess={handleSuccess}
            onTaId={handleTaId}
            onForgot={handleForgot}
          />
        </Suspense>
      )}
    </AuthModalContext.Provider>
  );
}
