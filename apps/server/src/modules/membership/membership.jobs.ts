import type { Db } from '../../db/client.js';
import { MembershipRepository } from './membership.repository.js';
import { memberDb } from './membership.tables.js';

/** Job name, as `<area>.<verb-noun>`, for the job system to come. */
export const EXPIRE_MEMBERSHIPS_JOB = 'membership.expire-memberships';

/**
 * Drops every account whose paid or trial period has ended to 免费版 (user_type 0, version_type 1). Touches
 * nothing else and is idempotent: a second run finds nothing. Answers the ids it changed.
 */
export async function expireMemberships(db: Db, now: Date = new Date()): Promise<string[]> {
  return new MembershipRepository(memberDb(db)).expireEnded(now);
}
