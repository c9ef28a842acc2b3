import { FEATURE_POLICY, UserType, upgradeTarget, type FeatureKey, type FeatureRule } from '@xg/shared';
import type { FeaturePolicy } from './api/get-feature-policy';

/** The gate rules of §4 and §6 the web applies on top of the server's policy answer (pure, unit-tested). */

/**
 * The tier the upgrade popup offers: spec §4's upgradeTarget (2 from 免费版, else the next tier), raised to
 * the feature's required level when that is higher (Excel export needs 企业版: offering 专业版 to a free
 * user would sell a tier that still cannot export).
 */
export function popupTarget(userType: number, requiredLevel: number): number {
  return Math.min(Math.max(upgradeTarget(userType), requiredLevel), UserType.PREMIUM);
}

/** The server's rule for a feature, else the shared table's (the web mirrors the server's FEATURE_POLICY). */
export function ruleOf(data: FeaturePolicy | undefined, feature: FeatureKey): FeatureRule {
  return data?.policy[feature] ?? FEATURE_POLICY[feature];
}

/** Whether a rule lets a userType in (the server's featureAllowed, for a rule the server sent). */
export function ruleAllows(rule: FeatureRule, userType: number): boolean {
  return userType >= rule.level;
}
