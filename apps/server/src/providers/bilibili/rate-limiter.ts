/**
 * The global polite request budget: one token bucket (default 2 tokens/s, burst 1) shared by every call of
 * a client, with three waiting queues. When a token is free, the oldest waiter of the highest non-empty
 * queue gets it (high before normal before low), so monitors can jump ahead of backfills; within a queue
 * the order is first come, first served. Low-priority work waits for as long as higher work keeps the
 * budget busy — that is the point of a budget.
 */
import { abortReason, systemClock, type Clock } from './clock.js';

export type Priority = 'high' | 'normal' | 'low';
export const PRIORITIES: readonly Priority[] = ['high', 'normal', 'low'];

interface Waiter {
  resolve: () => void;
  cleanup: () => void;
}

export interface RateLimiterOptions {
  /** tokens per second */
  rps: number;
  /** bucket size (requests allowed back to back after a quiet spell); default 1 */
  burst?: number;
  clock?: Clock;
}

export class RateLimiter {
  private readonly intervalMs: number;
  private readonly burst: number;
  private readonly clock: Clock;
  private tokens: number;
  private lastRefill: number;
  private readonly queues: Record<Priority, Waiter[]> = { high: [], normal: [], low: [] };
  private pumping = false;
  /** tokens handed out per priority (observability) */
  readonly granted: Record<Priority, number> = { high: 0, normal: 0, low: 0 };

  constructor(options: RateLimiterOptions) {
    if (!(options.rps > 0)) throw new Error('rps must be positive');
    this.intervalMs = 1000 / options.rps;
    this.burst = Math.max(1, options.burst ?? 1);
    this.clock = options.clock ?? systemClock;
    this.tokens = this.burst;
    this.lastRefill = this.clock.now();
  }

  /** Waiters per queue (for pipeline-health metrics). */
  depth(): Record<Priority, number> {
    return { high: this.queues.high.length, normal: this.queues.normal.length, low: this.queues.low.length };
  }

  /** Resolves when the caller may send one request. */
  acquire(priority: Priority = 'normal', signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const queue = this.queues[priority];
      const onAbort = () => {
        const i = queue.indexOf(waiter);
        if (i !== -1) queue.splice(i, 1);
        reject(abortReason(signal));
      };
      const waiter: Waiter = {
        resolve,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      void this.pump();
    });
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = now - this.lastRefill;
    if (elapsed <= 0) return;
    this.tokens = Math.min(this.burst, this.tokens + elapsed / this.intervalMs);
    this.lastRefill = now;
  }

  private next(): { waiter: Waiter; priority: Priority } | null {
    for (const p of PRIORITIES) {
      const waiter = this.queues[p].shift();
      if (waiter) return { waiter, priority: p };
    }
    return null;
  }

  private hasWaiters(): boolean {
    return PRIORITIES.some((p) => this.queues[p].length > 0);
  }

  /** One loop at a time hands out tokens as they accrue; it ends when every queue is empty. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.hasWaiters()) {
        this.refill();
        if (this.tokens >= 1 - 1e-9) {
          const n = this.next();
          if (!n) break;
          this.tokens -= 1;
          this.granted[n.priority] += 1;
          n.waiter.cleanup();
          n.waiter.resolve();
          continue;
        }
        const waitMs = Math.ceil((1 - this.tokens) * this.intervalMs);
        await this.clock.sleep(Math.max(1, waitMs));
      }
    } finally {
      this.pumping = false;
    }
  }
}
