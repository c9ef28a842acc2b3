import { sql } from 'kysely';
import {
  FREE_VIP_TRIAL_DAYS,
  FREE_VIP_TRIAL_LEVEL,
  REGULAR_VERSION_TYPE,
  UserType,
  type UserExtendParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { membershipServices } from '../membership/membership.services.js';
import { MembershipRepository } from '../membership/membership.repository.js';
import { memberDb } from '../membership/membership.tables.js';
import { effectiveTier } from '../user/user.service.js';
import { ConsoleMsg } from './console.roles.js';

const DAY_MS = 24 * 3600_000;

/** Tier changes and free-VIP decisions by operators: each in one transaction under the account's row lock. */
export class ConsoleUsersService {
  private readonly repo: MembershipRepository;
  private readonly members: ReturnType<typeof membershipServices>;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MembershipRepository(memberDb(ctx.db));
    this.members = membershipServices(ctx);
  }

  /**
   * Extends or changes an account's tier: the same level runs on from its current expiry (or from now when
   * it has expired); another level starts now for `days`. A membership period (source admin) records it.
   */
  async extend(p: UserExtendParams, now = new Date()) {
    return memberDb(this.ctx.db)
      .transaction()
      .execute(async (trx) => {
        const repo = this.repo.with(trx);
        const account = await repo.lockAccount(String(p.userId));
        if (!account) throw AppError.fail(ConsoleMsg.userMissing);
        if (account.parentId !== null) throw AppError.fail(ConsoleMsg.subAccountTier);
        const current = effectiveTier(account, null, now);
        const sameLevel = current.userType === p.level && current.maturityTime !== null;
        const start = sameLevel && current.maturityTime! > now ? current.maturityTime! : now;
        const end = new Date(start.getTime() + p.days * DAY_MS);
        await repo.setTier(
          String(p.userId),
          {
            userType: p.level,
            versionType: sameLevel ? current.versionType : REGULAR_VERSION_TYPE,
            maturityTime: end,
            buyMonthNum: account.buyMonthNum,
          },
          now,
        );
        await repo.insertPeriod({
          userId: String(p.userId),
          level: p.level,
          versionType: sameLevel ? current.versionType : REGULAR_VERSION_TYPE,
          start,
          end,
          source: 'admin',
          orderId: null,
        });
        return {
          before: { userType: current.userType, maturityTime: current.maturityTime?.toISOString() ?? null },
          after: { userType: p.level, maturityTime: end.toISOString() },
        };
      });
  }

  /**
   * Decides a pending free-VIP application: approve grants the FREE_VIP_TRIAL_DAYS-day 企业版 trial (the same
   * grant as auto mode; an account with a paid tier now is never downgraded by it), reject records the reason.
   * The applicant sees the outcome in the poster modal (/api/freeVip/status).
   */
  async decideFreeVip(
    id: number,
    decision: 'approve' | 'reject',
    reason: string,
    operatorId: string,
    now = new Date(),
  ) {
    return memberDb(this.ctx.db)
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ user_id: string; status: string }>`SELECT user_id, status
          FROM free_vip_applications WHERE id = ${id} FOR UPDATE`.execute(trx);
        const app = rows[0];
        if (!app) throw AppError.fail(ConsoleMsg.freeVipMissing);
        if (app.status !== 'pending') throw AppError.fail(ConsoleMsg.freeVipDecided);
        if (decision === 'approve') {
          const account = await this.repo.with(trx).lockAccount(app.user_id);
          if (!account) throw AppError.fail(ConsoleMsg.userMissing);
          if (effectiveTier(account, null, now).userType !== UserType.FREE)
            throw AppError.fail('该用户当前已是会员，开通试用会降低其等级；请拒绝并说明原因');
          await this.members.membership.grantTrial(trx, app.user_id, FREE_VIP_TRIAL_LEVEL, FREE_VIP_TRIAL_DAYS, now);
        }
        await sql`UPDATE free_vip_applications SET status = ${decision === 'approve' ? 'granted' : 'rejected'},
          decided_at = ${now}, decided_by = ${operatorId}, reject_reason = ${decision === 'reject' ? reason : null}
          WHERE id = ${id}`.execute(trx);
        return { userId: Number(app.user_id) };
      });
  }
}
