import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';

function Locked({
  feature,
  title,
  intro,
}: {
  feature: 'commerce.goods' | 'commerce.sellers';
  title: string;
  intro: string;
}) {
  return (
    <GateOverlay feature={feature} minHeight={320}>
      <Card variant="borderless" title={title}>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      </Card>
    </GateOverlay>
  );
}

/** The goods screens (overview, search, rank, detail): 初级版 and above (commerce.goods; the server enforces it). */
export function GoodsGate({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const gate = useFeature('commerce.goods');
  if (gate.loading) return <Skeleton active />;
  if (!gate.allowed) return <Locked feature="commerce.goods" title={title} intro={intro} />;
  return <>{children}</>;
}

/** 带货达人: 专业版 and above (commerce.sellers; the server enforces it). */
export function SellersGate({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const gate = useFeature('commerce.sellers');
  if (gate.loading) return <Skeleton active />;
  if (!gate.allowed) return <Locked feature="commerce.sellers" title={title} intro={intro} />;
  return <>{children}</>;
}
