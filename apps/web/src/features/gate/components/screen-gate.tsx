import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import type { FeatureKey } from '@xg/shared';
import { useFeature } from '../hooks/use-feature';
import { GateOverlay } from './gate-overlay';

/**
 * A whole screen behind one feature of the policy table: a skeleton while the policy loads, then either the screen
 * or, for a tier without the feature, the screen's title and what it offers under the upgrade overlay. The UI only
 * mirrors the gate: the server refuses the screen's calls too.
 */
export interface ScreenGateInfo {
  feature: FeatureKey;
  title: string;
  /** what the screen offers, shown under the overlay */
  intro: string;
}

export function ScreenGate({ feature, title, intro, children }: ScreenGateInfo & { children: ReactNode }) {
  const gate = useFeature(feature);
  if (gate.loading) return <Skeleton active />;
  if (!gate.allowed)
    return (
      <GateOverlay feature={feature} minHeight={320}>
        <Card variant="borderless" title={title}>
          <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        </Card>
      </GateOverlay>
    );
  return <>{children}</>;
}
