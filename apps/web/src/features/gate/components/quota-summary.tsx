import { Space } from 'antd';
import { featureBuilt, type FeatureKey } from '@xg/shared';
import { QuotaBadge, type QuotaBadgeKind } from './quota-badge';

/** The feature each monthly quota is spent by: its badge shows only once that feature's screen exists. */
const QUOTA_FEATURES: readonly { kind: QuotaBadgeKind; feature: FeatureKey }[] = [
  { kind: 'contrast', feature: 'contrast.create' },
  { kind: 'export', feature: 'export.excel' },
];

/**
 * The monthly quotas side by side (/member), for the features that are built (FEATURE_STATUS): a quota of a
 * feature nobody can reach yet would advertise it. Nothing while none is built.
 */
export function QuotaSummary() {
  const shown = QUOTA_FEATURES.filter((q) => featureBuilt(q.feature));
  if (shown.length === 0) return null;
  return (
    <Space wrap size={[8, 8]} className="quota-summary">
      {shown.map((q) => (
        <QuotaBadge key={q.kind} kind={q.kind} />
      ))}
    </Space>
  );
}
