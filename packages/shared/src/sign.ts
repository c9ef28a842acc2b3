import jsMd5 from 'js-md5';

const md5 = (input: string): string => jsMd5.md5.hex(input);

/**
 * Request signing of spec §7: every call carries `timetemp` (ms timestamp), `encrypt` (hash of a random
 * number), `sign` (hash of the timestamp hash, the path without /api, a fixed secret and the token) and,
 * when signed in, `USER-TOKEN`. The secret ships in the client and the sign covers neither the method, the
 * query nor the body, so this guards against tampering with the path or token and against stale or replayed
 * calls, not against a reader of the bundle: it is not access control. Real authorisation is the session
 * token, checked by every route (docs/api/accounts.md, "What the request sign protects").
 */
export const SIGN_SECRET = 'xg-9f3c1e7a5b2d4c68';
/** A request whose timestamp is further than this from the server clock is rejected as stale. */
export const SIGN_MAX_SKEW_MS = 5 * 60 * 1000;

export interface SignInput {
  /** Request path, with or without the /api prefix and query string. */
  path: string;
  token?: string | null;
  /** For tests: the clock and the random source. */
  now?: number;
  random?: number;
}

export interface SignedHeaders {
  sign: string;
  encrypt: string;
  timetemp: string;
  'USER-TOKEN'?: string;
}

export function md5Hex(input: string): string {
  return md5(input);
}

/** The path the sign covers: no query string, no /api prefix. */
export function signPath(path: string): string {
  const noQuery = path.split('?')[0] ?? '';
  return noQuery.startsWith('/api/') ? noQuery.slice(4) : noQuery === '/api' ? '/' : noQuery;
}

export function computeSign(timetemp: string, path: string, token: string): string {
  return md5(md5(timetemp) + signPath(path) + SIGN_SECRET + token);
}

let lastTimetemp = 0;

/**
 * The clock for a new call: now, but strictly after the previous call's timestamp. The server refuses a
 * second call with the same (timetemp, path, token) as a replay, so two calls made in the same millisecond
 * (two charts loading the same path with different queries) must not share one.
 */
function nextTimetemp(): number {
  lastTimetemp = Math.max(Date.now(), lastTimetemp + 1);
  return lastTimetemp;
}

export function signHeaders({ path, token, now, random }: SignInput): SignedHeaders {
  const timetemp = String(now ?? nextTimetemp());
  const encrypt = md5(String(random ?? Math.random()));
  const headers: SignedHeaders = { sign: computeSign(timetemp, path, token ?? ''), encrypt, timetemp };
  if (token) headers['USER-TOKEN'] = token;
  return headers;
}
