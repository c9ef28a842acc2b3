import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { SCHEDULER_LOCK_KEY } from '../../jobs/leader.js';

const num = (v: string | number | bigint | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

export interface JobStatusRow {
  name: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  successes: number;
  failures: number;
}

export interface ErrorRateRow {
  name: string;
  ok: number;
  failed: number;
  /** failed / (ok + failed), null without jobs in the window */
  rate: number | null;
}

export interface StalenessRow {
  cadence: string;
  creators: number;
  /** creators never collected by the pipeline (excluded from the percentiles) */
  neverCollected: number;
  /** now − creator_schedule.last_collected_at, seconds */
  p50Seconds: number | null;
  p95Seconds: number | null;
  maxSeconds: number | null;
  /** creators whose next collection is due now */
  due: number;
}

const iso = (d: Date) => d.toISOString();

/** The read side of the operator's pipeline health (GET /api/admin/pipeline). */
export class PipelineRepository {
  constructor(private readonly db: Db) {}

  async jobStatus(): Promise<JobStatusRow[]> {
    const r = await sql<{
      name: string;
      last_success_at: Date | null;
      last_failure_at: Date | null;
      last_error: string | null;
      successes: string;
      failures: string;
    }>`SELECT name, last_success_at, last_failure_at, last_error, successes, failures FROM job_status ORDER BY name`.execute(
      this.db,
    );
    return r.rows.map((x) => ({
      name: x.name,
      lastSuccessAt: x.last_success_at ? new Date(x.last_success_at).toISOString() : null,
      lastFailureAt: x.last_failure_at ? new Date(x.last_failure_at).toISOString() : null,
      lastError: x.last_error,
      successes: num(x.successes),
      failures: num(x.failures),
    }));
  }

  async errorRates(since: Date): Promise<ErrorRateRow[]> {
    const r = await sql<{ name: string; ok: string; failed: string }>`
      SELECT name, sum(ok) AS ok, sum(failed) AS failed FROM job_stats
      WHERE minute >= ${iso(since)}::timestamptz GROUP BY name ORDER BY name`.execute(this.db);
    return r.rows.map((x) => {
      const ok = num(x.ok);
      const failed = num(x.failed);
      return { name: x.name, ok, failed, rate: ok + failed > 0 ? failed / (ok + failed) : null };
    });
  }

  async staleness(now: Date): Promise<StalenessRow[]> {
    const r = await sql<{
      cadence: string;
      creators: string;
      never: string;
      p50: number | null;
      p95: number | null;
      max: number | null;
      due: string;
    }>`
      SELECT coalesce(s.cadence, 'daily') AS cadence, count(*) AS creators,
             count(*) FILTER (WHERE s.last_collected_at IS NULL) AS never,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${iso(now)}::timestamptz - s.last_collected_at)) AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM ${iso(now)}::timestamptz - s.last_collected_at)) AS p95,
             max(extract(epoch FROM ${iso(now)}::timestamptz - s.last_collected_at))::float8 AS max,
             count(*) FILTER (WHERE s.next_collect_at <= ${iso(now)}::timestamptz) AS due
      FROM creators c LEFT JOIN creator_schedule s ON s.creator_id = c.id
      GROUP BY coalesce(s.cadence, 'daily')`.execute(this.db);
    const byCadence = new Map(r.rows.map((x) => [x.cadence, x]));
    return ['hot', 'high', 'viewed', 'daily'].map((cadence) => {
      const x = byCadence.get(cadence);
      const round = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
      return {
        cadence,
        creators: num(x?.creators),
        neverCollected: num(x?.never),
        p50Seconds: round(x?.p50),
        p95Seconds: round(x?.p95),
        maxSeconds: round(x?.max),
        due: num(x?.due),
      };
    });
  }

  /** Whether some session holds the scheduler's advisory lock (a leader is up). */
  async schedulerLeaderUp(): Promise<boolean> {
    const r = await sql<{ up: boolean }>`
      SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
        AND classid = 0 AND objid = ${SCHEDULER_LOCK_KEY} AND objsubid = 1
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS up`.execute(this.db);
    return r.rows[0]?.up === true;
  }

  /** Whether a user is the sandbox operator (demo-premium@example.com). */
  async isDemoOperator(userId: string, email: string): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM users WHERE id = ${userId}::bigint AND lower(email) = ${email}) AS ok`.execute(
      this.db,
    );
    return r.rows[0]?.ok === true;
  }

  /** The tids met during ingestion that the partition tree lacks, most videos first (view unknown_partitions, 0018). */
  async unknownPartitions(): Promise<
    { tid: number; tname: string | null; videos: number; firstDay: string; lastDay: string }[]
  > {
    const r = await sql<{ tid: number; tname: string | null; videos: number; first_day: string; last_day: string }>`
      SELECT tid, tname, videos, first_day::text, last_day::text FROM unknown_partitions
      ORDER BY videos DESC, tid LIMIT 100`.execute(this.db);
    return r.rows.map((x) => ({
      tid: x.tid,
      tname: x.tname,
      videos: x.videos,
      firstDay: x.first_day,
      lastDay: x.last_day,
    }));
  }
}
