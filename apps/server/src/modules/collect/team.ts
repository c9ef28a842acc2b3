import { ApiCode, Msg, listLimit, upgradeTarget, type ListLimitKind } from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { effectiveTier } from '../user/user.service.js';
import type { UserRepository } from '../user/user.repository.js';

/**
 * Who is asking, for the team's own data: a parent account and its sub-accounts form one team whose id is
 * the parent's; every list, group and library row carries that team id. The tier is the team's (a
 * sub-account uses its parent's, UserService's rule).
 */
export interface TeamMember {
  userId: string;
  teamId: string;
  userType: number;
}

export async function teamMember(users: UserRepository, userId: string): Promise<TeamMember> {
  const user = await users.findById(userId);
  if (!user) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
  return {
    userId: user.id,
    teamId: user.parentId ?? user.id,
    userType: effectiveTier(user, user.parent).userType,
  };
}

/**
 * The limit of a list for the member's tier (LIST_LIMITS, packages/shared): throws −1 with `message(max)`
 * and the upgrade popup's target (spec §2.6, §4) when `count + adding` would pass it.
 */
export function enforceLimit(
  member: TeamMember,
  kind: ListLimitKind,
  count: number,
  message: (max: number) => string,
  adding = 1,
): void {
  const max = listLimit(kind, member.userType);
  if (count + adding <= max) return;
  throw AppError.fail(message(max), {
    limitKind: kind,
    limit: max,
    upgradeTarget: upgradeTarget(member.userType),
  });
}
