/** Test helpers: operators of a role whose session passed the TOTP check. */
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { AppContext } from '../../context.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import type { OperatorRole } from './console.roles.js';

export type TestOperator = TestMember & { secret: string };

/** What the helpers need of the test harness's app (test/harness.ts TestApp; not imported: outside rootDir). */
interface TestCaller {
  ctx: AppContext;
  call(
    method: 'GET' | 'POST',
    url: string,
    params?: Record<string, string | number>,
    options?: { token?: string },
  ): Promise<{ body: Record<string, unknown> & { code: number; message: string } }>;
}

/** The authenticator's code at `at` (ms). */
export function codeOf(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/**
 * An operator of `role` whose session passed the TOTP check (setup + first code); with `strong` (default) it
 * has set its password under the strong rule, as the console requires before any other call.
 */
export async function createOperator(t: TestCaller, role: OperatorRole, strong = true): Promise<TestOperator> {
  const m = await createMember(t.ctx);
  await sql`INSERT INTO operators (user_id, role) VALUES (${m.id}, ${role})`.execute(t.ctx.db);
  const setup = await t.call('POST', '/api/console/totp/setup', {}, { token: m.token });
  const secret = setup.body.secret as string;
  const verify = await t.call('POST', '/api/console/totp/verify', { code: codeOf(secret) }, { token: m.token });
  if (verify.body.code !== 200) throw new Error(`TOTP verification failed: ${verify.body.message}`);
  if (strong) await sql`UPDATE operators SET strong_password_at = now() WHERE user_id = ${m.id}`.execute(t.ctx.db);
  return { ...m, secret };
}
