import {
  ContrastFlag,
  MemberMsg,
  UserType,
  contrastAdviserMessage,
  featureAllowed,
  type QuotaKind,
  type QuotaSummary,
} from '@xg/shared';
import { effectiveTier, type UserService } from '../user/user.service.js';
import type { Db } from '../../db/client.js';
import { memberDb } from './membership.tables.js';
import { QuotaRepository } from './quota.repository.js';
import { shanghaiMonthStart } from './pricing.js';

/** The quota of one kind for a team this month. */
export interface QuotaStatus extends QuotaSummary {
  /** the account whose allowance is counted: the parent of a sub-account, else the account itself */
  ownerId: string;
  userType: number;
  month: string;
}

export interface SpendResult {
  ok: boolean;
  status: QuotaStatus;
}

/**
 * The §4 comparison flag from a tier, its remaining count and every tier's allowance:
 * 1 when the tier may not compare at all (免费版), 0 while reports remain, 2 when used up and a higher
 * tier has a larger allowance, 3 when used up at the top (contact an adviser).
 */
export function contrastFlagFor(userType: number, remain: number, totals: readonly number[]): ContrastFlag {
  const own = totals[userType] ?? 0;
  if (!featureAllowed(userType, 'contrast.create') || own === 0) return ContrastFlag.NO_PERMISSION;
  if (remain > 0) return ContrastFlag.ALLOWED;
  const higher = totals.some((total, type) => type > userType && type <= UserType.PREMIUM && total > own);
  return higher ? ContrastFlag.UPGRADE : ContrastFlag.ADVISER;
}

export function contrastFlagMessage(flag: ContrastFlag, adviserPhone: string): string {
  switch (flag) {
    case ContrastFlag.ALLOWED:
      return '';
    case ContrastFlag.NO_PERMISSION:
      return MemberMsg.contrastNoPermission;
    case ContrastFlag.UPGRADE:
      return MemberMsg.contrastUpgrade;
    case ContrastFlag.ADVISER:
      return contrastAdviserMessage(adviserPhone);
  }
}

/**
 * Monthly quotas (contrast reports, export rows) per team and Asia/Shanghai month. The allowance is the
 * tier's rule at the time of asking, so an upgrade raises this month's allowance at once.
 */
export class QuotaService {
  constructor(
    private readonly quotas: QuotaRepository,
    private readonly users: UserService,
  ) {}

  async status(userId: string, kind: QuotaKind, now: Date = new Date()): Promise<QuotaStatus> {
    const { ownerId, userType } = await this.team(userId, now);
    const month = shanghaiMonthStart(now);
    const [totals, used] = await Promise.all([this.quotas.totals(kind), this.quotas.used(ownerId, kind, month)]);
    return summary(kind, ownerId, userType, month, totals[userType] ?? 0, used);
  }

  /** Spends `n` of the team's quota atomically; ok false (and nothing spent) when fewer than n remain. */
  async spendQuota(userId: string, kind: QuotaKind, n = 1, now: Date = new Date()): Promise<SpendResult> {
    if (!Number.isInteger(n) || n < 1) throw new Error(`spendQuota: n must be a positive integer, got ${n}`);
    const { ownerId, userType } = await this.team(userId, now);
    const month = shanghaiMonthStart(now);
    const total = (await this.quotas.totals(kind))[userType] ?? 0;
    const used = await this.quotas.spend(ownerId, kind, month, n, total);
    if (used !== undefined) return { ok: true, status: summary(kind, ownerId, userType, month, total, used) };
    return {
      ok: false,
      status: summary(kind, ownerId, userType, month, total, await this.quotas.used(ownerId, kind, month)),
    };
  }

  async refundQuota(userId: string, kind: QuotaKind, n: number, now: Date = new Date()): Promise<void> {
    const { ownerId } = await this.team(userId, now);
    await this.quotas.refund(ownerId, kind, shanghaiMonthStart(now), n);
  }

  /**
   * Gives `n` back to the team `ownerId` (a parent account) for the month of `at`, in the caller's transaction: a
   * refund made with the state change that allows it happens exactly once.
   */
  async refundTeamIn(trx: Db, ownerId: string, kind: QuotaKind, n: number, at: Date): Promise<void> {
    if (n > 0) await new QuotaRepository(memberDb(trx)).refund(ownerId, kind, shanghaiMonthStart(at), n);
  }

  /** The comparison flag of §4 without spending anything. */
  async contrastFlag(userId: string, now: Date = new Date()): Promise<ContrastFlag> {
    const status = await this.status(userId, 'contrast', now);
    return contrastFlagFor(status.userType, status.remainCount, await this.quotas.totals('contrast'));
  }

  /**
   * For the comparison module: counts one report when allowed (flag 0) and answers the flag. A spend lost
   * to a concurrent one answers the flag of the quota as it is then.
   */
  async spendContrast(userId: string, now: Date = new Date()): Promise<{ flag: ContrastFlag; status: QuotaStatus }> {
    const result = await this.spendQuota(userId, 'contrast', 1, now);
    if (result.ok) return { flag: ContrastFlag.ALLOWED, status: result.status };
    const totals = await this.quotas.totals('contrast');
    return { flag: contrastFlagFor(result.status.userType, result.status.remainCount, totals), status: result.status };
  }

  private async team(userId: string, now: Date): Promise<{ ownerId: string; userType: number }> {
    const user = await this.users.requireUser(userId);
    return { ownerId: user.parentId ?? user.id, userType: effectiveTier(user, user.parent, now).userType };
  }
}

function summary(
  kind: QuotaKind,
  ownerId: string,
  userType: number,
  month: string,
  total: number,
  used: number,
): QuotaStatus {
  return {
    kind,
    ownerId,
    userType,
    month,
    totalCount: total,
    useCount: used,
    remainCount: Math.max(0, total - used),
  };
}
