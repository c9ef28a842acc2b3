import { sql, type Generated } from 'kysely';
import type { Db } from '../../db/client.js';

/**
 * `login_failures` is created by migration 0002 (account_key added by 0021); db/schema.ts (shared) does not
 * list it, so it is added here.
 */
interface LoginFailuresTable {
  id: Generated<string>;
  login_key: string;
  account_key: string;
  ip: string;
  created_at: Generated<Date>;
}

interface SessionsIpView {
  user_id: string;
  ip: string | null;
  created_at: Date;
}

type ThrottleDb = ReturnType<typeof withThrottleTables>;
function withThrottleTables(db: Db) {
  return db.withTables<{ login_failures: LoginFailuresTable; sessions: SessionsIpView }>();
}

export interface AccountFailures {
  count: number;
  /** The newest failure in the window, or null. */
  lastAt: Date | null;
}

/** SQL over `login_failures`: the sign-in lockout's memory (see AuthService.login). Works on the Db or a transaction. */
export class LoginThrottleRepository {
  private readonly db: ThrottleDb;

  constructor(db: Db) {
    this.db = withThrottleTables(db);
  }

  /** The same repository inside `trx` (a Kysely transaction of the same database). */
  with(trx: Db): LoginThrottleRepository {
    return new LoginThrottleRepository(trx);
  }

  /** Serialises the sign-in bookkeeping of one account until the transaction ends. */
  async lockAccount(accountKey: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${accountKey}`}, 0))`.execute(this.db);
  }

  /** Failures of the account from this IP within the window. */
  async countRecent(accountKey: string, ip: string, withinSeconds: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_key', '=', accountKey)
      .where('ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${withinSeconds})`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Failures of the account from every IP and through every login name within the window. */
  async accountFailures(accountKey: string, withinSeconds: number): Promise<AccountFailures> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('created_at').as('last')])
      .where('account_key', '=', accountKey)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${withinSeconds})`)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), lastAt: row.last ? new Date(row.last) : null };
  }

  /** Seconds since `at` by the database clock (the clock the failures were written with). */
  async secondsSince(at: Date): Promise<number> {
    const row = await sql<{ s: number }>`SELECT extract(epoch FROM now() - ${at}::timestamptz)::float8 AS s`.execute(
      this.db,
    );
    return Number(row.rows[0]?.s ?? 0);
  }

  async record(accountKey: string, loginKey: string, ip: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ account_key: accountKey, login_key: loginKey, ip }).execute();
  }

  /** Forgets the account's failures from this IP (after a successful sign-in from it). */
  async clear(accountKey: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', accountKey).where('ip', '=', ip).execute();
  }

  /** True when the user signed in successfully from this IP within the window (a known place). */
  async signedInFrom(userId: string, ip: string, withinSeconds: number): Promise<boolean> {
    if (!ip) return false;
    const row = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${withinSeconds})`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteOlderThan(seconds: number): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .execute();
  }
}
