import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable, type Db } from './client.js';
import type { PreparedPool } from './read-replica.js';
import type { Database } from './schema.js';

/**
 * The discovery reads on the primary, bounded in time (READ_STATEMENT_TIMEOUT_MS; docs/decisions.md "A bound on
 * discovery reads"): a statement still running after `ms` is cancelled in PostgreSQL (pg_cancel_backend of its
 * backend, from a connection of its own) and rejects with ReadTimeoutError, which the app answers 503
 * Msg.queryTimeout.
 *
 * The same connections as the primary's `db`: a second pool with statement_timeout as a connection parameter
 * doubled the connections serving requests (10 + 10 per API process), and at 1M the uncached detail page and
 * ranking lost 15–25 % of their throughput to the extra backends on two cores (docs/performance.md, session 18).
 * Here each statement costs a timer; nothing is sent to the database unless the bound is reached, and the
 * connection is released only after its cancel has been answered, so a cancel never reaches a later statement.
 */
export interface BoundedReads {
  db: Db;
  /** prepared statements, bounded */
  pool: PreparedPool;
  /** the bounded connections for a Kysely driver of one's own (the replica router's fallback to the primary) */
  connections: PostgresPool;
}

export function boundedReads(primary: pg.Pool, ms: number): BoundedReads {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const cancelBackend = async (pid: number): Promise<void> => {
    const client = new pg.Client({ ...primary.options, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  /** `run` on `client`, cancelled in the database past `ms`. */
  const timed = async <T>(client: pg.PoolClient, run: () => Promise<T>): Promise<T> => {
    // set by the timer (a closure: TypeScript does not follow the assignment into a `let`)
    const cancel: { sent: Promise<void> | null } = { sent: null };
    const pid = (client as unknown as { processID?: number }).processID;
    const timer = setTimeout(() => {
      if (pid) cancel.sent = cancelBackend(pid).catch(() => undefined);
    }, ms);
    try {
      return await run();
    } catch (err) {
      if (cancel.sent && (err as { code?: unknown }).code === '57014') throw new ReadTimeoutError(ms, err);
      throw err;
    } finally {
      clearTimeout(timer);
      // the connection goes back to the pool only once its cancel (if any) has been answered
      if (cancel.sent) await cancel.sent;
    }
  };
  /** A client whose promise queries are timed (a cursor, for streams, is passed on as it is). */
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    let w = wrapped.get(client);
    if (!w) {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      w = {
        query: (...args: unknown[]) => {
          const first = args[0];
          if (first && typeof first === 'object' && typeof (first as { submit?: unknown }).submit === 'function')
            return query(...args); // a Cursor
          return timed(client, () => query(...args) as Promise<unknown>);
        },
        release: (err?: Error | boolean) => client.release(err),
      } as unknown as pg.PoolClient;
      wrapped.set(client, w);
    }
    return w;
  };
  const connections: PostgresPool = {
    connect: async () => wrap(await primary.connect()),
    end: () => Promise.resolve(), // the primary's pool is closed with the primary's db
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: connections }) });
  const prepared: PreparedPool = {
    async query<R extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig) {
      const client = await primary.connect();
      let broken: Error | undefined;
      try {
        return await timed(client, () => client.query<R>(config));
      } catch (err) {
        if (isDatabaseUnavailable(err)) broken = err as Error; // a broken connection leaves the pool
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
  return { db, pool: prepared, connections };
}

/** A discovery read cancelled after READ_STATEMENT_TIMEOUT_MS (isStatementTimeout knows it by its code and text). */
export class ReadTimeoutError extends Error {
  readonly code = '57014';
  constructor(ms: number, cause: unknown) {
    super(`canceling statement due to statement timeout (READ_STATEMENT_TIMEOUT_MS ${ms})`, { cause });
    this.name = 'ReadTimeoutError';
  }
}
