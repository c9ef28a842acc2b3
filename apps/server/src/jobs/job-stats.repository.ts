import { sql } from 'kysely';
import type { Db } from '../db/client.js';

/**
 * Job outcomes for the health endpoint: a count per job name and minute (job_stats, for error rates) and the
 * last success / failure per job name (job_status). Two small upserts per finished job.
 */
export class JobStatsRepository {
  constructor(private readonly db: Db) {}

  async record(name: string, ok: boolean, at: Date, error?: string): Promise<void> {
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
    const when = at.toISOString();
    const okN = ok ? 1 : 0;
    const failedN = ok ? 0 : 1;
    await sql`
      INSERT INTO job_stats (name, minute, ok, failed) VALUES (${name}, ${minute}::timestamptz, ${okN}, ${failedN})
      ON CONFLICT (name, minute) DO UPDATE SET ok = job_stats.ok + EXCLUDED.ok, failed = job_stats.failed + EXCLUDED.failed`.execute(
      this.db,
    );
    const message = error === undefined ? null : error.slice(0, 500);
    await sql`
      INSERT INTO job_status (name, last_success_at, last_failure_at, last_error, successes, failures)
      VALUES (${name}, ${ok ? when : null}::timestamptz, ${ok ? null : when}::timestamptz, ${message}, ${okN}, ${failedN})
      ON CONFLICT (name) DO UPDATE SET
        last_success_at = coalesce(EXCLUDED.last_success_at, job_status.last_success_at),
        last_failure_at = coalesce(EXCLUDED.last_failure_at, job_status.last_failure_at),
        last_error = coalesce(EXCLUDED.last_error, job_status.last_error),
        successes = job_status.successes + EXCLUDED.successes,
        failures = job_status.failures + EXCLUDED.failures`.execute(this.db);
  }

  /** Drops per-minute counts older than `before`. */
  async prune(before: Date): Promise<number> {
    const r = await sql`DELETE FROM job_stats WHERE minute < ${before.toISOString()}::timestamptz`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n);
  }
}
