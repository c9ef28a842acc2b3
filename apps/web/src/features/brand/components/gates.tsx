import { Card, Skeleton, Typography } from 'antd';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';

/** The screens of 品牌曝光分析 (commerce.brand, 专业版+): the server refuses the calls below it too. */
export function BrandGate({ title, children }: { title: string; children: React.ReactNode }) {
  const gate = useFeature('commerce.brand');
  if (gate.loading) return <Skeleton active />;
  if (!gate.allowed)
    return (
      <GateOverlay feature="commerce.brand" minHeight={320}>
        <Card variant="borderless" title={title}>
          <Typography.Paragraph type="secondary">
            品牌在B站的商单视频、提及次数与曝光播放，合作UP主、分区分布、投放花费估算和竞品声量对比；每条识别均附判定依据。
          </Typography.Paragraph>
        </Card>
      </GateOverlay>
    );
  return children;
}

/** The screens of 带货销售报告 (commerce.sale, 企业版+). */
export function SaleGate({ title, children }: { title: string; children: React.ReactNode }) {
  const gate = useFeature('commerce.sale');
  if (gate.loading) return <Skeleton active />;
  if (!gate.allowed)
    return (
      <GateOverlay feature="commerce.sale" minHeight={320}>
        <Card variant="borderless" title={title}>
          <Typography.Paragraph type="secondary">
            UP主或品牌的带货表现：带货商品、带货视频与估算销量区间，支持2~5个对象横向对比。
          </Typography.Paragraph>
        </Card>
      </GateOverlay>
    );
  return children;
}
