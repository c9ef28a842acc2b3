import { DiscoveryMsg, type ThemeInfo } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { CatalogRepository, McnOption, PartitionRow } from './catalog.repository.js';

/** A value read at most once per `ttlMs`; concurrent readers share one load. */
export class Cached<T> {
  private value: { at: number; data: Promise<T> } | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}

  get(now = Date.now()): Promise<T> {
    if (this.value && now - this.value.at < this.ttlMs) return this.value.data;
    const data = this.load();
    this.value = { at: now, data };
    data.catch(() => {
      this.value = null; // a failed load is not kept
    });
    return data;
  }

  /** Drops the value: the next get() loads. */
  forget(): void {
    this.value = null;
  }

  /** Whether get() would answer without loading. */
  fresh(now = Date.now()): boolean {
    return this.value !== null && now - this.value.at < this.ttlMs;
  }
}

/**
 * Cached values by key, each with its own loader and the same time to live; at most `maxEntries` kept
 * (the oldest inserted goes first).
 */
export class CachedMap<K, T> {
  private readonly entries = new Map<K, Cached<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: K, load: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = new Cached(this.ttlMs, load);
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
    }
    return entry.get();
  }

  /** Forgets every entry (the data behind them was rewritten in this process). */
  clear(): void {
    this.entries.clear();
  }

  /** Whether get(key) would answer without loading. */
  has(key: K): boolean {
    return this.entries.get(key)?.fresh() ?? false;
  }

  /** The value get(key) would answer without loading, or undefined (nothing kept, or too old). */
  peek(key: K): Promise<T> | undefined {
    const entry = this.entries.get(key);
    return entry?.fresh() ? entry.get() : undefined;
  }

  /** Stores a value known without loading it (e.g. a count read off a short last page). */
  put(key: K, value: T): void {
    this.entries.delete(key);
    void this.get(key, () => Promise.resolve(value));
  }
}

/** How long a read-only discovery endpoint reuses an account's tier (see cachedTierOf). */
export const TIER_TTL_MS = 10_000;

/**
 * An account's tier for the read-only discovery gates (ranking depth, price in kolDetail), reused for
 * TIER_TTL_MS: those answers may follow an upgrade or an expiry 10 s late, and the hot list endpoints save
 * a database round trip per request. Gates that spend or write anything use the uncached tier.
 */
export function cachedTierOf(
  tierOf: (userId: string) => Promise<{ userType: number }>,
): (userId: string) => Promise<{ userType: number }> {
  const tiers = new CachedMap<string, { userType: number }>(TIER_TTL_MS, 10_000);
  return (userId) => tiers.get(userId, () => tierOf(userId));
}

export const MCN_LIST_LIMIT = 100;

/**
 * Partitions (分区) and MCNs for filters. Partitions change only with a migration or an import, so the tree
 * is kept 5 minutes in memory; the MCN list (a group-by over all creators) 10 minutes.
 */
export class CatalogService {
  private readonly partitionRows: Cached<PartitionRow[]>;
  private readonly mcns: Cached<McnOption[]>;

  constructor(private readonly catalog: CatalogRepository) {
    this.partitionRows = new Cached(5 * 60_000, () => catalog.partitions());
    this.mcns = new Cached(10 * 60_000, () => catalog.topMcns(MCN_LIST_LIMIT));
  }

  /** The two-level tree, top-level partitions in their order with their children. */
  async tree(): Promise<ThemeInfo[]> {
    const rows = await this.partitionRows.get();
    return rows
      .filter((r) => r.parentId === null)
      .map((top) => ({
        tid: top.tid,
        name: top.name,
        children: rows.filter((r) => r.parentId === top.tid).map((c) => ({ tid: c.tid, name: c.name })),
      }));
  }

  async partition(tid: number): Promise<PartitionRow | undefined> {
    return (await this.partitionRows.get()).find((r) => r.tid === tid);
  }

  /** A partition's name by tid (for answers), or null. */
  async names(): Promise<Map<number, PartitionRow>> {
    return new Map((await this.partitionRows.get()).map((r) => [r.tid, r]));
  }

  /**
   * The creator partitions a `tid` filter covers: a top-level tid → itself and its children, a second-level
   * tid → itself. Unknown → `分区参数有误`.
   */
  async expand(tid: number): Promise<number[]> {
    const rows = await this.partitionRows.get();
    const node = rows.find((r) => r.tid === tid);
    if (!node) throw AppError.fail(DiscoveryMsg.tidInvalid, { field: 'tid' });
    if (node.parentId !== null) return [tid];
    return [tid, ...rows.filter((r) => r.parentId === tid).map((r) => r.tid)];
  }

  /** Second-level tids, each checked (and, with a top-level `tid`, checked to be its children). */
  async checkChildren(tids: number[], parent: number | null): Promise<number[]> {
    const rows = await this.partitionRows.get();
    for (const t of tids) {
      const node = rows.find((r) => r.tid === t);
      if (!node || node.parentId === null || (parent !== null && node.parentId !== parent)) {
        throw AppError.fail(DiscoveryMsg.twoSortFlagInvalid, { field: 'twoSortFlag' });
      }
    }
    return tids;
  }

  topMcns(): Promise<McnOption[]> {
    return this.mcns.get();
  }

  async checkMcn(id: number): Promise<void> {
    if (id === 0) return;
    if (!(await this.catalog.mcnExists(id))) throw AppError.fail(DiscoveryMsg.mcnInvalid, { field: 'mcnId' });
  }
}
