import { GATE_DEFAULT_LEVEL, Msg, type FeatureKey, type FeatureRule } from '@xg/shared';
import { useFeaturePolicy, type FeaturePolicy } from '../api/get-feature-policy';
import { popupTarget, ruleOf } from '../gate-rules';

/** What a screen needs to draw a gate (§6). */
export interface GateState {
  /** the policy is still loading: draw neither the feature nor the lock yet */
  loading: boolean;
  /** the user may use it (false while loading) */
  allowed: boolean;
  /** the caller's effective userType (a sub-account's is its parent's); 0 while loading */
  userType: number;
  /** the lowest userType the feature needs */
  requiredLevel: number;
  /** what the gate says (the rule's refusal text, else 开通会员，即可订阅服务) */
  message: string;
  /** the feature's label, when the gate is a feature of the policy table */
  label: string | null;
  /** the tier the upgrade popup offers */
  target: number;
  /** the feature (when the gate is one of the policy table) */
  feature: FeatureKey | null;
}

export interface FeatureState extends GateState {
  rule: FeatureRule;
}

function featureState(data: FeaturePolicy | undefined, loading: boolean, feature: FeatureKey): FeatureState {
  const rule = ruleOf(data, feature);
  const userType = data?.userType ?? 0;
  return {
    loading,
    // The server's verdict.
    allowed: data ? data.allowed.includes(feature) : false,
    userType,
    requiredLevel: rule.level,
    message: rule.message ?? Msg.upgradeTitle,
    label: rule.label,
    target: popupTarget(userType, rule.level),
    feature,
    rule,
  };
}

function levelState(data: FeaturePolicy | undefined, loading: boolean, level: number): GateState {
  const userType = data?.userType ?? 0;
  return {
    loading,
    allowed: data ? userType >= level : false,
    userType,
    requiredLevel: level,
    message: Msg.upgradeTitle,
    label: null,
    target: popupTarget(userType, level),
    feature: null,
  };
}

/**
 * A feature of the policy table for the signed-in user, from GET /api/user/featurePolicy. Export buttons
 * use it: `const excel = useFeature('export.excel'); if (!excel.allowed) message.warning(excel.message)`
 * (开通会员，即可使用导出功能).
 */
export function useFeature(feature: FeatureKey): FeatureState {
  const query = useFeaturePolicy();
  return featureState(query.data, query.isPending, feature);
}

/**
 * A gate: by a feature of the policy table, or by level alone (default GATE_DEFAULT_LEVEL, §6) for a
 * screen whose feature is not in the table.
 */
export function useGate(feature?: FeatureKey, level: number = GATE_DEFAULT_LEVEL): GateState {
  const query = useFeaturePolicy();
  return feature ? featureState(query.data, query.isPending, feature) : levelState(query.data, query.isPending, level);
}
