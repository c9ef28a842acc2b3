import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { BoundedReads } from './bounded-reads.js';
import { guardPool, isDatabaseUnavailable, type Db } from './client.js';
import type { Database } from './schema.js';

/**
 * Discovery reads on a PostgreSQL streaming replica (issue #28 item 5; docs/scaling.md "Read replicas").
 *
 * `createReadDatabase` answers the `readDb` (and `readPool`, for prepared statements) that the app hands the
 * discovery modules (search, rankings, creator and video details, hot content, the dashboards' platform
 * figures, the video and goods libraries). Everything else — accounts, money, quotas, lists, sessions, a user's
 * own writes and the reads that must see them — keeps the primary's `db`. Without DATABASE_REPLICA_URL the readDb
 * reads the primary: through `bounded` when given (db/bounded-reads.ts: the primary's connections, each read
 * cancelled past READ_STATEMENT_TIMEOUT_MS), else the primary's own db and pool.
 *
 * With a replica, each connection (a statement, or a whole transaction) goes to the replica while it is
 * healthy, else to the primary:
 * - healthy = it answers, it is in recovery (a standby, not a promoted or mistaken primary) and it lags the
 *   primary by at most `maxLagMs`. The check is two tiny queries (the primary's transaction horizon; the
 *   replica's replayed horizon and last replayed commit time), made at most every `checkMs` and in the
 *   background: no request waits for it. Until the first check answers, reads go to the primary.
 * - the horizon is `pg_snapshot_xmax(pg_current_snapshot())`: the next transaction id after every finished one,
 *   on the primary; on a hot standby, after every finished one it has replayed. Transactions, not WAL bytes: an
 *   idle primary leaves a non-transaction WAL record (running-xacts) half-flushed at a page end for as long as it
 *   stays idle, and a replica that cannot replay that record's first half looked behind by WAL position forever.
 * - lag = 0 when the replica's horizon has reached the primary's; otherwise (asked again 25 ms later) the smaller
 *   of two upper bounds: the time since the last commit it replayed, and the time since the newest check — this
 *   one included — whose primary horizon it has reached (so a replica a few ms behind, or a quiet primary's old
 *   last commit, does not look like lag).
 * - a replica that refuses or drops a connection is marked away at once (until the next check) and the
 *   statement is re-run on the primary when it was the first of its connection (a single statement, or the
 *   BEGIN of a transaction); a read cancelled by a recovery conflict is re-run on the primary the same way.
 *   A transaction already under way on a replica that dies fails like any statement on a dying server (503).
 */
export interface ReadDatabase {
  /** the Kysely instance for discovery reads */
  db: Db;
  /** prepared statements for discovery reads (creators/prepared.ts) */
  pool: PreparedPool;
  /** null: no replica configured (db and pool are the primary's) */
  replica: ReadReplica | null;
  close(): Promise<void>;
}

/** What prepared statements need of a pool: `query` with a named QueryConfig. */
export interface PreparedPool {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

export interface ReplicaOptions {
  /** DATABASE_REPLICA_URL */
  url: string;
  /** REPLICA_MAX_LAG_MS: a replica further behind than this is skipped */
  maxLagMs: number;
  /** REPLICA_CHECK_MS: how long a health check is reused */
  checkMs: number;
  /** connections to the replica (default 10, like the primary's pool) */
  max?: number;
  /** PostgreSQL's statement_timeout on the replica's connections (READ_STATEMENT_TIMEOUT_MS; 0 or absent: none) */
  statementTimeoutMs?: number;
  log?: (line: string) => void;
}

export type ReadTarget = 'replica' | 'primary';

export interface ReplicaStatus {
  /** where the next discovery read goes */
  target: ReadTarget;
  /** why: ok (replica), unchecked (no check answered yet), lagging, away (unreachable), not-standby */
  state: 'ok' | 'unchecked' | 'lagging' | 'away' | 'not-standby';
  /** the last measured lag (ms); null when unknown */
  lagMs: number | null;
  /** Date.now() of the last check; null: none yet */
  checkedAt: number | null;
  /** connections (statements or transactions) served by each server since the start */
  served: Record<ReadTarget, number>;
  /** statements moved to the primary after the replica failed them */
  rerouted: number;
  /** the last check's figures: the primary's and the replica's horizons (next xid), ms since its last replayed commit */
  last: { primaryXmax: string | null; replicaXmax: string | null; sinceCommitMs: number | null } | null;
}

/** How long a connection to the replica may take before it is called away (the primary's is 5 s). */
export const REPLICA_CONNECT_TIMEOUT_MS = 1000;
/** primary horizons remembered for the lag bound */
const SAMPLES = 120;
/** a replica behind the primary's position is asked again after this long */
const RECHECK_MS = 25;
/** the next transaction id after every finished one (on a standby: every replayed one) */
const HORIZON = 'pg_snapshot_xmax(pg_current_snapshot())::text';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createReadDatabase(
  primary: { db: Db; pool: pg.Pool },
  options: ReplicaOptions | null,
  bounded: BoundedReads | null = null,
): ReadDatabase {
  if (!options) {
    const reads = bounded ?? primary;
    return { db: reads.db, pool: reads.pool, replica: null, close: () => Promise.resolve() };
  }
  const replica = new ReadReplica(primary.pool, options, bounded);
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => replica.driver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, pool: replica, replica, close: () => db.destroy() };
}

/** Parses an xid8 ('7512') into a comparable number. */
export function xidOf(text: string | null | undefined): bigint | null {
  return text && /^\d+$/.test(text.trim()) ? BigInt(text.trim()) : null;
}

/** The replica's health, its routing decision and its pool. */
export class ReadReplica implements PreparedPool {
  readonly replicaPool: pg.Pool;
  private status_: ReplicaStatus = {
    target: 'primary',
    state: 'unchecked',
    lagMs: null,
    checkedAt: null,
    served: { replica: 0, primary: 0 },
    rerouted: 0,
    last: null,
  };
  private checking: Promise<ReplicaStatus> | null = null;
  private readonly samples: { at: number; xmax: bigint }[] = [];
  private readonly log: (line: string) => void;
  private lastLogged = '';

  /**
   * `primaryPool`: the primary's pool (health checks); `primaryReads`: the bounded reads on it (db/bounded-reads.ts),
   * which serve the reads sent to the primary when given.
   */
  constructor(
    readonly primaryPool: pg.Pool,
    readonly options: ReplicaOptions,
    readonly primaryReads: BoundedReads | null = null,
  ) {
    this.replicaPool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    guardPool(this.replicaPool, 'replica');
    this.log = options.log ?? (() => undefined);
  }

  /** The current decision (a copy); starts a background check when the last one is older than checkMs. */
  status(): ReplicaStatus {
    this.refreshSoon();
    return { ...this.status_, served: { ...this.status_.served } };
  }

  /** Where the next read goes (and counts it). */
  pick(): ReadTarget {
    this.refreshSoon();
    return this.status_.target;
  }

  private refreshSoon(): void {
    const { checkedAt } = this.status_;
    if (this.checking || (checkedAt !== null && Date.now() - checkedAt < this.options.checkMs)) return;
    void this.check();
  }

  /** Checks the replica now (one at a time; concurrent callers share the answer). Never rejects. */
  check(): Promise<ReplicaStatus> {
    this.checking ??= this.measure().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async measure(): Promise<ReplicaStatus> {
    const at = Date.now();
    const [p, r] = await Promise.allSettled([
      this.primaryPool.query<{ xmax: string }>(`SELECT ${HORIZON} AS xmax`),
      this.replicaPool.query<{ rec: boolean; xmax: string | null; since_ms: number | null }>(
        `SELECT pg_is_in_recovery() AS rec, ${HORIZON} AS xmax,
                (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS since_ms`,
      ),
    ]);
    if (r.status === 'rejected') {
      this.decide('away', null, at, r.reason);
    } else if (!r.value.rows[0]?.rec) {
      this.decide('not-standby', null, at);
    } else if (p.status === 'rejected') {
      // the primary is away: the lag cannot be measured; the replica keeps the last decision (it may serve the
      // discovery reads while the primary restarts)
      this.status_.checkedAt = at;
    } else {
      const primaryText = p.value.rows[0]?.xmax ?? null;
      const primaryXmax = xidOf(primaryText);
      const row = r.value.rows[0];
      let replicaText = row?.xmax ?? null;
      let replicaXmax = xidOf(replicaText);
      if (primaryXmax !== null) {
        this.samples.push({ at, xmax: primaryXmax });
        if (this.samples.length > SAMPLES) this.samples.shift();
      }
      let lag: number | null = null;
      if (primaryXmax !== null && replicaXmax !== null) {
        if (replicaXmax >= primaryXmax) lag = 0;
        else {
          // a moment later: a replica a few ms behind has reached this check's primary horizon by then
          await sleep(RECHECK_MS);
          const again = await this.replicaPool
            .query<{ xmax: string | null }>(`SELECT ${HORIZON} AS xmax`)
            .catch(() => null);
          replicaText = again?.rows[0]?.xmax ?? replicaText;
          replicaXmax = xidOf(replicaText) ?? replicaXmax;
          const now = Date.now();
          const bounds: number[] = [];
          if (row?.since_ms !== null && row?.since_ms !== undefined)
            bounds.push(Math.max(0, Number(row.since_ms)) + (now - at));
          for (let i = this.samples.length - 1; i >= 0; i--) {
            const s = this.samples[i]!;
            if (s.xmax <= replicaXmax) {
              bounds.push(now - s.at);
              break;
            }
          }
          lag = bounds.length ? Math.min(...bounds) : null;
        }
      }
      this.status_.last = { primaryXmax: primaryText, replicaXmax: replicaText, sinceCommitMs: row?.since_ms ?? null };
      this.decide(lag !== null && lag <= this.options.maxLagMs ? 'ok' : 'lagging', lag, at);
    }
    return this.status();
  }

  private decide(state: ReplicaStatus['state'], lagMs: number | null, at: number, err?: unknown): void {
    this.status_.state = state;
    this.status_.lagMs = lagMs;
    this.status_.checkedAt = at;
    this.status_.target = state === 'ok' ? 'replica' : 'primary';
    if (state !== this.lastLogged) {
      this.lastLogged = state;
      const why =
        state === 'ok'
          ? `discovery reads on the replica (lag ${lagMs} ms)`
          : state === 'lagging'
            ? `replica lags ${lagMs === null ? 'an unknown time' : `${Math.round(lagMs)} ms`} (bound ${this.options.maxLagMs} ms): reads on the primary`
            : state === 'away'
              ? `replica unreachable (${err instanceof Error ? err.message : String(err)}): reads on the primary`
              : 'DATABASE_REPLICA_URL is not a standby (pg_is_in_recovery() is false): reads on the primary';
      this.log(`[db] ${why}`);
    }
  }

  /** The replica failed a connection or a statement with "the database is away": skip it until the next check. */
  markAway(err: unknown): void {
    if (this.status_.state === 'away') return;
    this.decide('away', null, Date.now(), err);
  }

  count(target: ReadTarget): void {
    this.status_.served[target]++;
  }

  rerouted(): void {
    this.status_.rerouted++;
  }

  /** PreparedPool: a named statement on the chosen server; re-run on the primary if the replica fails it. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
    if (this.pick() === 'replica') {
      this.count('replica');
      try {
        return await this.replicaPool.query<R>(config);
      } catch (err) {
        if (!this.retryOnPrimary(err)) throw err;
        this.rerouted();
      }
    }
    this.count('primary');
    return (this.primaryReads?.pool ?? this.primaryPool).query<R>(config);
  }

  /** Whether a statement the replica failed should run again on the primary (marks an unreachable one away). */
  retryOnPrimary(err: unknown): boolean {
    if (isDatabaseUnavailable(err)) {
      this.markAway(err);
      return true;
    }
    return isRecoveryConflict(err);
  }

  private driver_: RoutingDriver | null = null;

  /** The Kysely driver of the readDb (one per ReadReplica). */
  driver(): Driver {
    this.driver_ ??= new RoutingDriver(this);
    return this.driver_;
  }

  async end(): Promise<void> {
    await this.checking?.catch(() => undefined);
    await this.replicaPool.end();
  }
}

/** A hot standby cancelled the statement to replay WAL (SQLSTATE 40001 "conflict with recovery"). */
function isRecoveryConflict(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return !!e && e.code === '40001' && typeof e.message === 'string' && /conflict with recovery/i.test(e.message);
}

/**
 * Kysely driver over two PostgresDrivers: a connection is taken from the replica or the primary by
 * ReadReplica.pick(); the primary's pool belongs to the app's `db` and is never ended here.
 */
class RoutingDriver implements Driver {
  private readonly primary: PostgresDriver;
  private readonly replica: PostgresDriver;

  constructor(private readonly router: ReadReplica) {
    this.primary = new PostgresDriver({ pool: router.primaryReads?.connections ?? router.primaryPool });
    this.replica = new PostgresDriver({ pool: router.replicaPool });
  }

  async init(): Promise<void> {
    await this.primary.init();
    await this.replica.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.router.pick() === 'replica') {
      try {
        const inner = await this.replica.acquireConnection();
        this.router.count('replica');
        return new RoutedConnection(this, 'replica', inner);
      } catch (err) {
        if (!this.router.retryOnPrimary(err)) throw err;
        this.router.rerouted();
      }
    }
    this.router.count('primary');
    return new RoutedConnection(this, 'primary', await this.primary.acquireConnection());
  }

  driverOf(target: ReadTarget): PostgresDriver {
    return target === 'replica' ? this.replica : this.primary;
  }

  /** A failed first statement on the replica: the connection moves to the primary. */
  async moveToPrimary(conn: RoutedConnection, err: unknown): Promise<boolean> {
    if (conn.origin !== 'replica' || conn.used || !this.router.retryOnPrimary(err)) return false;
    const broken = conn.inner;
    conn.inner = await this.primary.acquireConnection();
    conn.origin = 'primary';
    this.router.rerouted();
    this.router.count('primary');
    await release(this.replica, broken).catch(() => undefined);
    return true;
  }

  // as PostgresDriver does, on the routed connection (its BEGIN may still move to the primary)
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as RoutedConnection;
    const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
      .filter(Boolean)
      .join(' ');
    await conn.executeQuery(CompiledQuery.raw(mode ? `start transaction ${mode}` : 'begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    await release(this.driverOf(conn.origin), conn.inner);
  }

  async destroy(): Promise<void> {
    // the primary's pool is the app's db's: only the replica's is ended
    await this.router.end();
  }
}

/** PostgresDriver.releaseConnection takes its own (private) connection type: what acquireConnection gave. */
function release(driver: PostgresDriver, inner: DatabaseConnection): Promise<void> {
  return driver.releaseConnection(inner as Parameters<PostgresDriver['releaseConnection']>[0]);
}

/**
 * A connection of the readDb. `used`: a statement has succeeded on it since it was taken (or since its
 * transaction began), after which a failure cannot move it (the transaction's earlier reads were on the replica).
 */
class RoutedConnection implements DatabaseConnection {
  used = false;

  constructor(
    private readonly driver: RoutingDriver,
    public origin: ReadTarget,
    public inner: DatabaseConnection,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    for (;;) {
      try {
        const result = await this.inner.executeQuery<R>(compiledQuery);
        this.used = true;
        return result;
      } catch (err) {
        if (!(await this.driver.moveToPrimary(this, err))) throw err;
      }
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.used = true;
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}
