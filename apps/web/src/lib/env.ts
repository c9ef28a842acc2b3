/** Build-time settings. The only reader of import.meta.env on the web side. */

/** Base URL of the API; '' means the same origin (the server serves this app and /api on one port). */
export const API_BASE: string = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

/** App version known at build time; the site config's `version` takes over once it has loaded. */
export const BUILD_VERSION: string = import.meta.env.VITE_APP_VERSION || __APP_VERSION__;

/** Full URL of an /api path (for <img src> and window.open). */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}
