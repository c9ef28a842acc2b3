import { sql } from 'kysely';
import type { Db } from '../db/client.js';

/** pipeline_state: small JSON values of the pipeline (the scheduler's last slots, per-process counters). */
export class PipelineStateRepository {
  constructor(private readonly db: Db) {}

  async get<T>(key: string): Promise<T | undefined> {
    const r = await sql<{ value: T }>`SELECT value FROM pipeline_state WHERE key = ${key}`.execute(this.db);
    return r.rows[0]?.value;
  }

  async set(key: string, value: unknown, at: Date = new Date()): Promise<void> {
    await sql`
      INSERT INTO pipeline_state (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, ${at.toISOString()}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`.execute(this.db);
  }

  /** Rows whose key starts with `prefix`, updated since `since`. */
  async list<T>(prefix: string, since: Date): Promise<{ key: string; value: T; updatedAt: Date }[]> {
    const r = await sql<{ key: string; value: T; updated_at: Date }>`
      SELECT key, value, updated_at FROM pipeline_state
      WHERE key LIKE ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} AND updated_at >= ${since.toISOString()}::timestamptz
      ORDER BY key`.execute(this.db);
    return r.rows.map((x) => ({ key: x.key, value: x.value, updatedAt: new Date(x.updated_at) }));
  }

  async delete(key: string): Promise<void> {
    await sql`DELETE FROM pipeline_state WHERE key = ${key}`.execute(this.db);
  }
}
