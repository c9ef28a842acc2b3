import {
  FEATURE_POLICY,
  featureAllowed,
  featureDeniedMessage,
  monitorDurationFeature,
  upgradeTarget,
  type FeatureKey,
  type FeatureRule,
  type MonitorDuration,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';

/** Whatever carries the tier the account uses now (a sub-account's is its parent's: UserService.getEffectiveTier). */
export interface TierHolder {
  userType: number;
}

/**
 * The one server-side gate (spec §6): throws −1 with the policy's message when `user`'s tier may not use
 * `feature`. The answer also carries `feature`, `requiredLevel` and `upgradeTarget` (2 from 免费版, else
 * userType + 1) so the web can open the upgrade popup without a second table.
 */
export function requireFeature(user: TierHolder, feature: FeatureKey): void {
  if (featureAllowed(user.userType, feature)) return;
  const rule: FeatureRule = FEATURE_POLICY[feature];
  throw AppError.fail(featureDeniedMessage(feature), {
    feature,
    requiredLevel: rule.level,
    upgradeTarget: Math.max(upgradeTarget(user.userType), rule.level),
  });
}

/** The gate of a monitor window (§6: 48H needs 2; 72H and 7 days need 3). 0 (no monitoring) is always allowed. */
export function requireMonitorDuration(user: TierHolder, duration: MonitorDuration): void {
  const feature = monitorDurationFeature(duration);
  if (feature !== null) requireFeature(user, feature);
}
