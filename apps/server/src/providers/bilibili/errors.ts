/**
 * How a Bilibili answer is classified. Three outcomes reach callers:
 * - data (code 0, parsed),
 * - a typed "gone" result (`Lookup` with found: false) for answers that say the object does not exist or is
 *   not visible — deleted videos, unknown users, closed comment areas — which are facts, not failures;
 * - a thrown `BilibiliError` for everything else, after retries where retrying can help.
 */

/** Answers worth retrying after a backoff: risk control and rate limits (−412 blocked, −352 risk control /
 * bad WBI sign, −799 too frequent), and −509 (over the rate limit, older endpoints). */
export const RETRY_CODES: ReadonlySet<number> = new Set([-412, -352, -799, -509]);

/** On WBI-signed endpoints −352 and −403 mean "bad or stale signature": refresh the keys and retry. */
export const WBI_REFRESH_CODES: ReadonlySet<number> = new Set([-352, -403]);

export type GoneReason = 'not_found' | 'invisible' | 'under_review' | 'closed';

/** Platform codes that mean the object is gone or hidden (never retried). */
export const GONE_CODES: ReadonlyMap<number, GoneReason> = new Map<number, GoneReason>([
  [-404, 'not_found'], // 啥都木有 (video / user / page not found)
  [-626, 'not_found'], // 用户不存在
  [62002, 'invisible'], // 稿件不可见 (deleted or hidden video)
  [62012, 'invisible'], // 仅 UP 主自己可见
  [62004, 'under_review'], // 稿件审核中
  [12002, 'closed'], // 评论区已关闭
  [12022, 'not_found'], // 已经被删除了 (a comment asked for its sub-replies is gone)
  [12061, 'closed'], // UP 主已关闭评论区
]);

/** The live API answers an unknown room with code 1 / 60004 (未找到该房间 / 直播间不存在). */
export const LIVE_GONE_CODES: ReadonlyMap<number, GoneReason> = new Map<number, GoneReason>([
  [1, 'not_found'],
  [60004, 'not_found'],
]);

export interface Gone {
  found: false;
  reason: GoneReason;
  /** the platform's code (HTTP 404 on the danmaku XML host is reported as −404) */
  code: number;
  message: string;
}

export type Lookup<T> = { found: true; value: T } | Gone;

export function found<T>(value: T): Lookup<T> {
  return { found: true, value };
}

/** Why one attempt failed. */
export type FailureKind =
  | 'timeout'
  | 'network'
  | 'http' // an HTTP status that is not retried (400, 403, 404 on JSON endpoints, …)
  | 'http_retry' // HTTP 412, 429, 5xx
  | 'malformed' // the body is not JSON / XML, or has no envelope
  | 'risk' // a retry code (−412, −352, −799, −509) or a stale WBI signature (−403 on signed calls)
  | 'api' // any other non-zero code (−400 bad params, −101 not logged in, …)
  | 'schema' // code 0 but the data does not have the documented shape
  | 'aborted';

export class BilibiliError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly endpoint: string,
    readonly details: { code?: number; status?: number; attempts?: number; retryable?: boolean } = {},
  ) {
    super(`[bilibili ${endpoint}] ${message}`);
    this.name = 'BilibiliError';
  }

  get code(): number | undefined {
    return this.details.code;
  }

  get status(): number | undefined {
    return this.details.status;
  }
}
