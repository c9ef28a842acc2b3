import { sql, type Generated } from 'kysely';
import type { Db } from '../../db/client.js';

/** `login_failures` is created by migration 0002; db/schema.ts (shared) does not list it, so it is added here. */
interface LoginFailuresTable {
  id: Generated<string>;
  login_key: string;
  ip: string;
  created_at: Generated<Date>;
}

/** SQL over `login_failures`: the sign-in lockout's memory (see AuthService.login). */
export class LoginThrottleRepository {
  private readonly db;

  constructor(db: Db) {
    this.db = db.withTables<{ login_failures: LoginFailuresTable }>();
  }

  async countRecent(loginKey: string, ip: string, withinSeconds: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('login_key', '=', loginKey)
      .where('ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${withinSeconds})`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async record(loginKey: string, ip: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ login_key: loginKey, ip }).execute();
  }

  async clear(loginKey: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('login_key', '=', loginKey).where('ip', '=', ip).execute();
  }

  async deleteOlderThan(seconds: number): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .execute();
  }
}
