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
 * localStorage key of the selection (the store's STORAGE_KEY; store.test.ts checks they agree). Logout clears
 * the whole local storage (§3), this key with it. Not shared through an import: a module imported by both the
 * shell and the comparison's lazy chunks becomes a chunk of its own (bundle budgets).
 */
export const CONTRAST_STORAGE_KEY = 'contrastList';

/** Announced on window when the user leaves those paths; the store (when loaded) empties itself. */
export const CONTRAST_CLEAR_EVENT = 'contrast:clear'; // the store's CLEAR_EVENT

/** §2.7: leaving the paths closes the drawer and empties the list (stored, and in memory if loaded). */
export function leaveContrastPaths(): void {
  try {
    window.localStorage.removeItem(CONTRAST_STORAGE_KEY);
  } catch (error) {
    console.warn('localStorage unavailable', error);
  }
  window.dispatchEvent(new Event(CONTRAST_CLEAR_EVENT));
}
