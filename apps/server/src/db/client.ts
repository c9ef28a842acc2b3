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

export function createDb(databaseUrl: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  // An idle client can fail (server restart, a dropped test database): log it instead of crashing the
  // process; the pool discards that client and the next query opens a new one.
  pool.on('error', (err) => {
    process.stderr.write(`[db] idle client error: ${err.message}\n`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
