/**
 * WBI request signing, as documented in shared/data/bilibili-api/ENDPOINTS.md, implemented here on its own
 * (independent of the client in providers/bilibili) so the simulator checks the client rather than
 * agreeing with it by construction. Tested against the documented vectors.
 *
 * Keys: the simulator's img/sub keys rotate every Shanghai day (hashes of the seed and the day); a
 * signature made with the current or the previous day's keys is accepted.
 */
import { createHash } from 'node:crypto';

export const MIXIN_KEY_ENC_TAB: readonly number[] = [
  46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29, 28, 14, 39, 12, 38, 41,
  13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25, 54, 21, 56, 59, 6, 63, 57, 62, 11, 36, 20, 34,
  44, 52,
];

export interface WbiKeys {
  imgKey: string;
  subKey: string;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** The 32-character mixin key: the characters of img_key + sub_key at MIXIN_KEY_ENC_TAB's positions. */
export function mixinKey(keys: WbiKeys): string {
  const raw = keys.imgKey + keys.subKey;
  return MIXIN_KEY_ENC_TAB.map((i) => raw[i] ?? '')
    .join('')
    .slice(0, 32);
}

/** The signed string: params sorted by key, `!'()*` removed from values, encodeURIComponent, `k=v&…`. */
export function wbiQuery(params: Readonly<Record<string, string | number>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]).replace(/[!'()*]/g, ''))}`)
    .join('&');
}

/** Signs params at `wts` (Unix seconds): answers the params plus `wts` and `w_rid`. */
export function signWbi(
  params: Readonly<Record<string, string | number>>,
  keys: WbiKeys,
  wts: number,
): Record<string, string> & { w_rid: string; wts: string } {
  const withTs: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) withTs[k] = String(v);
  withTs.wts = String(wts);
  const w_rid = md5Hex(wbiQuery(withTs) + mixinKey(keys));
  return { ...withTs, wts: String(wts), w_rid };
}

export type WbiVerdict = 'ok' | 'missing' | 'bad';

/**
 * Checks `w_rid` over every other query parameter (including `wts`) against each candidate key pair.
 * `missing` when w_rid or wts is absent, `bad` when no key pair gives the same digest.
 */
export function verifyWbi(
  query: Readonly<Record<string, string | string[] | undefined>>,
  candidates: readonly WbiKeys[],
): WbiVerdict {
  const wRid = query.w_rid;
  const wts = query.wts;
  if (typeof wRid !== 'string' || typeof wts !== 'string' || wRid === '' || wts === '') return 'missing';
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'w_rid' || v === undefined) continue;
    params[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const base = wbiQuery(params);
  return candidates.some((keys) => md5Hex(base + mixinKey(keys)) === wRid.toLowerCase()) ? 'ok' : 'bad';
}

/** The simulator's keys for a Shanghai day ('YYYY-MM-DD'). */
export function wbiKeysFor(seed: number, day: string): WbiKeys {
  return {
    imgKey: md5Hex(`sim-wbi|${seed}|img|${day}`),
    subKey: md5Hex(`sim-wbi|${seed}|sub|${day}`),
  };
}
