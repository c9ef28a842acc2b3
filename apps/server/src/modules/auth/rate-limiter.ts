import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/**
 * A fixed-window counter in process memory, for cheap per-IP limits where a few extra hits across API
 * nodes do not matter (captcha images, the request rate of every auth endpoint). Limits that protect
 * accounts (sign-in lockout, SMS caps) live in the database instead.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`; false when the key has used up its window. */
  take(key: string): boolean {
    const now = this.now();
    if (this.windows.size > 10_000) this.prune(now);
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  /** Counts one hit; past the limit answers HTTP 429 with Msg.tooManyRequests. */
  enforce(key: string): void {
    if (!this.take(key)) throw AppError.tooMany();
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/** A limiter of `limit` hits per minute. */
export function perMinute(limit: number): FixedWindowLimiter {
  return new FixedWindowLimiter(limit, 60_000);
}

/**
 * The signed-in caller of a group of routes: `requireUser` (HTTP 401 without a session), then one hit on the
 * group's per-user limit of `limit` calls a minute (HTTP 429 past it). Answers the caller's user id.
 */
export function limitedCaller(app: FastifyInstance, limit: number): (request: FastifyRequest) => Promise<string> {
  const perUser = perMinute(limit);
  return async (request) => {
    const { userId } = await app.requireUser(request);
    perUser.enforce(userId);
    return userId;
  };
}
