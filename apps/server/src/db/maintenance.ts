import { sql } from 'kysely';
import type { Db } from './client.js';

/**
 * VACUUM (ANALYZE) of tables a refresh has just rewritten (DELETE and INSERT in one transaction, so readers never
 * see them empty), outside any transaction. Until then every read of them pays for the rewrite: the GIN indexes'
 * pending lists (video_head: 376 pages scanned by every keyword query), a heap fetch per index-only row (the
 * visibility map is not set), the deleted rows, and statistics of the old contents (docs/performance.md,
 * session 16). Small tables: seconds at 1M creators.
 */
export async function vacuumRewritten(db: Db, tables: readonly string[]): Promise<void> {
  await sql`VACUUM (ANALYZE) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
