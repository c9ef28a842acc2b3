import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { KolSort } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { CreatorMatch } from './creators.repository.js';
import type { CreatorSearchBackend, IndexPage } from './search-backend.js';
import { SEARCH_TOTAL_CAP, type KolFilter } from './search.repository.js';

/**
 * An in-memory index of the searchable creator columns, answering `GET /api/searchKol` pages without
 * touching PostgreSQL (docs/api/discovery.md, "Search index"; docs/performance.md).
 *
 * Why: at 1M creators, substring search over names plus range/set filters with a sort is either a long
 * index walk (common keywords, selective filters) or a large bitmap plus a sort in PostgreSQL, 5–400 ms of
 * CPU per query on this hardware. Here the same rules run over typed arrays ordered by fans: name grams map
 * to posting lists of positions, and a page stops as soon as it is full.
 *
 * Same answers as the SQL path (search.repository.ts), which stays the source of truth and the fallback:
 * - A snapshot holds every creator as of a REPEATABLE READ read. Rows changed since (updated_at at most
 *   DELTA_MARGIN_MS before the read started, `creators_updated_at_idx`) are read again, at most once a
 *   second, and override the snapshot; so a creator collected a moment ago is found at once.
 * - The snapshot is rebuilt in the background when it is older than max(REBUILD_MIN_MS, 20 × its build
 *   time), or at once when the changed rows pass DELTA_MAX. Columns changed without touching updated_at
 *   (the nightly 云指数) are seen at the next rebuild.
 * - Filters on derived metrics (price, audience), the growth sort and impossible filters are not indexed:
 *   `page` answers null and the caller runs the SQL path, as it does until the first snapshot is built.
 */

export const REBUILD_MIN_MS = 60_000;
const REBUILD_FACTOR = 20;
/** Rows changed since the snapshot above which the snapshot is rebuilt (and SQL answers meanwhile). */
export const DELTA_MAX = 20_000;
const DELTA_TTL_MS = 1_000;
/** A transaction that wrote creators may have started this long before the snapshot read. */
const DELTA_MARGIN_MS = 120_000;
/** Names whose grams are indexed per slice of the build before yielding to the event loop. */
const BUILD_SLICE = 20_000;
const READ_PAGE = 50_000;
/**
 * Under the 云指数 or plays sort, the sort's order is walked at most this many steps before the candidates are
 * ranked instead (a broad search fills its page and count within it; a narrow one is cheaper to rank).
 */
const WALK_BUDGET = 30_000;
/** At most this many exact name/UID matches are put first (search.repository.ts EXACT_MAX). */
const EXACT_MAX = 50;

/** A level the platform did not send: outside every level filter (1–6), never taken for level 1 (issue #23 item 7). */
const UNKNOWN_LEVEL = 255;

/** One creator's searchable columns. */
interface Row {
  id: number;
  mid: number;
  lname: string;
  fans: number;
  indexNum: number;
  plays: number;
  tid: number;
  level: number;
  sex: number;
  official: number;
  mcn: number;
  live: number;
}

/** One creator's searchable columns as SQL answers them (SEARCH_COLUMNS). */
export interface SearchRowDb {
  id: string;
  mid: string;
  lname: string;
  fans: string;
  index_num: string;
  plays: string;
  partition_tid: number | null;
  /** NULL: the platform did not send it (migration 0031) */
  level: number | null;
  sex: number;
  official_type: number;
  mcn_id: number | null;
  is_live: number;
}

export function searchRowOf(r: SearchRowDb): Row {
  return {
    id: Number(r.id),
    mid: Number(r.mid),
    lname: r.lname,
    fans: Number(r.fans),
    indexNum: Number(r.index_num),
    plays: Number(r.plays),
    tid: r.partition_tid ?? -1,
    level: r.level ?? UNKNOWN_LEVEL,
    sex: r.sex,
    official: r.official_type,
    mcn: r.mcn_id ?? -1,
    live: r.is_live,
  };
}

export const SEARCH_COLUMNS = sql`id, mid, lower(name) AS lname, fans, index_num, plays, partition_tid, level, sex,
  official_type, mcn_id, is_live`;

/** The grams text_grams() (0001) puts in name_grams: distinct 1- and 2-character substrings, no blank ones. */
export function nameGrams(lname: string): string[] {
  const chars = Array.from(lname);
  const out = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    const one = chars[i] ?? '';
    if (one.trim() !== '') out.add(one);
    if (i + 1 < chars.length) {
      const two = one + (chars[i + 1] ?? '');
      if (two.trim() !== '') out.add(two);
    }
  }
  return [...out];
}

/** Sort keys: descending value, then ascending id (the SQL ORDER BY of each sort). */
type Key = 'fans' | 'indexNum' | 'plays';
const keyOfSort = (sort: KolSort | null): Key | null =>
  sort === null || sort === 'fans' ? 'fans' : sort === 'indexNum' ? 'indexNum' : sort === 'plays' ? 'plays' : null;

function before(a: Row, b: Row, key: Key): number {
  return b[key] - a[key] || a.id - b.id;
}

/** The matcher of a keyword and the filters, shared by snapshot rows and changed rows. */
class Matcher {
  private readonly tids: Set<number> | null;
  private readonly levels: Set<number> | null;
  private readonly approve: Set<number> | null;
  readonly lq: string | null;
  readonly lexact: string;
  readonly uid: number | null;

  constructor(
    match: CreatorMatch | null,
    private readonly f: KolFilter,
  ) {
    this.tids = f.tids ? new Set(f.tids) : null;
    this.levels = f.levels ? new Set(f.levels) : null;
    this.approve = f.approve ? new Set(f.approve) : null;
    this.lq = match?.name != null ? match.name.toLowerCase() : null;
    this.lexact = (match?.exact ?? '').toLowerCase();
    this.uid = match?.uid != null ? Number(match.uid) : null;
  }

  filters(r: Row): boolean {
    const f = this.f;
    if (this.tids && !this.tids.has(r.tid)) return false;
    if (f.fansMin !== null && r.fans < f.fansMin) return false;
    if (f.fansMax !== null && r.fans > f.fansMax) return false;
    if (this.levels && !this.levels.has(r.level)) return false;
    if (this.approve && !this.approve.has(r.official)) return false;
    if (f.gender !== null && r.sex !== f.gender) return false;
    if (f.mcnId === 0 && r.mcn !== -1) return false;
    if (f.mcnId !== null && f.mcnId !== 0 && r.mcn !== f.mcnId) return false;
    if (f.isLive !== null && r.live !== f.isLive) return false;
    return true;
  }

  /** filters() and keyword() on a snapshot position, without building its row */
  filtersAt(s: Snapshot, p: number): boolean {
    const f = this.f;
    if (this.tids && !this.tids.has(s.tids[p] ?? -1)) return false;
    const fans = s.fans[p] ?? 0;
    if (f.fansMin !== null && fans < f.fansMin) return false;
    if (f.fansMax !== null && fans > f.fansMax) return false;
    if (this.levels && !this.levels.has(s.levels[p] ?? 0)) return false;
    if (this.approve && !this.approve.has(s.officials[p] ?? 0)) return false;
    if (f.gender !== null && s.sexes[p] !== f.gender) return false;
    const mcn = s.mcns[p] ?? -1;
    if (f.mcnId === 0 && mcn !== -1) return false;
    if (f.mcnId !== null && f.mcnId !== 0 && mcn !== f.mcnId) return false;
    if (f.isLive !== null && s.lives[p] !== f.isLive) return false;
    return true;
  }

  keywordAt(s: Snapshot, p: number): boolean {
    return (this.uid !== null && s.mids[p] === this.uid) || (this.lq !== null && (s.names[p] ?? '').includes(this.lq));
  }

  keyword(r: Row): boolean {
    return (this.uid !== null && r.mid === this.uid) || (this.lq !== null && r.lname.includes(this.lq));
  }

  exact(r: Row): boolean {
    return (this.uid !== null && r.mid === this.uid) || r.lname === this.lexact;
  }
}

/** The creators as of one read, in fans order (position 0 = most fans). */
class Snapshot {
  readonly n: number;
  readonly ids: Float64Array;
  readonly mids: Float64Array;
  readonly fans: Float64Array;
  readonly indexNums: Float64Array;
  readonly plays: Float64Array;
  readonly tids: Int32Array;
  readonly levels: Uint8Array;
  readonly sexes: Uint8Array;
  readonly officials: Uint8Array;
  readonly mcns: Int32Array;
  readonly lives: Uint8Array;
  readonly names: string[];
  /** positions by name, by mid, by 云指数 order, by plays order */
  private readonly byName: Int32Array;
  private readonly byMid: Int32Array;
  private readonly orders: Record<'indexNum' | 'plays', Int32Array>;
  private readonly grams = new Map<string, Int32Array>();
  /** every posting list, back to back in the grams' order (the lists are views into it) */
  private gramAll: Int32Array = new Int32Array(0);
  private readonly tidLists = new Map<string, Int32Array>();
  private readonly byTid = new Map<number, Int32Array>();

  private constructor(
    n: number,
    readonly since: Date,
    readonly builtAt: number,
  ) {
    this.n = n;
    this.ids = new Float64Array(n);
    this.mids = new Float64Array(n);
    this.fans = new Float64Array(n);
    this.indexNums = new Float64Array(n);
    this.plays = new Float64Array(n);
    this.tids = new Int32Array(n);
    this.levels = new Uint8Array(n);
    this.sexes = new Uint8Array(n);
    this.officials = new Uint8Array(n);
    this.mcns = new Int32Array(n);
    this.lives = new Uint8Array(n);
    this.names = new Array<string>(n);
    this.byName = new Int32Array(n);
    this.byMid = new Int32Array(n);
    this.orders = { indexNum: new Int32Array(n), plays: new Int32Array(n) };
  }

  /**
   * Reads every creator in one REPEATABLE READ transaction through a cursor, in fans order, with its rank in
   * the other orders computed by PostgreSQL (no large sort in this process), then indexes the name grams,
   * yielding to the event loop between slices.
   */
  static async build(db: Db): Promise<Snapshot> {
    const started = Date.now();
    const snapshot = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
        const head = await sql<{ t: Date; n: string }>`SELECT now() AS t, count(*) AS n FROM creators`.execute(trx);
        const t = head.rows[0]?.t ?? new Date();
        const snap = new Snapshot(Number(head.rows[0]?.n ?? 0), new Date(t.getTime() - DELTA_MARGIN_MS), started);
        // ranks in byte order of the lowercased name (the binary search compares UTF-8 bytes), mid, 云指数, plays
        await sql`
          DECLARE xg_search_index NO SCROLL CURSOR FOR
          SELECT ${SEARCH_COLUMNS},
                 (row_number() OVER (ORDER BY convert_to(lower(name), 'UTF8'), id))::int - 1 AS r_name,
                 (row_number() OVER (ORDER BY mid, id))::int - 1 AS r_mid,
                 (row_number() OVER (ORDER BY index_num DESC, id))::int - 1 AS r_index,
                 (row_number() OVER (ORDER BY plays DESC, id))::int - 1 AS r_plays
          FROM creators ORDER BY fans DESC, id`.execute(trx);
        let p = 0;
        for (;;) {
          const page = await sql<SearchRowDb & { r_name: number; r_mid: number; r_index: number; r_plays: number }>`
            FETCH ${sql.raw(String(READ_PAGE))} FROM xg_search_index`.execute(trx);
          for (const x of page.rows) {
            if (p >= snap.n) break; // rows are counted in the same snapshot: cannot happen
            snap.put(p, searchRowOf(x));
            snap.byName[x.r_name] = p;
            snap.byMid[x.r_mid] = p;
            snap.orders.indexNum[x.r_index] = p;
            snap.orders.plays[x.r_plays] = p;
            p++;
          }
          if (page.rows.length < READ_PAGE) break;
          await yieldToLoop();
        }
        await sql`CLOSE xg_search_index`.execute(trx);
        return snap;
      });
    snapshot.indexPartitions();
    await snapshot.indexGrams();
    return snapshot;
  }

  /**
   * A snapshot of rows given in memory, in fans order (fans descending, then id), without a database
   * (CreatorSearchIndex.inMemory: bench/search-index-scale.mjs). The other orders, which PostgreSQL computes for
   * build(), are `given` by the caller or sorted here; `timings` receives the milliseconds of each step.
   */
  static async fromRows(
    n: number,
    rowAt: (p: number) => Row,
    timings: Record<string, number> = {},
    given?: { byName: Int32Array; byMid: Int32Array; indexNum: Int32Array; plays: Int32Array },
  ): Promise<Snapshot> {
    let t = Date.now();
    const lap = (step: string) => {
      timings[step] = Date.now() - t;
      t = Date.now();
    };
    const snap = new Snapshot(n, new Date(), Date.now());
    for (let p = 0; p < n; p++) {
      const r = rowAt(p);
      snap.put(p, r);
      if (p > 0 && before(snap.row(p - 1), r, 'fans') > 0) throw new Error('search index rows: not in fans order');
      if (p % BUILD_SLICE === BUILD_SLICE - 1) await yieldToLoop();
    }
    lap('rows');
    if (given) {
      // the orders computed by the caller (as PostgreSQL computes them for build())
      snap.byName.set(given.byName);
      snap.byMid.set(given.byMid);
      snap.orders.indexNum.set(given.indexNum);
      snap.orders.plays.set(given.plays);
    } else snap.sortOrders();
    lap('orders');
    snap.indexPartitions();
    await snap.indexGrams();
    lap('grams');
    return snap;
  }

  /** The name, UID, 云指数 and plays orders of the positions, sorted here (fromRows without given orders). */
  private sortOrders(): void {
    const n = this.n;
    const positions = () => Int32Array.from({ length: n }, (_, i) => i);
    const ids = this.ids;
    // UTF-16 order is UTF-8 byte order unless a surrogate pair is involved (then compare the bytes)
    const astral = Uint8Array.from(this.names, (x) => (/[\uD800-\uDFFF]/.test(x) ? 1 : 0));
    const names = this.names;
    this.byName.set(
      positions().sort((x, y) => {
        const a = names[x] ?? '';
        const b = names[y] ?? '';
        if (a === b) return (ids[x] ?? 0) - (ids[y] ?? 0);
        if (astral[x] || astral[y]) return utf8Compare(a, b);
        return a < b ? -1 : 1;
      }),
    );
    this.byMid.set(
      positions().sort((x, y) => (this.mids[x] ?? 0) - (this.mids[y] ?? 0) || (ids[x] ?? 0) - (ids[y] ?? 0)),
    );
    for (const key of ['indexNum', 'plays'] as const) {
      const v = key === 'indexNum' ? this.indexNums : this.plays;
      this.orders[key].set(positions().sort((x, y) => (v[y] ?? 0) - (v[x] ?? 0) || (ids[x] ?? 0) - (ids[y] ?? 0)));
    }
  }

  private put(p: number, r: Row): void {
    this.ids[p] = r.id;
    this.mids[p] = r.mid;
    this.fans[p] = r.fans;
    this.indexNums[p] = r.indexNum;
    this.plays[p] = r.plays;
    this.tids[p] = r.tid;
    this.levels[p] = r.level;
    this.sexes[p] = r.sex;
    this.officials[p] = r.official;
    this.mcns[p] = r.mcn;
    this.lives[p] = r.live;
    this.names[p] = r.lname;
  }

  /** Posting lists of every name gram: positions ascending (fans order); two passes, no per-name storage. */
  private async indexGrams(): Promise<void> {
    const counts = new Map<string, number>();
    for (let p = 0; p < this.n; p++) {
      for (const g of nameGrams(this.names[p] ?? '')) counts.set(g, (counts.get(g) ?? 0) + 1);
      if (p % BUILD_SLICE === BUILD_SLICE - 1) await yieldToLoop();
    }
    let total = 0;
    for (const c of counts.values()) total += c;
    const all = new Int32Array(total);
    this.gramAll = all;
    const fill = new Map<string, number>();
    let start = 0;
    for (const [g, c] of counts) {
      this.grams.set(g, all.subarray(start, start + c));
      fill.set(g, start);
      start += c;
    }
    counts.clear();
    for (let p = 0; p < this.n; p++) {
      for (const g of nameGrams(this.names[p] ?? '')) {
        const at = fill.get(g) ?? 0;
        all[at] = p;
        fill.set(g, at + 1);
      }
      if (p % BUILD_SLICE === BUILD_SLICE - 1) await yieldToLoop();
    }
  }

  /**
   * The snapshot as a file (issue #28 item 3): a line of magic, a JSON header line, then the arrays, each padded
   * to 8 bytes. Names and gram keys are NUL-separated UTF-8 (PostgreSQL text cannot hold NUL).
   */
  toFile(meta: { db: string; buildMs: number }): Buffer[] {
    const names = Buffer.from(this.names.join('\0'), 'utf8');
    const keys = [...this.grams.keys()];
    const gramKeys = Buffer.from(keys.join('\0'), 'utf8');
    const gramCounts = Int32Array.from(keys, (k) => this.grams.get(k)?.length ?? 0);
    const header: SnapshotHeader = {
      version: SNAPSHOT_VERSION,
      db: meta.db,
      n: this.n,
      since: this.since.toISOString(),
      builtAt: this.builtAt,
      buildMs: meta.buildMs,
      grams: keys.length,
      gramTotal: this.gramAll.length,
      namesBytes: names.length,
      gramKeysBytes: gramKeys.length,
    };
    const parts: Buffer[] = [Buffer.from(`${SNAPSHOT_MAGIC}\n${JSON.stringify(header)}\n`, 'utf8')];
    for (const a of this.arrays()) parts.push(bytesOf(a));
    parts.push(names, gramKeys, bytesOf(gramCounts), bytesOf(this.gramAll));
    return padded(parts);
  }

  /** Reads a file of toFile(); null when it is not one, another version, or another database's. */
  static fromFile(buf: Buffer, db: string): { snapshot: Snapshot; header: SnapshotHeader } | null {
    const first = buf.indexOf(10);
    const second = first < 0 ? -1 : buf.indexOf(10, first + 1);
    if (second < 0 || buf.toString('utf8', 0, first) !== SNAPSHOT_MAGIC) return null;
    const header = JSON.parse(buf.toString('utf8', first + 1, second)) as SnapshotHeader;
    if (header.version !== SNAPSHOT_VERSION || header.db !== db) return null;
    const snap = new Snapshot(header.n, new Date(header.since), header.builtAt);
    let at = pad8(second + 1);
    const take = (bytes: number): Buffer => {
      const out = buf.subarray(at, at + bytes);
      if (out.length !== bytes) throw new Error('search index file: truncated');
      at = pad8(at + bytes);
      return out;
    };
    for (const a of snap.arrays()) new Uint8Array(a.buffer, a.byteOffset, a.byteLength).set(take(a.byteLength));
    const names = take(header.namesBytes).toString('utf8').split('\0');
    if (names.length !== header.n && header.n > 0) throw new Error('search index file: names do not match');
    for (let p = 0; p < header.n; p++) snap.names[p] = names[p] ?? '';
    const keys = header.grams === 0 ? [] : take(header.gramKeysBytes).toString('utf8').split('\0');
    if (header.grams === 0) take(header.gramKeysBytes);
    const counts = new Int32Array(header.grams);
    new Uint8Array(counts.buffer).set(take(counts.byteLength));
    const all = new Int32Array(header.gramTotal);
    new Uint8Array(all.buffer).set(take(all.byteLength));
    snap.gramAll = all;
    let start = 0;
    for (let i = 0; i < keys.length; i++) {
      const c = counts[i] ?? 0;
      snap.grams.set(keys[i] ?? '', all.subarray(start, start + c));
      start += c;
    }
    snap.indexPartitions();
    return { snapshot: snap, header };
  }

  /** The fixed-size arrays, in file order. */
  private arrays(): (Float64Array | Int32Array | Uint8Array)[] {
    return [
      this.ids,
      this.mids,
      this.fans,
      this.indexNums,
      this.plays,
      this.tids,
      this.mcns,
      this.byName,
      this.byMid,
      this.orders.indexNum,
      this.orders.plays,
      this.levels,
      this.sexes,
      this.officials,
      this.lives,
    ];
  }

  row(p: number): Row {
    return {
      id: this.ids[p] ?? 0,
      mid: this.mids[p] ?? 0,
      lname: this.names[p] ?? '',
      fans: this.fans[p] ?? 0,
      indexNum: this.indexNums[p] ?? 0,
      plays: this.plays[p] ?? 0,
      tid: this.tids[p] ?? -1,
      level: this.levels[p] ?? 0,
      sex: this.sexes[p] ?? 0,
      official: this.officials[p] ?? 0,
      mcn: this.mcns[p] ?? -1,
      live: this.lives[p] ?? 0,
    };
  }

  id(p: number): number {
    return this.ids[p] ?? 0;
  }

  /** Positions whose (lowercased) name is `lname`. */
  namePositions(lname: string): number[] {
    const at = lowerBound(this.n, (i) => utf8Compare(this.names[this.byName[i] ?? 0] ?? '', lname) < 0);
    const out: number[] = [];
    for (let i = at; i < this.n && this.names[this.byName[i] ?? 0] === lname; i++) out.push(this.byName[i] ?? 0);
    return out;
  }

  /** Positions whose UID is `uid` (one, or none). */
  midPositions(uid: number): number[] {
    const at = lowerBound(this.n, (i) => (this.mids[this.byMid[i] ?? 0] ?? 0) < uid);
    const out: number[] = [];
    for (let i = at; i < this.n && this.mids[this.byMid[i] ?? 0] === uid; i++) out.push(this.byMid[i] ?? 0);
    return out;
  }

  /** Exact name or UID matches, in fans order. */
  exactPositions(m: Matcher): number[] {
    const out = [...this.namePositions(m.lexact), ...(m.uid === null ? [] : this.midPositions(m.uid))];
    return [...new Set(out)].sort((a, b) => a - b);
  }

  /**
   * Candidate positions in fans order: every position that can match the keyword (the posting list of the
   * keyword's rarest gram, plus the UID's position), or the positions of the filtered partitions, or all.
   */
  candidates(m: Matcher, f: KolFilter): ArrayLike<number> | null {
    if (m.lq !== null || m.uid !== null) {
      let list: Int32Array = new Int32Array(0);
      if (m.lq !== null) {
        const grams = Array.from(m.lq).length <= 2 ? [m.lq] : nameGrams(m.lq).filter((g) => Array.from(g).length === 2);
        // no usable gram (blank runs only): every position is a candidate, the keyword check decides
        if (grams.length === 0) return null;
        let best: Int32Array | null = null;
        for (const g of grams) {
          const l = this.grams.get(g) ?? new Int32Array(0);
          if (!best || l.length < best.length) best = l;
        }
        list = best ?? new Int32Array(0);
      }
      const extra = (m.uid === null ? [] : this.midPositions(m.uid)).filter((p) => !sortedHas(list, p));
      // insert the (one) UID position where it belongs: a copy, no sort
      for (const p of extra) list = sortedInsert(list, p);
      return list;
    }
    if (f.tids) return this.tidList(f.tids);
    return null;
  }

  /** The positions of the creators of these partitions, ascending (merged from the per-partition lists). */
  private tidList(tids: number[]): Int32Array {
    const key = [...tids].sort((a, b) => a - b).join(',');
    let list = this.tidLists.get(key);
    if (!list) {
      const parts = [...new Set(tids)].map((tid) => this.byTid.get(tid) ?? new Int32Array(0));
      list = new Int32Array(parts.reduce((sum, l) => sum + l.length, 0));
      let at = 0;
      for (const l of parts) {
        list.set(l, at);
        at += l.length;
      }
      if (parts.length > 1) list.sort();
      if (this.tidLists.size >= 500) this.tidLists.clear();
      this.tidLists.set(key, list);
    }
    return list;
  }

  /** Per-partition position lists (ascending), one pass over the snapshot. */
  private indexPartitions(): void {
    const counts = new Map<number, number>();
    for (let p = 0; p < this.n; p++) {
      const tid = this.tids[p] ?? -1;
      counts.set(tid, (counts.get(tid) ?? 0) + 1);
    }
    const fill = new Map<number, number>();
    for (const [tid, c] of counts) {
      this.byTid.set(tid, new Int32Array(c));
      fill.set(tid, 0);
    }
    for (let p = 0; p < this.n; p++) {
      const tid = this.tids[p] ?? -1;
      const at = fill.get(tid) ?? 0;
      const list = this.byTid.get(tid);
      if (list) list[at] = p;
      fill.set(tid, at + 1);
    }
  }

  order(key: 'indexNum' | 'plays'): Int32Array {
    return this.orders[key];
  }
}

/** Byte order of the UTF-8 encodings (PostgreSQL's convert_to(…, 'UTF8') order). */
function utf8Compare(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The first index in [0, n) for which `below` is false (`below` is true on a prefix). */
function lowerBound(n: number, below: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An ascending list with `p` inserted in its place (a new array). */
function sortedInsert(list: Int32Array, p: number): Int32Array {
  const at = lowerBound(list.length, (i) => (list[i] ?? 0) < p);
  const out = new Int32Array(list.length + 1);
  out.set(list.subarray(0, at));
  out[at] = p;
  out.set(list.subarray(at), at + 1);
  return out;
}

/** Whether an ascending list holds `p`. */
function sortedHas(list: Int32Array, p: number): boolean {
  return list[lowerBound(list.length, (i) => (list[i] ?? 0) < p)] === p;
}

/** The first `k` of a stream under `cmp` (a bounded max-heap of the best so far). */
class TopK {
  private readonly heap: number[] = [];

  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}

  offer(x: number): void {
    const h = this.heap;
    if (this.k <= 0) return;
    if (h.length < this.k) {
      h.push(x);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.cmp(h[parent] ?? 0, h[i] ?? 0) >= 0) break;
        [h[parent], h[i]] = [h[i] ?? 0, h[parent] ?? 0];
        i = parent;
      }
      return;
    }
    // h[0] is the worst kept: replace it when x comes before it
    if (this.cmp(x, h[0] ?? 0) >= 0) return;
    h[0] = x;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.cmp(h[l] ?? 0, h[worst] ?? 0) > 0) worst = l;
      if (r < h.length && this.cmp(h[r] ?? 0, h[worst] ?? 0) > 0) worst = r;
      if (worst === i) break;
      [h[worst], h[i]] = [h[i] ?? 0, h[worst] ?? 0];
      i = worst;
    }
  }

  sorted(): number[] {
    return [...this.heap].sort(this.cmp);
  }
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The search index file's first line and format version (bump the version when the snapshot's layout changes). */
const SNAPSHOT_MAGIC = 'xg-search-index';
const SNAPSHOT_VERSION = 1;

interface SnapshotHeader {
  version: number;
  /** the database's identity (CreatorSearchIndex.identity): a file of another database is never loaded */
  db: string;
  n: number;
  since: string;
  builtAt: number;
  buildMs: number;
  grams: number;
  gramTotal: number;
  namesBytes: number;
  gramKeysBytes: number;
}

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

function bytesOf(a: Float64Array | Int32Array | Uint8Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/** The parts with zero bytes after each so that every part starts at a multiple of 8. */
function padded(parts: Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  for (const p of parts) {
    out.push(p);
    const gap = pad8(p.length) - p.length;
    if (gap > 0) out.push(Buffer.alloc(gap));
  }
  return out;
}

export type { IndexPage } from './search-backend.js';

/**
 * A creator's searchable columns given in memory (CreatorSearchIndex.inMemory: benches, no database); the
 * fields of Row, `lname` already lowercased, `tid`/`mcn` -1 and `level` 255 where the database has NULL.
 */
export type SearchRow = Row;

export class CreatorSearchIndex implements CreatorSearchBackend {
  private snapshot: Snapshot | null = null;
  private building: Promise<void> | null = null;
  private nextBuildAt = 0;
  private delta: { at: number; since: Date; rows: Promise<Row[]> } | null = null;
  private loadTried = false;
  private saving: Promise<void> | null = null;

  private readonly freshMs: number;
  private readonly walkBudget: number;
  private readonly log: (line: string) => void;
  private readonly snapshotFile: string | null;

  constructor(
    /** null: an index of rows given in memory (inMemory), never rebuilt, with no changed rows */
    private readonly db: Db | null,
    options: {
      freshMs?: number;
      walkBudget?: number;
      log?: (line: string) => void;
      /**
       * Where each build's snapshot is written and where the first refresh() of a process loads it from, so a
       * restarted API process answers from the index within seconds instead of after a full build (issue #28
       * item 3); null: no file.
       */
      snapshotFile?: string | null;
    } = {},
  ) {
    this.freshMs = options.freshMs ?? DELTA_TTL_MS;
    this.walkBudget = options.walkBudget ?? WALK_BUDGET;
    this.log = options.log ?? (() => {});
    this.snapshotFile = options.snapshotFile ?? null;
  }

  /**
   * Starts a build unless one runs; resolves when it ends (tests and warm-up). The first call of a process with
   * a snapshot file loads that file instead when it is this database's: the index answers at once, with the
   * changed rows read on top as usual, and the next build is due when the file's snapshot would have been
   * rebuilt anyway (not before REBUILD_MIN_MS).
   */
  refresh(): Promise<void> {
    const db = this.db;
    if (!db) return Promise.resolve();
    if (!this.building) {
      this.building = (async () => {
        if (!this.snapshot && this.snapshotFile && !this.loadTried) {
          this.loadTried = true;
          if (await this.load(this.snapshotFile)) return;
        }
        const started = Date.now();
        try {
          const s = await Snapshot.build(db);
          this.snapshot = s;
          this.delta = null;
          const ms = Date.now() - started;
          this.nextBuildAt = Date.now() + Math.max(REBUILD_MIN_MS, REBUILD_FACTOR * ms);
          this.log(`[search-index] ${s.n} creators indexed in ${ms} ms`);
          if (this.snapshotFile) this.saving = this.save(this.snapshotFile, s, ms);
        } catch (err) {
          this.nextBuildAt = Date.now() + REBUILD_MIN_MS;
          this.log(`[search-index] build failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      })().finally(() => {
        this.building = null;
      });
    }
    return this.building;
  }

  /**
   * An index of `n` rows given in memory, in fans order (fans descending, then id): no database, never rebuilt,
   * no changed rows. `orders`: the positions in name (UTF-8 bytes, then id), UID, 云指数 and plays order (then
   * id), when the caller has them (else sorted here). For measuring the index at sizes no test database holds (bench/search-index-scale.mjs).
   */
  static async inMemory(
    n: number,
    rowAt: (p: number) => SearchRow,
    timings: Record<string, number> = {},
    orders?: { byName: Int32Array; byMid: Int32Array; indexNum: Int32Array; plays: Int32Array },
  ): Promise<CreatorSearchIndex> {
    const index = new CreatorSearchIndex(null);
    index.snapshot = await Snapshot.fromRows(n, rowAt, timings, orders);
    index.nextBuildAt = Infinity;
    return index;
  }

  /** Writes the current snapshot to `file` as a build would (benches); resolves when written. */
  async writeFile(file: string): Promise<void> {
    if (this.snapshot) await this.save(file, this.snapshot, 0);
  }

  /** Replaces the snapshot by `file`'s (benches); false when the file is not this database's or unreadable. */
  loadFile(file: string): Promise<boolean> {
    return this.load(file);
  }

  /** The snapshot file being written, if any (tests). */
  async saved(): Promise<void> {
    await this.saving;
  }

  /** The database this index reads: a snapshot file of another database (or a restored copy) is not loaded. */
  private async identity(): Promise<string> {
    if (!this.db) return 'in-memory';
    const name = await sql<{ name: string }>`SELECT current_database() AS name`.execute(this.db);
    const system = await sql<{ id: string }>`SELECT system_identifier::text AS id FROM pg_control_system()`
      .execute(this.db)
      .then((r) => r.rows[0]?.id ?? '')
      .catch(() => '');
    return `${system}/${name.rows[0]?.name ?? ''}`;
  }

  /** Writes the snapshot beside `file` and renames it in place (a reader never sees half a file). */
  private async save(file: string, s: Snapshot, buildMs: number): Promise<void> {
    const started = Date.now();
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      const parts = s.toFile({ db: await this.identity(), buildMs });
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const handle = await fs.promises.open(tmp, 'w');
      try {
        for (let i = 0; i < parts.length; i += 256) await handle.writev(parts.slice(i, i + 256));
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, file);
      const bytes = parts.reduce((sum, p) => sum + p.length, 0);
      this.log(
        `[search-index] snapshot written to ${file} (${Math.round(bytes / 1e6)} MB in ${Date.now() - started} ms)`,
      );
    } catch (err) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      this.log(`[search-index] snapshot not written: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Loads a snapshot file of this database; false when there is none or it cannot be used. */
  private async load(file: string): Promise<boolean> {
    const started = Date.now();
    try {
      const buf = await fs.promises.readFile(file);
      const read = Snapshot.fromFile(buf, await this.identity());
      if (!read) {
        this.log(`[search-index] ${file} is not this database's snapshot: building`);
        return false;
      }
      const { snapshot, header } = read;
      this.snapshot = snapshot;
      this.delta = null;
      const due = header.builtAt + header.buildMs + Math.max(REBUILD_MIN_MS, REBUILD_FACTOR * header.buildMs);
      this.nextBuildAt = Math.max(Date.now() + REBUILD_MIN_MS, due);
      this.log(
        `[search-index] ${snapshot.n} creators loaded from ${file} in ${Date.now() - started} ms ` +
          `(built ${new Date(header.builtAt).toISOString()}; next build in ${Math.round((this.nextBuildAt - Date.now()) / 1000)} s)`,
      );
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log(`[search-index] ${file} not loaded: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  get size(): number | null {
    return this.snapshot?.n ?? null;
  }

  /**
   * One page of creator ids and the capped match count, as KolSearchRepository.searchPageIds and
   * countMatches would answer them; null when the index cannot answer (not built yet, metrics filters, the
   * growth sort, too many changed rows).
   */
  async page(
    match: CreatorMatch | null,
    f: KolFilter,
    sort: KolSort | null,
    page: { limit: number; offset: number },
  ): Promise<IndexPage | null> {
    if (Date.now() >= this.nextBuildAt) void this.refresh();
    const s = this.snapshot;
    const key = keyOfSort(sort);
    if (!s || key === null || f.metrics.length > 0 || f.impossible) return null;
    const changed = await this.changedRows(s);
    if (changed === null) return null;
    const m = new Matcher(match, f);
    const changedIds = new Set(changed.map((r) => r.id));
    const want = page.offset + page.limit;
    const cap = SEARCH_TOTAL_CAP + 1;
    const keywordSearch = match !== null;
    const fresh = changed.filter((r) => m.filters(r) && (!keywordSearch || m.keyword(r)));
    const live = (p: number) => !changedIds.has(s.id(p));

    // exact name/UID matches first (keyword without an explicit sort)
    const exactFirst = keywordSearch && sort === null;
    let exact: Row[] = [];
    if (exactFirst) {
      exact = [
        ...s
          .exactPositions(m)
          .filter(live)
          .map((p) => s.row(p)),
        ...fresh,
      ]
        .filter((r) => m.exact(r) && m.filters(r))
        .sort((a, b) => before(a, b, 'fans'))
        .slice(0, EXACT_MAX);
    }
    const isMain = (r: Row) => !exactFirst || !m.exact(r);

    const main: Row[] = [];
    let count = 0;
    const take = (p: number) => {
      count++;
      if (main.length < want) {
        const r = s.row(p);
        if (isMain(r)) main.push(r);
      }
    };
    const candidates = s.candidates(m, f);
    const matches = (p: number) => m.filtersAt(s, p) && (!keywordSearch || m.keywordAt(s, p));
    if (key === 'fans') {
      // positions are fans order: stop once the page is full and the count reaches the cap, or once the fans
      // fall below fansMin (nothing after can match)
      const n = candidates ? candidates.length : s.n;
      const fansMin = f.fansMin ?? -Infinity;
      for (let i = 0; i < n && (count < cap || main.length < want); i++) {
        const p = candidates ? (candidates[i] ?? 0) : i;
        if ((s.fans[p] ?? 0) < fansMin) break;
        if (matches(p) && live(p)) take(p);
      }
    } else {
      // another sort: walk its order while that fills the page and the count quickly (broad searches) …
      const order = s.order(key);
      const budget = candidates === null && f.fansMin === null ? order.length : this.walkBudget;
      let i = 0;
      for (; i < order.length && i < budget && (count < cap || main.length < want); i++) {
        const p = order[i] ?? 0;
        if (matches(p) && live(p)) take(p);
      }
      if (i >= budget && i < order.length && (count < cap || main.length < want)) {
        // … else rank the candidates (fans order, so a fansMin ends them early), keeping the first `want`
        count = 0;
        main.length = 0;
        const values = key === 'indexNum' ? s.indexNums : s.plays;
        const first = new TopK(want, (x, y) => (values[y] ?? 0) - (values[x] ?? 0) || s.id(x) - s.id(y));
        const n = candidates ? candidates.length : s.n;
        const fansMin = f.fansMin ?? -Infinity;
        for (let j = 0; j < n; j++) {
          const p = candidates ? (candidates[j] ?? 0) : j;
          if ((s.fans[p] ?? 0) < fansMin) break;
          if (matches(p) && live(p)) {
            count++;
            first.offer(p);
          }
        }
        for (const p of first.sorted()) main.push(s.row(p));
      }
    }
    count += fresh.length;
    const merged = [...main.slice(0, want), ...fresh.filter(isMain)].sort((a, b) => before(a, b, key)).slice(0, want);
    const ordered = exactFirst ? [...exact, ...merged] : merged;
    return {
      ids: ordered.slice(page.offset, page.offset + page.limit).map((r) => String(r.id)),
      total: Math.min(count, cap),
    };
  }

  /** Creators written since the snapshot's read (kept `freshMs`); null when there are too many. */
  private async changedRows(s: Snapshot): Promise<Row[] | null> {
    const db = this.db;
    if (!db) return [];
    const now = Date.now();
    if (!this.delta || this.delta.since !== s.since || now - this.delta.at >= this.freshMs) {
      const rows = sql<SearchRowDb>`
        SELECT ${SEARCH_COLUMNS} FROM creators WHERE updated_at >= ${s.since} LIMIT ${DELTA_MAX + 1}`
        .execute(db)
        .then((x) => x.rows.map(searchRowOf));
      this.delta = { at: now, since: s.since, rows };
      rows.catch(() => {
        if (this.delta?.rows === rows) this.delta = null;
      });
    }
    const rows = await this.delta.rows;
    if (rows.length > DELTA_MAX) {
      // rebuild soon, but not more often than REBUILD_MIN_MS (a bulk import may keep writing)
      this.nextBuildAt = Math.min(this.nextBuildAt, s.builtAt + REBUILD_MIN_MS);
      return null;
    }
    return rows;
  }
}
