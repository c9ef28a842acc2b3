import { WriteBehind } from '../../lib/write-behind.js';

/** The calls that count as a search (creator search and content search). */
export const SEARCH_URLS: ReadonlySet<string> = new Set(['/api/searchKol', '/api/searchContent']);

export interface UsageCount {
  day: string;
  userId: string;
  kind: 'active' | 'search';
  count: number;
}

/** YYYY-MM-DD of `at` in Asia/Shanghai (UTC+8, no daylight saving). */
export function shanghaiDay(at: number): string {
  return new Date(at + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Usage counters for the operators' analytics, kept cheap: a signed-in call only touches a Map in memory
 * (an account counts once a day as active; searches are summed); the counts are written in one statement
 * every `flushMs` and on close. A failed write is reported and dropped (statistics, not accounts); the map is
 * capped so an outage cannot grow it without bound.
 */
export class UsageRecorder extends WriteBehind<UsageCount> {
  private counts = new Map<string, UsageCount>();
  /** accounts already counted active, per day (so a busy account costs one row a day) */
  private seen = new Map<string, Set<string>>();

  constructor(
    write: (rows: readonly UsageCount[]) => Promise<void>,
    onError: (err: unknown) => void,
    flushMs = 10_000,
    private readonly maxKeys = 20_000,
  ) {
    super(write, onError, flushMs);
  }

  record(userId: string, url: string, at = Date.now()): void {
    const day = shanghaiDay(at);
    let seen = this.seen.get(day);
    if (!seen) {
      // a new day: yesterday's set is no longer needed
      this.seen.clear();
      seen = new Set();
      this.seen.set(day, seen);
    }
    if (!seen.has(userId)) {
      seen.add(userId);
      this.add({ day, userId, kind: 'active', count: 1 });
    }
    if (SEARCH_URLS.has(url)) this.add({ day, userId, kind: 'search', count: 1 });
  }

  private add(c: UsageCount): void {
    const key = `${c.day}|${c.kind}|${c.userId}`;
    const hit = this.counts.get(key);
    if (hit) hit.count += c.count;
    else if (this.counts.size >= this.maxKeys) this.dropped += 1;
    else this.counts.set(key, { ...c });
    this.schedule();
  }

  protected override takeBatch(): UsageCount[] {
    const batch = [...this.counts.values()];
    this.counts = new Map();
    return batch;
  }
}
