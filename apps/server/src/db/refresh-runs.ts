/**
 * The last run of a read model's refresh (goods_stats_runs …), read at most once per `ttlMs` in a process instead
 * of once per request: the refresh runs hourly, and at 1M that lookup was one of a goods page's three statements
 * (docs/performance.md, session 17). Another process's refresh is seen within `ttlMs`; a refresh in this process
 * (refreshCommitted) at once, by every cache of the process.
 */
export const RUN_TTL_MS = 1000;

let generation = 0;

/** A refresh of this process committed: every RunCache reads anew on its next get. */
export function refreshCommitted(): void {
  generation += 1;
}

export class RunCache<T> {
  private seen: { at: number; generation: number; value: Promise<T> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs = RUN_TTL_MS,
  ) {}

  get(now = Date.now()): Promise<T> {
    const seen = this.seen;
    if (seen && seen.generation === generation && now - seen.at < this.ttlMs) return seen.value;
    const value = this.load();
    const entry = { at: now, generation, value };
    this.seen = entry;
    value.catch(() => {
      if (this.seen === entry) this.seen = null; // a failed read is not kept
    });
    return value;
  }
}
