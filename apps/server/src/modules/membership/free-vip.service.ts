import {
  FREE_VIP_TRIAL_DAYS,
  FREE_VIP_TRIAL_LEVEL,
  MemberMsg,
  Msg,
  UserType,
  type FreeVipApplyParams,
  type FreeVipStatus,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { effectiveTier } from '../user/user.service.js';
import type { FreeVipRepository } from './free-vip.repository.js';
import type { MembershipRepository } from './membership.repository.js';
import type { MembershipService } from './membership.service.js';
import type { MemberDb } from './membership.tables.js';

/** auto: a free account gets the trial at once; manual: every application waits for an operator. */
export type FreeVipMode = 'auto' | 'manual';

export interface FreeVipState {
  status: FreeVipStatus;
  appliedAt: string | null;
  trialDays: number;
  level: number;
}

/**
 * The free enterprise-tier promotion (spec §2.2, §2.6 poster modal): one application per account. In auto
 * mode an account that uses 免费版 now gets a FREE_VIP_TRIAL_DAYS-day 企业版 trial (versionType 2); an
 * account with a paid or trial tier is never downgraded by it: its application waits for an operator.
 */
export class FreeVipService {
  constructor(
    private readonly db: MemberDb,
    private readonly applications: FreeVipRepository,
    private readonly accounts: MembershipRepository,
    private readonly membership: MembershipService,
    private readonly mode: FreeVipMode,
  ) {}

  async status(userId: string): Promise<FreeVipState> {
    const application = await this.applications.findByUser(userId);
    return state(application?.status ?? 'none', application?.createdAt ?? null);
  }

  async apply(
    userId: string,
    form: FreeVipApplyParams,
    now: Date = new Date(),
  ): Promise<FreeVipState & { message: string }> {
    const account = await this.membership.account(userId);
    if (account.parentId !== null) throw AppError.fail(Msg.subAccountBlocked);
    if (await this.applications.findByUser(userId)) throw AppError.fail(MemberMsg.freeVipOnce);

    return this.db.transaction().execute(async (trx) => {
      const locked = await this.accounts.with(trx).lockAccount(userId);
      if (!locked) throw AppError.fail(Msg.sessionExpired);
      const usesFree = effectiveTier(locked, null, now).userType === UserType.FREE;
      const status = this.mode === 'auto' && usesFree ? 'granted' : 'pending';
      const inserted = await this.applications.with(trx).insert(userId, form, status, now);
      if (!inserted) throw AppError.fail(MemberMsg.freeVipOnce);
      if (status === 'granted') {
        await this.membership.grantTrial(trx, userId, FREE_VIP_TRIAL_LEVEL, FREE_VIP_TRIAL_DAYS, now);
      }
      return {
        ...state(status, inserted.createdAt),
        message: status === 'granted' ? MemberMsg.freeVipGranted : MemberMsg.freeVipPending,
      };
    });
  }
}

function state(status: FreeVipStatus, appliedAt: Date | null): FreeVipState {
  return {
    status,
    appliedAt: appliedAt ? appliedAt.toISOString() : null,
    trialDays: FREE_VIP_TRIAL_DAYS,
    level: FREE_VIP_TRIAL_LEVEL,
  };
}
