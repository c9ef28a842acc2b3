/**
 * Leader election for the scheduler role: a PostgreSQL session-level advisory lock held on one dedicated
 * connection. Whoever holds the lock enqueues the recurring work; the others keep trying. When the leader's
 * process dies, its connection closes and PostgreSQL releases the lock, so another scheduler takes over on its
 * next attempt. Before every tick the leader checks that its connection (and so its lock) is still alive.
 */
import pg from 'pg';
import { errorMessage, silentLogger, type PipelineLogger } from './clock.js';

/** The advisory lock key of the scheduler (migrations use 734_211_001, the demo seed 734_211_002). */
export const SCHEDULER_LOCK_KEY = 734_211_003;

export class LeaderLock {
  private client: pg.Client | null = null;
  private held = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: number = SCHEDULER_LOCK_KEY,
    private readonly log: PipelineLogger = silentLogger,
  ) {}

  get isLeader(): boolean {
    return this.held;
  }

  /**
   * Answers whether this process leads now: confirms a held lock (its connection still answers) or tries to
   * take it. Never throws: a database problem means "not the leader" until the next attempt.
   */
  async ensure(): Promise<boolean> {
    try {
      if (this.held && this.client) {
        await this.client.query('SELECT 1');
        return true;
      }
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'xg-scheduler' });
        client.on('error', (err) => {
          this.log.warn(`[scheduler] leader connection lost: ${err.message}`);
          this.drop();
        });
        await client.connect();
        this.client = client;
      }
      const r = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]);
      this.held = r.rows[0]?.ok === true;
      return this.held;
    } catch (e) {
      this.log.warn(`[scheduler] leader check failed: ${errorMessage(e)}`);
      this.drop();
      return false;
    }
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    this.held = false;
    if (client) void client.end().catch(() => undefined);
  }

  /** Gives the lock up (if held) and closes the connection. */
  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    const held = this.held;
    this.held = false;
    if (!client) return;
    try {
      if (held) await client.query('SELECT pg_advisory_unlock($1)', [this.key]);
    } catch {
      // the connection is going away anyway; PostgreSQL releases the lock with it
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
