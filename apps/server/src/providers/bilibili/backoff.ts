/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff and Jitter"): before
 * retry n (n = 1 after the first failed attempt) wait a uniformly random time in [0, min(cap, base·2^(n−1))).
 * Full jitter spreads retries of many workers hit by the same −412 wave instead of having them return
 * together. A server's Retry-After (HTTP 429/503) is a floor.
 */
export interface BackoffOptions {
  /** first window in ms (default 1000) */
  baseMs: number;
  /** largest window in ms (default 60 000) */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 };

export function backoffWindow(retry: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exp = options.baseMs * 2 ** Math.max(0, retry - 1);
  return Math.min(options.capMs, exp);
}

export function backoffDelay(
  retry: number,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
  retryAfterMs?: number,
): number {
  const jittered = Math.floor(random() * backoffWindow(retry, options));
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, options.capMs));
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
