/**
 * The Bilibili provider: the web API client, its parsers and domain records. `createBilibiliClient` builds
 * the one client of a process from the settings (BILIBILI_SOURCE and friends, docs/data-sources.md).
 */
import type { BilibiliSettings } from '../../config.js';
import { BilibiliClient, type BilibiliClientOptions } from './bilibili-client.js';
import { resolveHosts } from './hosts.js';

export { BilibiliClient } from './bilibili-client.js';
export type { AttemptEvent, BilibiliClientOptions, CallOptions, ClientCounters, VideoRef } from './bilibili-client.js';
export { BilibiliError, type FailureKind, type Gone, type GoneReason, type Lookup } from './errors.js';
export { resolveHosts, REAL_HOSTS, type BilibiliHosts } from './hosts.js';
export { RateLimiter, type Priority } from './rate-limiter.js';
export type { Clock } from './clock.js';
export * from './records.js';
export * from './parsers/index.js';

/**
 * The client for the configured source, or null when the source is `off` or (sim) no base URL is known
 * yet. `simBaseUrl` is the URL of an in-process simulator when the app starts one.
 */
export function createBilibiliClient(
  settings: BilibiliSettings,
  extra: Partial<Omit<BilibiliClientOptions, 'hosts'>> & { simBaseUrl?: string } = {},
): BilibiliClient | null {
  const { simBaseUrl, ...options } = extra;
  const hosts = resolveHosts(settings, settings.source === 'sim' ? simBaseUrl : undefined);
  if (!hosts) return null;
  return new BilibiliClient({
    hosts,
    userAgent: settings.userAgent,
    cookie: settings.cookie,
    rps: settings.rps,
    maxAttempts: settings.maxAttempts,
    timeoutMs: settings.timeoutMs,
    ...options,
  });
}
