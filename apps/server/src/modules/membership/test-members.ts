import crypto from 'node:crypto';
import type { AppContext } from '../../context.js';

/** Test support: an account of a given tier with a live session, made directly in the database. */
export interface MemberSpec {
  userType?: number;
  versionType?: number;
  /** days until maturity (negative: already ended); null: no end date */
  maturityDays?: number | null;
  buyMonthNum?: number;
  parentId?: string | null;
}

export interface TestMember {
  id: string;
  token: string;
}

export async function createMember(ctx: AppContext, spec: MemberSpec = {}): Promise<TestMember> {
  const n = crypto.randomInt(10_000_000, 99_999_999);
  const days = spec.maturityDays === undefined ? (spec.userType ? 365 : null) : spec.maturityDays;
  const row = await ctx.db
    .insertInto('users')
    .values({
      username: `会员测试${n}`,
      phone: `137${n}`,
      password_hash: 'x',
      invite_code: `M${n}`,
      user_type: spec.userType ?? 0,
      version_type: spec.versionType ?? 1,
      maturity_time: days === null ? null : new Date(Date.now() + days * 24 * 3600 * 1000),
      buy_month_num: spec.buyMonthNum ?? 0,
      parent_id: spec.parentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: await ctx.sessions.open(row.id, { ip: null, userAgent: null }) };
}

/**
 * The harness drops a test database (WITH FORCE) as soon as the pool's end() resolves, which pg-pool does
 * before its idle connections have finished closing; a connection killed in that window (FATAL 57P01) makes
 * the pool emit 'error', and a pool without an 'error' listener throws it as an uncaught exception. Files
 * that use many connections at once call this right after createTestApp. (The proper fix belongs in
 * test/harness.ts, and db/client.ts could log pool errors instead of letting an idle-connection error crash.)
 */
export function toleratePoolShutdown(ctx: AppContext): void {
  ctx.pool.on('error', () => undefined);
}
