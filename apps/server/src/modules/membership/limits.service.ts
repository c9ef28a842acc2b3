import {
  FEATURE_KEYS,
  FEATURE_POLICY,
  QUOTA_KINDS,
  allowedMonitorDurations,
  featureAllowed,
  type OperateLimitAnswer,
} from '@xg/shared';
import type { UserService } from '../user/user.service.js';
import type { QuotaService } from './quota.service.js';

export type OperateLimits = Omit<OperateLimitAnswer, 'code' | 'message'>;

/** GET /api/operateLimitList (§7.2, content not specified): the caller's tier, this month's quotas and the gates. */
export class LimitsService {
  constructor(
    private readonly users: UserService,
    private readonly quotas: QuotaService,
  ) {}

  async operateLimits(userId: string, now: Date = new Date()): Promise<OperateLimits> {
    const user = await this.users.requireUser(userId);
    const tier = await this.users.getEffectiveTier(userId);
    const statuses = await Promise.all(QUOTA_KINDS.map((kind) => this.quotas.status(userId, kind, now)));
    return {
      userType: tier.userType,
      versionType: tier.versionType,
      maturityTime: tier.maturityTime ? tier.maturityTime.toISOString() : null,
      isSubAccount: user.parentId !== null,
      month: (statuses[0]?.month ?? '').slice(0, 7),
      quotas: statuses.map((s) => ({
        kind: s.kind,
        totalCount: s.totalCount,
        useCount: s.useCount,
        remainCount: s.remainCount,
      })),
      features: FEATURE_KEYS.map((feature) => ({
        feature,
        label: FEATURE_POLICY[feature].label,
        level: FEATURE_POLICY[feature].level,
        allowed: featureAllowed(tier.userType, feature),
      })),
      monitorDurations: allowedMonitorDurations(tier.userType),
    };
  }
}
