import { createHash } from 'node:crypto';
import type { CompiledQuery, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';

/**
 * Runs a query as a named prepared statement when a pool is given. For the hot lookups of discovery
 * (creator detail, list pages) PostgreSQL's planning of a many-join statement costs 10–20× its execution
 * (docs/performance.md); a prepared statement is planned per connection and, after five executions with
 * similar costs, reuses a generic plan. The name is derived from the SQL text, so every distinct statement
 * shape gets its own name; values are still parameters. Without a pool (bench scripts, tools) the query
 * runs through Kysely as usual.
 */
export async function preparedRows<R>(db: Db, pool: PreparedPool | null, query: RawBuilder<R>): Promise<R[]> {
  if (!pool) return (await query.execute(db)).rows;
  return preparedCompiled(pool, query.compile(db));
}

/** A compiled query (a raw `sql` template or a Kysely builder's `.compile()`) as a named prepared statement. */
export async function preparedCompiled<R>(pool: PreparedPool, compiled: CompiledQuery<R>): Promise<R[]> {
  const name = `xg_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
  const result = await pool.query<R & pg.QueryResultRow>({
    name,
    text: compiled.sql,
    values: [...compiled.parameters],
  });
  return result.rows;
}
