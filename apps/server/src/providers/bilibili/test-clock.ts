import type { Clock } from './clock.js';

/**
 * A virtual clock for tests: `sleep` records the delay and moves time forward on the next turn of the event
 * loop (after pending callbacks have seen the old time), so rate-limit waits and backoff delays are
 * observable without waiting for them.
 */
export class VirtualClock implements Clock {
  readonly sleeps: number[] = [];

  constructor(private t = Date.parse('2026-11-01T04:00:00Z')) {}

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new Error('aborted'));
    this.sleeps.push(ms);
    return new Promise((resolve) =>
      setImmediate(() => {
        this.t += ms;
        resolve();
      }),
    );
  }

  advance(ms: number): void {
    this.t += ms;
  }
}
