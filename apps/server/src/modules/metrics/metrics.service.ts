/**
 * Orchestrates the derived-data rollup of a day (docs/metrics.md, "Derived data"). A day's work runs
 * in one transaction under an advisory lock, and every table is replaced per key (delete + insert, or
 * an upsert per creator), so running a day twice gives the same rows.
 *
 * Per-day parts (any day): fan events, mcn_daily and the ranking lists of that day.
 * Current parts (only when the day is not older than the latest day already rolled up): 云指数
 * (creators.index_num), creator_metrics and the portraits — they describe "now" and must not go back
 * in time when an older day is re-run.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import {
  LIST_SIZE,
  PERIODS,
  VIDEO_WINDOW_TABLE,
  buildDayTable,
  buildRankingDays,
  buildVideoWindow,
  dropTempTables,
  fillVideoWindow,
  latestCurrentDay,
  latestSnapshotDay,
  refreshCreatorState,
  swapCreatorMetrics,
  writeCreatorMetrics,
  writeFanEvents,
  writeFanEventsOfDay,
  writeIndexNum,
  writeMcnDaily,
  writeMcnDailyOfDay,
  writePortraits,
  writeRankings,
  type Executor,
  type Period,
} from './metrics.repository.js';

/** Serialises rollups (two nightly jobs, or a job and a seed load). */
const ROLLUP_LOCK = 734_211_007;
/** work_mem of the rollup's transaction (per sort / hash node). */
const ROLLUP_WORK_MEM = '256MB';

export interface RollupDayOptions {
  /** Ranking list length (default 500). */
  listSize?: number;
  /** Also compute the fan events of the day (default true; a backfill writes them for its whole range). */
  events?: boolean;
  /** Compute the current parts: true, false, or 'auto' (default: when day ≥ the latest rolled-up day). */
  current?: boolean | 'auto';
  /** The periods whose ranking lists are computed (default all three; [] for none). */
  periods?: readonly Period[];
  /** Also write mcn_daily for the day (default true; a backfill writes it for its whole range). */
  mcnDaily?: boolean;
  /**
   * The plan before issue #28 (for the test that compares both): the day table in one statement on the rollup's
   * connection, and every ranking list sorted over the whole day table. Same rows, slower at 1M creators.
   */
  reference?: boolean;
}

export interface RollupDaySummary {
  day: string;
  events: number;
  rankingRows: number;
  current: boolean;
  ms: number;
  /** Milliseconds of each step, in order (for logs and bench/rollup.mjs). */
  steps: Record<string, number>;
  /** Whether a second connection computed the video window beside the day table (videoWindowAside). */
  aside: boolean;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function assertDay(day: string): void {
  if (
    !DAY_RE.test(day) ||
    Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
    new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
  ) {
    throw new Error(`rollup day must be 'YYYY-MM-DD', got '${day}'`);
  }
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Takes the rollup lock in the caller's transaction (until its end), so it waits for a running rollup and a rollup
 * waits for it (the demo world's growth inserts creators, which a rollup's creator_metrics swap deadlocked with).
 */
export async function takeRollupLock(trx: Executor): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
}

/** Runs `work` in a transaction holding the rollup lock; inside the caller's transaction if given one. */
async function locked<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  const run = async (trx: Executor) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    // The statements are planned over temp tables and small worlds, where JIT compilation costs more
    // than it saves (seconds at the demo scale). The ranking windows sort every listed creator per list
    // (millions of rows at 1M creators): with the default 4 MB they spill to disk, so the rollup sorts in
    // memory (ROLLUP_WORK_MEM). The caller's settings are restored afterwards.
    const before = await sql<{ jit: string; work_mem: string }>`
      SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem`.execute(trx);
    await sql`SET LOCAL jit = off`.execute(trx);
    await sql`SELECT set_config('work_mem', ${ROLLUP_WORK_MEM}, true)`.execute(trx);
    const result = await work(trx);
    await sql`SELECT set_config('jit', ${before.rows[0]?.jit ?? 'on'}, true),
                     set_config('work_mem', ${before.rows[0]?.work_mem ?? '4MB'}, true)`.execute(trx);
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * The current creator state in a transaction of its own (the backfill and range paths), under the rollup lock and
 * the table locks refreshCreatorState needs (no video changes, so no partition mark, until it commits).
 */
async function refreshCreatorStateAlone(db: Db): Promise<void> {
  await locked(db, async (trx) => {
    await takeRollupTableLocks(trx);
    await refreshCreatorState(trx);
  });
}

/** How long the rollup asks for its table locks without queueing (NOWAIT) before it waits in the queue. */
export const ROLLUP_LOCK_POLL_MS = 30_000;
const LOCK_RETRY_SLEEP_MS = 100;

/**
 * A current day's rollup writes rows the collector writes too (creators' totals and 云指数, videos adopting a
 * partition). Taken step by
 * step, those locks deadlocked with the collector: a snapshot transaction holding creators (ROW EXCLUSIVE) waits
 * for a creator row the rollup updated, while the rollup waits for that transaction's table lock. So the rollup
 * takes its locks up front, before it writes anything: SHARE ROW EXCLUSIVE on the tables it shares with the
 * collector (readers go on; writers wait until the rollup commits, ≈ 1 min at 1M creators). It asks without
 * queueing (NOWAIT, no wait edge, so no deadlock) until ROLLUP_LOCK_POLL_MS have passed, then waits in the queue,
 * starting over after a deadlock (40P01) PostgreSQL resolves against it; nothing is written before.
 */
export async function takeRollupTableLocks(trx: Executor, pollMs = ROLLUP_LOCK_POLL_MS): Promise<void> {
  const deadline = Date.now() + pollMs;
  for (;;) {
    const queue = Date.now() >= deadline;
    await sql`SAVEPOINT rollup_table_locks`.execute(trx);
    try {
      await sql
        .raw(
          `LOCK TABLE creators, videos, unknown_partition_videos IN SHARE ROW EXCLUSIVE MODE${queue ? '' : ' NOWAIT'}`,
        )
        .execute(trx);
      await sql`RELEASE SAVEPOINT rollup_table_locks`.execute(trx);
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      await sql`ROLLBACK TO SAVEPOINT rollup_table_locks`.execute(trx);
      // and out of it: no subtransaction is left open (the rollup exports its snapshot later, videoWindowAside)
      await sql`RELEASE SAVEPOINT rollup_table_locks`.execute(trx);
      // 55P03 lock_not_available (NOWAIT), 40P01 deadlock_detected (queued): ask again
      if (code !== '55P03' && code !== '40P01') throw err;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_SLEEP_MS));
    }
  }
}

/**
 * The video window of `day` filled on a second connection of `db` (VIDEO_WINDOW_TABLE) while the rollup's own
 * connection goes on: a transaction of its own that imports the rollup's snapshot, so it reads the videos the
 * rollup's statements would read (the rollup's own uncommitted writes aside: it adopts partitions, video tids,
 * which the window does not read). Resolves to whether the table was filled; never rejects (the rollup then
 * computes the window itself).
 */
async function videoWindowAside(trx: Executor, db: Db, day: string): Promise<boolean> {
  const exported = await sql<{ s: string }>`SELECT pg_export_snapshot() AS s`.execute(trx);
  const snapshot = exported.rows[0]?.s ?? '';
  if (!/^[0-9A-F-]+$/i.test(snapshot)) return false;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (aside) => {
      await sql.raw(`SET TRANSACTION SNAPSHOT '${snapshot}'`).execute(aside);
      await sql`SET LOCAL jit = off`.execute(aside);
      await sql`SELECT set_config('work_mem', ${ROLLUP_WORK_MEM}, true)`.execute(aside);
      await fillVideoWindow(aside, day);
      return true;
    })
    .catch(() => false);
}

/**
 * One day's rollup on an executor that is already a transaction holding the lock; `db`, when given, lends the
 * rollup a second connection for the video window (videoWindowAside).
 */
async function rollupDayIn(
  trx: Executor,
  day: string,
  options: RollupDayOptions,
  db: Db | null = null,
): Promise<RollupDaySummary> {
  const started = Date.now();
  const steps: Record<string, number> = {};
  let mark = started;
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const result = await work();
    const now = Date.now();
    steps[name] = now - mark;
    mark = now;
    return result;
  };
  const latest = await latestCurrentDay(trx);
  const current =
    options.current === true || ((options.current ?? 'auto') === 'auto' && (latest === null || day >= latest));
  // the collector's tables before anything is written (takeRollupTableLocks: no deadlock with a snapshot write)
  if (current) await takeRollupTableLocks(trx);
  await dropTempTables(trx);
  // the video window starts at once on the second connection: it reads no creator state
  const aside = db && !options.reference ? videoWindowAside(trx, db, day) : null;
  const videoWindow = aside?.then((filled) => (filled ? VIDEO_WINDOW_TABLE : buildVideoWindow(trx, day)));
  videoWindow?.catch(() => undefined); // answered where the day table awaits it (no unhandled rejection if it never does)
  try {
    // current creator state first: the day table reads each creator's partition
    if (current) await timed('creatorState', () => refreshCreatorState(trx));
    await timed('dayTable', () => buildDayTable(trx, day, videoWindow));
  } finally {
    // never leave the second connection working past this rollup (its failure is answered by the fallback above)
    await aside;
  }
  const asideFilled = (await aside) ?? false;
  const events = options.events === false ? 0 : await timed('fanEvents', () => writeFanEventsOfDay(trx, day));
  if (options.mcnDaily !== false) await timed('mcnDaily', () => writeMcnDailyOfDay(trx, day));
  const periods = options.periods ?? PERIODS;
  const rankingRows =
    periods.length === 0
      ? 0
      : await timed('rankings', () => writeRankings(trx, day, day, options.listSize ?? LIST_SIZE, periods));
  if (current) {
    await timed('portraits', () => writePortraits(trx, day));
    // builds creator_metrics_next (no foreign key: the swap's DROP locks creator_metrics only, migration 0033)
    await timed('creatorMetrics', () => writeCreatorMetrics(trx, day));
    // late: the creators rows it updates stay locked until the commit (ingestion writes them too)
    await timed('indexNum', () => writeIndexNum(trx));
    // last: readers wait for the exclusive lock of the swap only until the commit
    await timed('swap', () => swapCreatorMetrics(trx));
  }
  await dropTempTables(trx);
  return { day, events, rankingRows, current, ms: Date.now() - started, steps, aside: asideFilled };
}

/** Rolls up one day (see runNightlyRollups) with options; answers what it wrote. */
export async function rollupDay(db: Db, day: string, options: RollupDayOptions = {}): Promise<RollupDaySummary> {
  assertDay(day);
  return locked(db, (trx) => rollupDayIn(trx, day, options, db.isTransaction ? null : db));
}

export interface BackfillOptions {
  /** Last day of the range (default: the latest stored snapshot day). */
  end?: string;
  /** Days (ending at `end`) that get ranking lists; default all `days`. Events and mcn_daily cover all. */
  rankingDays?: number;
  /** Periods of the ranking lists of those days before `end` (default all three); `end` gets all three. */
  rankingPeriods?: readonly Period[];
  listSize?: number;
  log?: (line: string) => void;
}

export interface BackfillSummary {
  from: string | null;
  to: string | null;
  events: number;
  rankingRows: number;
  ms: number;
}

/**
 * Derived data for the `days` days ending at `end` (default: the latest snapshot day): fan events and
 * mcn_daily of the whole range (one statement each), the ranking lists of the last `rankingDays` days
 * (`rankingPeriods` before `end`, all periods on `end`), then the current parts for `end`. Each step
 * commits on its own unless `db` is already a transaction.
 */
export async function backfillRollups(db: Db, days: number, options: BackfillOptions = {}): Promise<BackfillSummary> {
  const started = Date.now();
  if (!Number.isInteger(days) || days < 1) throw new Error(`backfill days must be a positive integer, got ${days}`);
  const end = options.end ?? (await latestSnapshotDay(db));
  if (end === null) return { from: null, to: null, events: 0, rankingRows: 0, ms: Date.now() - started };
  assertDay(end);
  const from = addDays(end, -(days - 1));
  const rankingFrom = addDays(end, -(Math.min(options.rankingDays ?? days, days) - 1));
  const listSize = options.listSize ?? LIST_SIZE;
  // the current creator state first (partitions from the videos, derived totals): every list of the range reads it
  const latest = await latestCurrentDay(db);
  if (latest === null || end >= latest) await refreshCreatorStateAlone(db);
  const events = await locked(db, async (trx) => {
    await writeMcnDaily(trx, from, end);
    return writeFanEvents(trx, from, end);
  });
  let rankingRows = 0;
  const before = addDays(end, -1);
  if (rankingFrom <= before) {
    // The days before `end`: their lists at once, set-based (the same definitions as a single day).
    const periods = options.rankingPeriods ?? PERIODS;
    rankingRows += await locked(db, async (trx) => {
      await dropTempTables(trx);
      await buildRankingDays(trx, rankingFrom, before);
      const rows = periods.length === 0 ? 0 : await writeRankings(trx, rankingFrom, before, listSize, periods);
      await dropTempTables(trx);
      return rows;
    });
  }
  const last = await locked(db, (trx) =>
    rollupDayIn(trx, end, { events: false, mcnDaily: false, current: 'auto', listSize }, db.isTransaction ? null : db),
  );
  rankingRows += last.rankingRows;
  const ms = Date.now() - started;
  options.log?.(
    `[metrics] derived data ${from}..${end}: ${events} fan events, mcn_daily, ${rankingRows} ranking rows (${rankingFrom}..${end}), metrics and portraits of ${end} in ${ms} ms`,
  );
  return { from, to: end, events, rankingRows, ms };
}

export interface RangeProgress {
  day: string;
  /** 1-based position of the day in the range, and the range's length */
  index: number;
  total: number;
  summary: RollupDaySummary;
}

export interface RangeSummary {
  from: string;
  to: string;
  days: number;
  events: number;
  rankingRows: number;
  ms: number;
}

/** Most days one backfill may cover (a year and a bit: the lists are kept 180 days). */
export const MAX_RANGE_DAYS = 400;

/**
 * The backfill (`npm run rollup -- --from … --to …`, job `rollup.backfill`; docs/pipeline.md, "Backfill"): the
 * current creator state first (partitions and derived totals from the stored videos), then every day from `from`
 * to `to` in date order, each as the nightly rollup of that day in its own transaction — fan events, mcn_daily and
 * every ranking list (each period's comparison reads the lists of the days before it, written first). The current
 * figures (云指数, creator_metrics, portraits) are written for `to` only, and only when it is not older than the
 * latest day rolled up. Idempotent: running a range again gives the same rows. `onDay` reports each finished day.
 */
export async function rollupRange(
  db: Db,
  from: string,
  to: string,
  options: { listSize?: number; onDay?: (p: RangeProgress) => void } = {},
): Promise<RangeSummary> {
  assertDay(from);
  assertDay(to);
  if (from > to) throw new Error(`rollup range: --from ${from} is after --to ${to}`);
  const total = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (total > MAX_RANGE_DAYS) throw new Error(`rollup range: ${total} days; at most ${MAX_RANGE_DAYS} at a time`);
  const started = Date.now();
  await refreshCreatorStateAlone(db);
  let events = 0;
  let rankingRows = 0;
  for (let index = 1; index <= total; index++) {
    const day = addDays(from, index - 1);
    const summary = await rollupDay(db, day, {
      listSize: options.listSize,
      current: day === to ? 'auto' : false,
    });
    events += summary.events;
    rankingRows += summary.rankingRows;
    options.onDay?.({ day, index, total, summary });
  }
  return { from, to, days: total, events, rankingRows, ms: Date.now() - started };
}
