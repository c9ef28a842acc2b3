import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

/**
 * The typed query layer: Kysely over node-postgres. Chosen over Drizzle because the schema is owned by
 * plain SQL migrations (no ORM schema to keep in step), Kysely's builder is a thin, predictable layer
 * over SQL, and `sql` templates cover what a builder should not (COPY-like batch loads, window functions).
 * bigint (int8) columns come back as strings; repositories convert them with Number() where they are
 * known to fit (ids, counts below 2^53).
 */
export type Db = Kysely<Database>;

// Dates (`date` columns) stay 'YYYY-MM-DD' strings; no time-zone shifting by the driver.
pg.types.setTypeParser(1082, (v: string) => v);

/** How long a query waits for a new connection before it fails (the database is away: a 503, not a hang). */
export const CONNECT_TIMEOUT_MS = 5000;

export function createDb(databaseUrl: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  guardPool(pool, 'db');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

/**
 * A PostgreSQL restart or stop must never end the process (issue #14). pg-pool listens for 'error' only on
 * idle clients: a client checked out by Kysely (a query or a transaction in flight) that loses its
 * connection emits 'error' with no listener, which Node turns into an uncaught exception. So every client
 * the pool creates gets its own listener for its whole life (the query in flight still rejects, and the pool
 * discards the broken client when it is released), and idle-client errors are logged once.
 */
export function guardPool(pool: pg.Pool, name: string): void {
  let lastLog = 0;
  const note = (err: Error) => {
    // one line a second at most: a restart breaks every connection at once
    if (Date.now() - lastLog < 1000) return;
    lastLog = Date.now();
    process.stderr.write(`[${name}] connection error: ${err.message}\n`);
  };
  pool.on('error', note);
  pool.on('connect', (client) => {
    client.on('error', note);
  });
}

/** SQLSTATE classes and codes that mean "the database is not reachable now", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (fast / immediate stop, restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Connection ended unexpectedly/i;

/** Whether an error says the database is away (restart, stop, network), so the answer is a 503. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
    // AggregateError of a failed connect to every address of 'localhost'
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = cause;
  }
  return false;
}

/**
 * Whether an error is a discovery read cancelled past READ_STATEMENT_TIMEOUT_MS (57014 with "statement timeout":
 * the replica's statement_timeout, or db/bounded-reads.ts ReadTimeoutError on the primary).
 */
export function isStatementTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    // 57014 is also a cancel by pg_cancel_backend ("due to user request"): only the timeout's is this answer
    if (code === '57014' && typeof message === 'string' && /statement timeout/i.test(message)) return true;
    e = cause;
  }
  return false;
}
