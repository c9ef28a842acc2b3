import crypto from 'node:crypto';
import type { AppContext } from '../../context.js';

/**
 * Test support: a fresh user with a live session, made directly in the database, so the creator tests
 * do not depend on the sign-in flow. Answers the USER-TOKEN.
 */
export async function openTestSession(ctx: AppContext): Promise<string> {
  const n = crypto.randomInt(10_000_000, 99_999_999);
  const user = await ctx.db
    .insertInto('users')
    .values({ username: `测试用户${n}`, phone: `139${n}`, password_hash: 'x', invite_code: `T${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return ctx.sessions.open(user.id, { ip: null, userAgent: null });
}
