/**
 * WBI signing (shared/data/bilibili-api/ENDPOINTS.md § WBI signing): the mixin key is a fixed permutation of
 * img_key + sub_key cut to 32 characters; the signed query is the parameters plus `wts` (Unix seconds),
 * sorted by key, values stripped of `!'()*`, encoded like `encodeURIComponent`, joined with `&`; and
 * `w_rid = md5(query + mixinKey)`. Keys come from `/x/web-interface/nav` (`data.wbi_img`), rotate about
 * daily, and are cached by `WbiKeyStore` for one Asia/Shanghai day or until a −352/−403 answer.
 */
import crypto from 'node:crypto';

export const MIXIN_KEY_ENC_TAB: readonly number[] = [
  46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29, 28, 14, 39, 12, 38, 41,
  13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25, 54, 21, 56, 59, 6, 63, 57, 62, 11, 36, 20, 34,
  44, 52,
];

export interface WbiKeys {
  imgKey: string;
  subKey: string;
}

export type WbiParamValue = string | number | boolean;

export function md5Hex(input: string): string {
  return crypto.createHash('md5').update(input, 'utf8').digest('hex');
}

/** The 32-character mixin key: characters of img_key + sub_key picked in MIXIN_KEY_ENC_TAB order. */
export function mixinKey(imgKey: string, subKey: string): string {
  const raw = imgKey + subKey;
  if (raw.length !== 64)
    throw new Error(`WBI keys must be 32 characters each (got ${imgKey.length} + ${subKey.length})`);
  return MIXIN_KEY_ENC_TAB.map((i) => raw.charAt(i))
    .join('')
    .slice(0, 32);
}

/** The file-name stem of a wbi_img URL: `https://i0.hdslb.com/bfs/wbi/7cd0….png` → `7cd0…`. */
export function keyFromUrl(url: string): string {
  const file = url.slice(url.lastIndexOf('/') + 1);
  const dot = file.indexOf('.');
  return dot === -1 ? file : file.slice(0, dot);
}

const FILTERED = /[!'()*]/g;

/** Sorted, filtered, `encodeURIComponent`-encoded `k=v&…` (the part of the signature before the key). */
export function wbiQuery(params: Readonly<Record<string, WbiParamValue>>): string {
  return Object.keys(params)
    .sort()
    .map((key) => {
      const value = String(params[key]).replace(FILTERED, '');
      return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
    })
    .join('&');
}

export interface SignedQuery {
  /** the query string to send, `w_rid` last */
  query: string;
  wRid: string;
  wts: number;
}

/** Signs params with a mixin key at `wts` (Unix seconds). */
export function signWbi(
  params: Readonly<Record<string, WbiParamValue>>,
  mixin: string,
  wts: number = Math.floor(Date.now() / 1000),
): SignedQuery {
  const query = wbiQuery({ ...params, wts });
  const wRid = md5Hex(query + mixin);
  return { query: `${query}&w_rid=${wRid}`, wRid, wts };
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
function shanghaiDay(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Caches the WBI keys: one fetch per Asia/Shanghai day (the keys rotate daily), concurrent callers share
 * one fetch, and `invalidate()` (called on a −352/−403 answer to a signed request) forces the next `get()`
 * to fetch again.
 */
export class WbiKeyStore {
  private cached: { keys: WbiKeys; mixin: string; fetchedAt: number } | null = null;
  private inflight: Promise<{ keys: WbiKeys; mixin: string }> | null = null;
  /** how many times the keys were fetched (observability) */
  fetches = 0;

  constructor(
    private readonly fetchKeys: () => Promise<WbiKeys>,
    private readonly now: () => number = Date.now,
  ) {}

  async mixin(): Promise<string> {
    return (await this.get()).mixin;
  }

  async get(): Promise<{ keys: WbiKeys; mixin: string }> {
    const c = this.cached;
    if (c && shanghaiDay(c.fetchedAt) === shanghaiDay(this.now())) return c;
    if (!this.inflight) {
      this.inflight = this.fetchKeys()
        .then((keys) => {
          this.fetches += 1;
          const entry = { keys, mixin: mixinKey(keys.imgKey, keys.subKey), fetchedAt: this.now() };
          this.cached = entry;
          return entry;
        })
        .finally(() => {
          this.inflight = null;
        });
    }
    return this.inflight;
  }

  invalidate(): void {
    this.cached = null;
  }
}
