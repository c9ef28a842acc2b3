import { sql } from 'kysely';
import type { KolSort } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { CreatorMatch } from './creators.repository.js';
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
/** At most this many exact name/UID matches are put first (search.repository.ts EXACT_MAX). */
const EXACT_MAX = 50;

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

interface RowDb {
  id: string;
  mid: string;
  lname: string;
  fans: string;
  index_num: string;
  plays: string;
  partition_tid: number | null;
  level: number;
  sex: number;
  official_type: number;
  mcn_id: number | null;
  is_live: number;
}

function rowOf(r: RowDb): Row {
  return {
    id: Number(r.id),
    mid: Number(r.mid),
    lname: r.lname,
    fans: Number(r.fans),
    indexNum: Number(r.index_num),
    plays: Number(r.plays),
    tid: r.partition_tid ?? -1,
    level: r.level,
    sex: r.sex,
    official: r.official_type,
    mcn: r.mcn_id ?? -1,
    live: r.is_live,
  };
}

const COLUMNS = sql`id, mid, lower(name) AS lname, fans, index_num, plays, partition_tid, level, sex, official_type,
  mcn_id, is_live`;

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
  private readonly tidLists = new Map<string, Int32Array>();

  private constructor(
    rows: Row[],
    readonly since: Date,
    readonly builtAt: number,
  ) {
    rows.sort((a, b) => before(a, b, 'fans'));
    const n = (this.n = rows.length);
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
    rows.forEach((r, p) => {
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
    });
    const positions = () => Int32Array.from({ length: n }, (_, p) => p);
    const names = this.names;
    this.byName = positions().sort((a, b) => {
      const x = names[a] ?? '';
      const y = names[b] ?? '';
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    this.byMid = positions().sort((a, b) => (this.mids[a] ?? 0) - (this.mids[b] ?? 0));
    const orderBy = (values: Float64Array) =>
      positions().sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0) || (this.ids[a] ?? 0) - (this.ids[b] ?? 0));
    this.orders = { indexNum: orderBy(this.indexNums), plays: orderBy(this.plays) };
  }

  /** Reads every creator in one REPEATABLE READ transaction and indexes the names, yielding between slices. */
  static async build(db: Db): Promise<Snapshot> {
    const started = Date.now();
    const { rows, since } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const now = await sql<{ t: Date }>`SELECT now() AS t`.execute(trx);
        const t = now.rows[0]?.t ?? new Date();
        const out: Row[] = [];
        let last = '0';
        for (;;) {
          const page = await sql<RowDb>`
            SELECT ${COLUMNS} FROM creators WHERE id > ${last}::bigint ORDER BY id LIMIT ${READ_PAGE}`.execute(trx);
          for (const x of page.rows) out.push(rowOf(x));
          if (page.rows.length < READ_PAGE) break;
          last = String(out[out.length - 1]?.id ?? last);
          await yieldToLoop();
        }
        return { rows: out, since: new Date(t.getTime() - DELTA_MARGIN_MS) };
      });
    const snapshot = new Snapshot(rows, since, started);
    await snapshot.indexGrams();
    return snapshot;
  }

  private async indexGrams(): Promise<void> {
    const counts = new Map<string, number>();
    const perName: string[][] = new Array<string[]>(this.n);
    for (let p = 0; p < this.n; p++) {
      const grams = nameGrams(this.names[p] ?? '');
      perName[p] = grams;
      for (const g of grams) counts.set(g, (counts.get(g) ?? 0) + 1);
      if (p % BUILD_SLICE === BUILD_SLICE - 1) await yieldToLoop();
    }
    const fill = new Map<string, number>();
    for (const [g, c] of counts) {
      this.grams.set(g, new Int32Array(c));
      fill.set(g, 0);
    }
    for (let p = 0; p < this.n; p++) {
      for (const g of perName[p] ?? []) {
        const list = this.grams.get(g);
        const at = fill.get(g) ?? 0;
        if (list) list[at] = p;
        fill.set(g, at + 1);
      }
      if (p % BUILD_SLICE === BUILD_SLICE - 1) await yieldToLoop();
    }
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
    const out: number[] = [];
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.names[this.byName[mid] ?? 0] ?? '') < lname) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.n && this.names[this.byName[i] ?? 0] === lname; i++) out.push(this.byName[i] ?? 0);
    return out;
  }

  /** Positions whose UID is `uid` (one, or none). */
  midPositions(uid: number): number[] {
    const out: number[] = [];
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.mids[this.byMid[mid] ?? 0] ?? 0) < uid) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.n && this.mids[this.byMid[i] ?? 0] === uid; i++) out.push(this.byMid[i] ?? 0);
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
      const extra = m.uid === null ? [] : this.midPositions(m.uid);
      if (extra.length === 0) return list;
      return Int32Array.from(new Set([...list, ...extra])).sort();
    }
    if (f.tids) return this.tidList(f.tids);
    return null;
  }

  private tidList(tids: number[]): Int32Array {
    const key = [...tids].sort((a, b) => a - b).join(',');
    let list = this.tidLists.get(key);
    if (!list) {
      const wanted = new Set(tids);
      const out: number[] = [];
      for (let p = 0; p < this.n; p++) if (wanted.has(this.tids[p] ?? -1)) out.push(p);
      list = Int32Array.from(out);
      if (this.tidLists.size >= 500) this.tidLists.clear();
      this.tidLists.set(key, list);
    }
    return list;
  }

  order(key: 'indexNum' | 'plays'): Int32Array {
    return this.orders[key];
  }
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface IndexPage {
  ids: string[];
  /** matches counted up to SEARCH_TOTAL_CAP + 1 */
  total: number;
}

export class CreatorSearchIndex {
  private snapshot: Snapshot | null = null;
  private building: Promise<void> | null = null;
  private nextBuildAt = 0;
  private delta: { at: number; since: Date; rows: Promise<Row[]> } | null = null;

  private readonly freshMs: number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly db: Db,
    options: { freshMs?: number; log?: (line: string) => void } = {},
  ) {
    this.freshMs = options.freshMs ?? DELTA_TTL_MS;
    this.log = options.log ?? (() => {});
  }

  /** Starts a build unless one runs; resolves when it ends (tests and warm-up). */
  refresh(): Promise<void> {
    if (!this.building) {
      const started = Date.now();
      this.building = Snapshot.build(this.db)
        .then((s) => {
          this.snapshot = s;
          this.delta = null;
          const ms = Date.now() - started;
          this.nextBuildAt = Date.now() + Math.max(REBUILD_MIN_MS, REBUILD_FACTOR * ms);
          this.log(`[search-index] ${s.n} creators indexed in ${ms} ms`);
        })
        .catch((err: unknown) => {
          this.nextBuildAt = Date.now() + REBUILD_MIN_MS;
          this.log(`[search-index] build failed: ${err instanceof Error ? err.message : String(err)}`);
        })
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
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
      // positions are fans order: stop once the page is full and the count reaches the cap
      const n = candidates ? candidates.length : s.n;
      for (let i = 0; i < n && (count < cap || main.length < want); i++) {
        const p = candidates ? (candidates[i] ?? 0) : i;
        if (matches(p) && live(p)) take(p);
      }
    } else if (keywordSearch && candidates !== null) {
      // a keyword's matches under another sort: all of them, sorted
      for (let i = 0; i < candidates.length; i++) {
        const p = candidates[i] ?? 0;
        if (matches(p) && live(p)) {
          count++;
          main.push(s.row(p));
        }
      }
      main.sort((a, b) => before(a, b, key));
    } else {
      // walk the sort's order
      const order = s.order(key);
      for (let i = 0; i < order.length && (count < cap || main.length < want); i++) {
        const p = order[i] ?? 0;
        if (matches(p) && live(p)) take(p);
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
    const now = Date.now();
    if (!this.delta || this.delta.since !== s.since || now - this.delta.at >= this.freshMs) {
      const rows = sql<RowDb>`
        SELECT ${COLUMNS} FROM creators WHERE updated_at >= ${s.since} LIMIT ${DELTA_MAX + 1}`
        .execute(this.db)
        .then((x) => x.rows.map(rowOf));
      this.delta = { at: now, since: s.since, rows };
      rows.catch(() => {
        if (this.delta?.rows === rows) this.delta = null;
      });
    }
    const rows = await this.delta.rows;
    if (rows.length > DELTA_MAX) {
      this.nextBuildAt = 0;
      return null;
    }
    return rows;
  }
}
