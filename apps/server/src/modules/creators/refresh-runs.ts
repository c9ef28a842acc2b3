/**
 * The last run of a read model's refresh (goods_stats_runs …), read at most once per `ttlMs` in a process instead
 * of once per request: the refresh runs hourly, and at 1M that lookup was one of a goods page's three statements
 * (docs/performance.md, session 17). Another process's refresh is seen within `ttlMs`; a refresh in this process
 * (refreshCommitted) at once, by every cache of the process.
 */
import { Cached } from './catalog.service.js';

export const RUN_TTL_MS = 1000;

let generation = 0;

/** A refresh of this process committed: every RunCache reads anew on its next get. */
export function refreshCommitted(): void {
  generation += 1;
}

/** A Cached value (same time to live and failed-read rule) that also reads anew after refreshCommitted(). */
export class RunCache<T> {
  private readonly cached: Cached<T>;
  private seenGeneration = generation;

  constructor(load: () => Promise<T>, ttlMs = RUN_TTL_MS) {
    this.cached = new Cached(ttlMs, load);
  }

  get(now = Date.now()): Promise<T> {
    if (this.seenGeneration !== generation) {
      this.seenGeneration = generation;
      this.cached.forget();
    }
    return this.cached.get(now);
  }
}
