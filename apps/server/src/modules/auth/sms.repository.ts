import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

/** Start of today in Asia/Shanghai ("a day" for daily limits), computed by the database clock. */
const shanghaiToday = sql<Date>`date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai'`;

export interface SmsCodeRow {
  id: string;
  code: string;
  attempts: number;
  consumed: boolean;
  expired: boolean;
}

export interface OutboxRow {
  phone: string;
  code: string;
  type: number;
  createdAt: Date;
}

/** 'sms' codes go to a phone; 'mail' codes to an e-mail address, kept in the same `phone` column. */
export type CodeChannel = 'sms' | 'mail';

/**
 * SQL over `sms_codes` (the codes, the send history behind the limits, and the sandbox outbox). `phone` is
 * the destination: a phone, or for the 'mail' channel a lower-case address; the daily caps count a
 * destination across channels and types.
 */
export class SmsRepository {
  constructor(private readonly db: Db) {}

  /** Serialises concurrent sends for one key until the surrounding transaction ends. */
  async lock(key: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${key}`}))`.execute(this.db);
  }

  async sentWithinSeconds(
    phone: string,
    type: number,
    seconds: number,
    channel: CodeChannel = 'sms',
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select('id')
      .where('channel', '=', channel)
      .where('phone', '=', phone)
      .where('type', '=', type)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countTodayForPhone(phone: string): Promise<number> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('phone', '=', phone)
      .where('created_at', '>=', shanghaiToday)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countTodayForIp(ip: string): Promise<number> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>=', shanghaiToday)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: {
    phone: string;
    type: number;
    code: string;
    provider: string;
    ip: string | null;
    ttlSeconds: number;
    channel?: CodeChannel;
  }): Promise<string> {
    const inserted = await this.db
      .insertInto('sms_codes')
      .values({
        phone: row.phone,
        type: row.type,
        code: row.code,
        provider: row.provider,
        ip: row.ip,
        channel: row.channel ?? 'sms',
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sms_codes').where('id', '=', id).execute();
  }

  /** The most recently sent code of this phone and type, locked for the check (call inside a transaction). */
  async latestForUpdate(phone: string, type: number, channel: CodeChannel = 'sms'): Promise<SmsCodeRow | undefined> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select(['id', 'code', 'attempts', 'consumed_at', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('channel', '=', channel)
      .where('phone', '=', phone)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        code: row.code,
        attempts: row.attempts,
        consumed: row.consumed_at !== null,
        expired: row.expired,
      }
    );
  }

  async markConsumed(id: string): Promise<void> {
    await this.db
      .updateTable('sms_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Counts a wrong try; `kill` also retires the code. */
  async recordWrongAttempt(id: string, kill: boolean): Promise<void> {
    await this.db
      .updateTable('sms_codes')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        ...(kill ? { consumed_at: sql<Date>`now()` } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  async latestForPhone(phone: string, limit: number): Promise<OutboxRow[]> {
    const rows = await this.db
      .selectFrom('sms_codes')
      .select(['phone', 'code', 'type', 'created_at'])
      .where('channel', '=', 'sms')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ phone: r.phone, code: r.code, type: r.type, createdAt: r.created_at }));
  }
}
