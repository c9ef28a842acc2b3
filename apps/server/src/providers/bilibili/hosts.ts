/**
 * The four hosts the client talks to. The simulator serves every path on one origin, so one base URL
 * (BILIBILI_BASE_URL, or the URL the in-process simulator listens on) can stand for all of them:
 * `/x/...` (api), `/room/v1/...` (live), `/<cid>.xml` (comment) and `/` (www) do not collide.
 */
import type { BilibiliSettings } from '../../config.js';

export interface BilibiliHosts {
  /** api.bilibili.com */
  api: string;
  /** api.live.bilibili.com */
  live: string;
  /** comment.bilibili.com (danmaku XML) */
  comment: string;
  /** www.bilibili.com (only for the buvid3 cookie fallback) */
  www: string;
}

export const REAL_HOSTS: BilibiliHosts = {
  api: 'https://api.bilibili.com',
  live: 'https://api.live.bilibili.com',
  comment: 'https://comment.bilibili.com',
  www: 'https://www.bilibili.com',
};

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Per host: its own setting, else BILIBILI_BASE_URL, else `fallbackBaseUrl` (the simulator's URL when the
 * app starts it), else the real host — but the real host only when the source is `real`.
 * Answers null when the source is `off`, or when a host has no URL (sim without a base URL).
 */
export function resolveHosts(
  s: Pick<BilibiliSettings, 'source' | 'baseUrl' | 'apiBaseUrl' | 'liveBaseUrl' | 'commentBaseUrl' | 'wwwBaseUrl'>,
  fallbackBaseUrl?: string,
): BilibiliHosts | null {
  if (s.source === 'off') return null;
  const base = s.baseUrl ?? fallbackBaseUrl;
  const pick = (own: string | undefined, real: string): string | null => {
    const url = own ?? base ?? (s.source === 'real' ? real : undefined);
    return url === undefined ? null : trimSlash(url);
  };
  const api = pick(s.apiBaseUrl, REAL_HOSTS.api);
  const live = pick(s.liveBaseUrl, REAL_HOSTS.live);
  const comment = pick(s.commentBaseUrl, REAL_HOSTS.comment);
  const www = pick(s.wwwBaseUrl, REAL_HOSTS.www);
  if (api === null || live === null || comment === null || www === null) return null;
  return { api, live, comment, www };
}
