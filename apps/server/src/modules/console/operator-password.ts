import { sql } from 'kysely';
import { OPERATOR_PASSWORD_WEAK, isStrongPassword } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

/**
 * An operator account keeps the strong rule (≥ 12 characters, upper- and lower-case, digit, symbol) on every
 * way it can change its password — the customer account page and the forgot-password SMS flow too, whose own
 * rule is only 6 characters. Called before the new hash is written; a customer account is not affected.
 */
export async function assertOperatorPasswordRule(db: Db, userId: string, password: string): Promise<void> {
  if (isStrongPassword(password)) return;
  const { rows } = await sql`SELECT 1 FROM operators WHERE user_id = ${userId}`.execute(db);
  if (rows.length > 0) throw AppError.fail(OPERATOR_PASSWORD_WEAK);
}
