import { createContext, useContext } from 'react';

export type AuthTab = 'login' | 'register' | 'qr';

export interface AuthModalRequest {
  tab?: AuthTab;
  /** Called after a successful sign-in, when the modal has closed (e.g. go to a redirect). */
  onSuccess?: () => void;
}

export interface AuthModalApi {
  openAuthModal: (request?: AuthModalRequest) => void;
}

export const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Opens the login/register modal (header, footer, landing page). */
export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return api;
}
