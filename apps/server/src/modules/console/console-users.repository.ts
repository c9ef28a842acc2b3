import { sql, type Kysely } from 'kysely';
import { FUNNEL_LANDING_PAGES, funnelRate, type AnalyticsFunnel, type ConsoleUserRow } from '@xg/shared';

const changed = (res: { numAffectedRows?: bigint }) => Number(res.numAffectedRows ?? 0) > 0;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface UserDbRow {
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  user_type: number;
  version_type: number;
  maturity_time: Date | null;
  parent_id: string | null;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
}
const USER_COLUMNS = sql`u.id, u.username, u.phone, u.email, u.user_type, u.version_type, u.maturity_time,
  u.parent_id, u.created_at, u.disabled_at, u.disabled_reason`;
function userRow(r: UserDbRow): ConsoleUserRow {
  return {
    id: Number(r.id),
    username: r.username,
    phone: r.phone ?? '',
    email: r.email ?? '',
    userType: r.user_type,
    versionType: r.version_type,
    maturityTime: iso(r.maturity_time),
    parentId: r.parent_id ? Number(r.parent_id) : null,
    createdAt: r.created_at.toISOString(),
    disabledAt: iso(r.disabled_at),
    disabledReason: r.disabled_reason ?? '',
  };
}

/** Login failures that count for the lockout window (auth.service LOGIN_LOCK_WINDOW_SECONDS). */
const LOCK_WINDOW_SECONDS = 600;

/** The console's SQL over accounts, free-VIP applications, collection requests, failed jobs and usage. */
export class ConsoleUsersRepository {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL only over tables outside the typed schema
  constructor(private readonly db: Kysely<any>) {}

  /** Accounts by id, phone, e-mail (exact) or user name (substring); newest first. */
  async search(keyword: string, limit = 50): Promise<ConsoleUserRow[]> {
    const k = keyword.trim();
    const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = k
      ? sql`WHERE u.id::text = ${k} OR u.phone = ${k} OR lower(u.email) = lower(${k}) OR u.username ILIKE ${like}`
      : sql``;
    const { rows } = await sql<UserDbRow>`SELECT ${USER_COLUMNS} FROM users u ${where}
      ORDER BY u.id DESC LIMIT ${limit}`.execute(this.db);
    return rows.map(userRow);
  }

  async user(id: number): Promise<ConsoleUserRow | null> {
    const { rows } = await sql<UserDbRow>`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ${id}`.execute(this.db);
    return rows[0] ? userRow(rows[0]) : null;
  }

  async subAccounts(id: number) {
    const { rows } = await sql<UserDbRow>`SELECT ${USER_COLUMNS} FROM users u WHERE u.parent_id = ${id}
      ORDER BY u.id LIMIT 100`.execute(this.db);
    return rows.map(userRow);
  }

  async sessions(id: number) {
    const { rows } = await sql<{
      id: string;
      created_at: Date;
      last_seen_at: Date;
      revoked_at: Date | null;
      revoked_reason: string | null;
      ip: string | null;
      user_agent: string | null;
    }>`SELECT id, created_at, last_seen_at, revoked_at, revoked_reason, ip, user_agent FROM sessions
       WHERE user_id = ${id} ORDER BY created_at DESC LIMIT 10`.execute(this.db);
    return rows.map((r) => ({
      id: Number(r.id),
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      revokedAt: iso(r.revoked_at),
      revokedReason: r.revoked_reason ?? '',
      ip: r.ip ?? '',
      userAgent: r.user_agent ?? '',
    }));
  }

  async periods(id: number) {
    const { rows } = await sql<{ level: number; version_type: number; start_at: Date; end_at: Date; source: string }>`
      SELECT level, version_type, start_at, end_at, source FROM membership_periods WHERE user_id = ${id}
      ORDER BY start_at DESC, id DESC LIMIT 20`.execute(this.db);
    return rows.map((r) => ({
      level: r.level,
      versionType: r.version_type,
      startAt: r.start_at.toISOString(),
      endAt: r.end_at.toISOString(),
      source: r.source,
    }));
  }

  /** The sign-in keys of an account (for the lockout records). */
  private async loginKeys(id: number): Promise<string[]> {
    const user = await this.user(id);
    if (!user) return [];
    const keys = [`user:${id}`];
    if (user.phone) keys.push(`phone:${user.phone}`);
    if (user.email) keys.push(`email:${user.email.toLowerCase()}`);
    return keys;
  }

  /** Failed sign-ins within the lockout window. */
  async recentLoginFailures(id: number): Promise<number> {
    const keys = await this.loginKeys(id);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM login_failures
      WHERE (account_key = ANY(${keys}::text[]) OR login_key = ANY(${keys}::text[]))
        AND created_at > now() - make_interval(secs => ${LOCK_WINDOW_SECONDS})`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** Removes the account's failed sign-ins: the lockout ends at once. */
  async unlock(id: number): Promise<number> {
    const keys = await this.loginKeys(id);
    const res = await sql`DELETE FROM login_failures
      WHERE account_key = ANY(${keys}::text[]) OR login_key = ANY(${keys}::text[])`.execute(this.db);
    return Number(res.numAffectedRows ?? 0);
  }

  /** Disables (revoking every live session) or re-enables an account. */
  async setDisabled(id: number, disabled: boolean, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = disabled
        ? await sql`UPDATE users SET disabled_at = now(), disabled_reason = ${reason}, updated_at = now()
            WHERE id = ${id}`.execute(trx)
        : await sql`UPDATE users SET disabled_at = NULL, disabled_reason = NULL, updated_at = now()
            WHERE id = ${id}`.execute(trx);
      if (disabled)
        await sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'admin'
          WHERE user_id = ${id} AND revoked_at IS NULL`.execute(trx);
      return changed(res);
    });
  }

  // --- free-VIP applications ------------------------------------------------------------------------------------
  async freeVipApplications(pendingOnly: boolean) {
    const { rows } = await sql<{
      id: string;
      user_id: string;
      username: string;
      user_type: number;
      company: string;
      contact_name: string;
      phone: string;
      position: string;
      needs: string | null;
      status: string;
      created_at: Date;
      decided_at: Date | null;
      reject_reason: string | null;
      decided_by_name: string | null;
    }>`SELECT f.id, f.user_id, u.username, u.user_type, f.company, f.contact_name, f.phone, f.position, f.needs,
         f.status, f.created_at, f.decided_at, f.reject_reason, d.username AS decided_by_name
       FROM free_vip_applications f JOIN users u ON u.id = f.user_id LEFT JOIN users d ON d.id = f.decided_by
       WHERE ${pendingOnly ? sql`f.status = 'pending'` : sql`true`}
       ORDER BY (f.status = 'pending') DESC, f.created_at DESC LIMIT 200`.execute(this.db);
    return rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      username: r.username,
      userType: r.user_type,
      company: r.company,
      contactName: r.contact_name,
      phone: r.phone,
      position: r.position,
      needs: r.needs ?? '',
      status: r.status,
      createdAt: r.created_at.toISOString(),
      decidedAt: iso(r.decided_at),
      rejectReason: r.reject_reason ?? '',
      decidedBy: r.decided_by_name ?? '',
    }));
  }

  // --- collection requests --------------------------------------------------------------------------------------
  async collectionRequests(state: string) {
    const { rows } = await sql<{
      id: string;
      mid: string;
      input: string | null;
      state: string;
      error: string | null;
      created_at: Date;
      updated_at: Date;
      username: string | null;
      requested_by: string | null;
      creator_name: string | null;
    }>`SELECT r.id, r.mid, r.input, r.state, r.error, r.created_at, r.updated_at, r.requested_by, u.username,
         c.name AS creator_name
       FROM collection_requests r LEFT JOIN users u ON u.id = r.requested_by LEFT JOIN creators c ON c.id = r.creator_id
       WHERE ${state === 'all' ? sql`true` : sql`r.state = ${state}`}
       ORDER BY r.created_at DESC, r.id DESC LIMIT 200`.execute(this.db);
    const counts = await sql<{ state: string; n: string }>`SELECT state, count(*) AS n FROM collection_requests
      GROUP BY state`.execute(this.db);
    return {
      counts: Object.fromEntries(counts.rows.map((r) => [r.state, Number(r.n)])),
      list: rows.map((r) => ({
        id: Number(r.id),
        mid: Number(r.mid),
        input: r.input ?? '',
        state: r.state,
        error: r.error ?? '',
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        userId: r.requested_by ? Number(r.requested_by) : null,
        username: r.username ?? '',
        creatorName: r.creator_name ?? '',
      })),
    };
  }

  // --- failed jobs ----------------------------------------------------------------------------------------------
  /** The newest failed jobs (pg-boss schema `pgboss`), with their error. */
  async failedJobs(limit = 50) {
    const exists = await sql<{ t: string | null }>`SELECT to_regclass('pgboss.job') AS t`.execute(this.db);
    if (!exists.rows[0]?.t) return [];
    const { rows } = await sql<{
      id: string;
      name: string;
      retry_count: number;
      output: unknown;
      completed_on: Date | null;
    }>`
      SELECT id, name, retry_count, output, completed_on FROM pgboss.job WHERE state = 'failed'
      ORDER BY completed_on DESC NULLS LAST LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      retryCount: r.retry_count,
      error: errorOf(r.output),
      failedAt: iso(r.completed_on),
    }));
  }

  /**
   * Puts the failed jobs of `name` back in the queue, as pg-boss's own retry() does (state retry, one more
   * attempt allowed) and due now. Answers how many.
   */
  async retryFailed(name: string): Promise<number> {
    const exists = await sql<{ t: string | null }>`SELECT to_regclass('pgboss.job') AS t`.execute(this.db);
    if (!exists.rows[0]?.t) return 0;
    const res = await sql`UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
      WHERE name = ${name} AND state = 'failed'`.execute(this.db);
    return Number(res.numAffectedRows ?? 0);
  }

  // --- usage ----------------------------------------------------------------------------------------------------
  /**
   * Per Asia/Shanghai day of the last `days` days: active accounts and searches (usage_daily), exports
   * (exports), new accounts and paid orders, each by the tier recorded with them.
   */
  async usage(days: number) {
    const from = sql`((now() AT TIME ZONE 'Asia/Shanghai')::date - ${days - 1}::int)`;
    const { rows } = await sql<{ day: string; kind: string; user_type: number; n: string }>`
      SELECT day::text, kind, user_type, count(*)::text AS n FROM usage_daily
        WHERE kind = 'active' AND day >= ${from} GROUP BY day, kind, user_type
      UNION ALL
      SELECT day::text, kind, user_type, sum(count)::text FROM usage_daily
        WHERE kind = 'search' AND day >= ${from} GROUP BY day, kind, user_type
      UNION ALL
      SELECT (e.created_at AT TIME ZONE 'Asia/Shanghai')::date::text, 'export', u.user_type, count(*)::text
        FROM exports e JOIN users u ON u.id = e.owner_id
        WHERE e.created_at >= ${from}::timestamp AT TIME ZONE 'Asia/Shanghai' GROUP BY 1, 3
      UNION ALL
      SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date::text, 'signup', 0, count(*)::text FROM users
        WHERE created_at >= ${from}::timestamp AT TIME ZONE 'Asia/Shanghai' GROUP BY 1
      UNION ALL
      SELECT (paid_at AT TIME ZONE 'Asia/Shanghai')::date::text, 'paid', level, count(*)::text FROM payment_orders
        WHERE status = 'paid' AND paid_at >= ${from}::timestamp AT TIME ZONE 'Asia/Shanghai' GROUP BY 1, 3
      ORDER BY 1`.execute(this.db);
    return rows.map((r) => ({ day: r.day, kind: r.kind, userType: r.user_type, count: Number(r.n) }));
  }

  /** Page views of the last `days` days from the access records (saveUserAccessRecord), top pages. */
  async topPages(days: number, limit = 15) {
    const { rows } = await sql<{ page: string; views: string; users: string }>`
      SELECT page, count(*) AS views, count(DISTINCT user_id) AS users FROM access_records
      WHERE created_at >= ((now() AT TIME ZONE 'Asia/Shanghai')::date - ${days - 1}::int)::timestamp AT TIME ZONE 'Asia/Shanghai'
      GROUP BY page ORDER BY count(*) DESC LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({ page: r.page, views: Number(r.views), users: Number(r.users) }));
  }

  /**
   * The funnel of the last `days` days (docs/metrics.md § Console usage analytics): anonymous access records on a
   * landing page (FUNNEL_LANDING_PAGES, page without query), accounts created in the period, and those of them
   * with a paid order paid in the period. Conversions are each step over the previous one.
   */
  async funnel(days: number): Promise<AnalyticsFunnel> {
    const { rows } = await sql<{ from: string; visits: string; signups: string; paid: string }>`
      WITH p AS (SELECT ((now() AT TIME ZONE 'Asia/Shanghai')::date - ${days - 1}::int) AS day),
      b AS (SELECT day, day::timestamp AT TIME ZONE 'Asia/Shanghai' AS at FROM p)
      SELECT b.day::text AS from,
        (SELECT count(*) FROM access_records a WHERE a.created_at >= b.at AND a.user_id IS NULL
           AND split_part(a.page, '?', 1) = ANY(${[...FUNNEL_LANDING_PAGES]}::text[]))::text AS visits,
        (SELECT count(*) FROM users u WHERE u.created_at >= b.at)::text AS signups,
        (SELECT count(*) FROM users u WHERE u.created_at >= b.at AND EXISTS (SELECT 1 FROM payment_orders o
           WHERE o.user_id = u.id AND o.status = 'paid' AND o.paid_at >= b.at))::text AS paid
      FROM b`.execute(this.db);
    const r = rows[0]!;
    const [visits, signups, paid] = [Number(r.visits), Number(r.signups), Number(r.paid)];
    return {
      from: r.from,
      steps: [
        { key: 'visit', count: visits, rate: null },
        { key: 'signup', count: signups, rate: funnelRate(signups, visits) },
        { key: 'paid', count: paid, rate: funnelRate(paid, signups) },
      ],
    };
  }

  /** Adds usage counts (one statement per batch); the tier is the account's at its first count of the day. */
  async addUsage(rows: readonly { day: string; userId: string; kind: string; count: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`INSERT INTO usage_daily (day, user_id, kind, user_type, count)
      SELECT v.day, v.user_id, v.kind, u.user_type, v.count
      FROM unnest(${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.userId)}::bigint[],
                  ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.count)}::int[]) AS v(day, user_id, kind, count)
      JOIN users u ON u.id = v.user_id
      ON CONFLICT (day, kind, user_id) DO UPDATE SET count = usage_daily.count + EXCLUDED.count`.execute(this.db);
  }
}

function errorOf(output: unknown): string {
  if (output && typeof output === 'object') {
    const o = output as Record<string, unknown>;
    if (typeof o.message === 'string') return o.message.slice(0, 300);
    if (typeof o.value === 'string') return o.value.slice(0, 300);
  }
  return typeof output === 'string' ? output.slice(0, 300) : '';
}
