/**
 * Where the comparison works (§2.5): the search, the rankings, the saved lists and the creator detail. This file
 * is all the signed-in shell loads of the comparison: the floating toggle, the store and the drawer load only on
 * these paths (bundle budget, e2e/bundle-budget.e2e.ts).
 */
const CONTRAST_PATHS = ['/search/upSearch', '/search/upRank', '/search/limitRank', '/search/upSearch/detail'];

export function isContrastPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CONTRAST_PATHS.includes(path) || path === '/collect' || path.startsWith('/collect/');
}

/**
 * localStorage key of the selection. Logout clears the whole local storage (§3), this key with it. Read and
 * written here rather than through lib/storage: a comparison module importing lib/storage or lib/session changes
 * how the bundler groups those into shared chunks, which cost the landing page and the shell bytes of their
 * budgets (measured: +1.6 KB gzip on /index).
 */
export const CONTRAST_STORAGE_KEY = 'contrastList';

export function readContrastStorage(): string | null {
  try {
    return window.localStorage.getItem(CONTRAST_STORAGE_KEY);
  } catch (error) {
    console.warn('localStorage unavailable', error);
    return null;
  }
}

export function writeContrastStorage(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(CONTRAST_STORAGE_KEY);
    else window.localStorage.setItem(CONTRAST_STORAGE_KEY, value);
  } catch (error) {
    console.warn('localStorage unavailable', error);
  }
}

/** Announced on window when the user leaves those paths; the store (when loaded) empties itself. */
export const CONTRAST_CLEAR_EVENT = 'contrast:clear';

/** §2.7: leaving the paths closes the drawer and empties the list (stored, and in memory if loaded). */
export function leaveContrastPaths(): void {
  writeContrastStorage(null);
  window.dispatchEvent(new Event(CONTRAST_CLEAR_EVENT));
}
