import { useCallback } from 'react';
import { parsePath, useNavigate, type NavigateOptions, type Path } from 'react-router-dom';
import { VERSION_QUERY_FIELD } from '@xg/shared';
import { useAppVersion } from './site-config';

export type AppLocation = Partial<Path>;

/** Adds the version query field (§2.5) to an object location. */
export function withVersion(to: AppLocation, version: string): AppLocation {
  const params = new URLSearchParams(to.search ?? '');
  params.set(VERSION_QUERY_FIELD, version);
  return { ...to, search: `?${params.toString()}` };
}

/** href of an object location with the version field (links opened in a new tab). */
export function hrefOf(to: AppLocation, version: string): string {
  const located = withVersion(to, version);
  return `${located.pathname ?? '/'}${located.search ?? ''}${located.hash ?? ''}`;
}

/** A same-site path taken from a query parameter (redirect), or null when it is not one. */
export function safeRedirect(raw: string | null): AppLocation | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  return parsePath(raw);
}

/**
 * The one navigate of the app: every push/replace with an object location carries the app version in the
 * version query field (§2.5). A number moves in history; a string path is turned into an object first.
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  const version = useAppVersion();
  return useCallback(
    (to: AppLocation | string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') {
        void navigate(to);
        return;
      }
      const location = typeof to === 'string' ? parsePath(to) : to;
      void navigate(withVersion(location, version), options);
    },
    [navigate, version],
  );
}

/** A version-carrying href builder for anchors opened in new tabs. */
export function useAppHref() {
  const version = useAppVersion();
  return useCallback(
    (to: AppLocation | string) => hrefOf(typeof to === 'string' ? parsePath(to) : to, version),
    [version],
  );
}
