import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client.js';
import { errorMessage, type PipelineLogger } from './clock.js';

/** How often a process beats the leases of the jobs it runs and looks for lost ones. */
export const LEASE_BEAT_MS = 10_000;
/** An active job without a beat for this long belongs to nobody (its process ended or lost its answer). */
export const LEASE_STALE_MS = 40_000;

export interface LostJob {
  id: string;
  name: string;
}

/**
 * Heartbeats of running jobs (issue #23 item 14; migration 0038, docs/pipeline.md "Jobs lost to a crash or an
 * outage"). pg-boss 10 has no heartbeat: a job whose process was killed, or whose complete/fail call was lost while
 * the database was away, stays `active` until its expiry (30 min – 12 h), and with the `stately` policy no later
 * job of its singleton key can start meanwhile (each fetch failed on the unique index). So every job this process
 * runs has a lease row, beaten every LEASE_BEAT_MS; a job active for longer than LEASE_STALE_MS without a fresh
 * beat is lost and failed through pg-boss by any worker (retried while it has attempts left). With a beat every
 * 10 s, a lost job is failed 40–50 s after its process stopped beating.
 */
export class JobLeases {
  /** this process's name in job_leases */
  readonly instance = randomUUID();
  /** the jobs this process runs: id → queue */
  private readonly running = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly log: PipelineLogger,
    private readonly staleMs = LEASE_STALE_MS,
  ) {}

  /** A job of `queue` starts in this process. Never throws (the beat writes the lease when this could not). */
  async hold(queue: string, jobId: string): Promise<void> {
    this.running.set(jobId, queue);
    await this.write([[jobId, queue]]).catch((e: unknown) => this.warn('hold', e));
  }

  /** The job ended here (completed, failed or taken away). Never throws. */
  async release(jobId: string): Promise<void> {
    this.running.delete(jobId);
    await sql`DELETE FROM job_leases WHERE job_id = ${jobId}::uuid AND instance = ${this.instance}`
      .execute(this.db)
      .catch((e: unknown) => this.warn('release', e));
  }

  /** Beats every lease of this process (and writes those a hold could not write, e.g. during an outage). */
  async beat(): Promise<void> {
    if (this.running.size > 0) await this.write([...this.running.entries()]);
  }

  private async write(leases: [id: string, queue: string][]): Promise<void> {
    await sql`
      INSERT INTO job_leases (job_id, queue, instance, beat_at)
      SELECT id, queue, ${this.instance}, now()
      FROM unnest(${leases.map((l) => l[0])}::uuid[], ${leases.map((l) => l[1])}::text[]) AS l(id, queue)
      ON CONFLICT (job_id) DO UPDATE SET instance = excluded.instance, beat_at = excluded.beat_at`.execute(this.db);
  }

  /**
   * Active jobs of `schema` without a fresh beat, not running here (a job of this process whose beat failed in
   * an outage is still ours). Leases of jobs no longer active are deleted on the way.
   */
  async lost(schema: string): Promise<LostJob[]> {
    const stale = `${Math.round(this.staleMs / 1000)} seconds`;
    const r = await sql<LostJob>`
      SELECT j.id::text AS id, j.name
      FROM ${sql.raw(schema)}.job j
      LEFT JOIN job_leases l ON l.job_id = j.id
      WHERE j.state = 'active' AND j.started_on < now() - ${stale}::interval
        AND (l.job_id IS NULL OR l.beat_at < now() - ${stale}::interval)
        AND NOT (j.id = ANY(${[...this.running.keys()]}::uuid[]))`.execute(this.db);
    await sql`
      DELETE FROM job_leases l
      WHERE l.beat_at < now() - ${stale}::interval
        AND NOT EXISTS (SELECT 1 FROM ${sql.raw(schema)}.job j WHERE j.id = l.job_id AND j.state = 'active')`.execute(
      this.db,
    );
    return r.rows;
  }

  /**
   * Makes lost jobs just failed by the sweep (state `retry`) eligible at once: their worker was lost (a process
   * ended, or the database went away under it), the work itself did not fail, so the retry backoff — meant for a
   * failing job — would only hold the queue back (a rollup retried 60 s late after two outages; fault.test.ts).
   */
  async retryNow(schema: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      UPDATE ${sql.raw(schema)}.job SET start_after = now()
      WHERE id = ANY(${[...ids]}::uuid[]) AND state = 'retry' AND start_after > now()`.execute(this.db);
  }

  private warn(what: string, e: unknown): void {
    this.log.warn(`[jobs] job lease ${what}: ${errorMessage(e)}`);
  }
}
