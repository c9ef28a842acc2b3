import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { BarChart } from '../../../components/charts/bar-chart';
import { PieChart } from '../../../components/charts/pie-chart';
import { RegionBarChart } from '../../../components/charts/region-bar-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';
import { useKolPortrait, type KolPortrait, type PortraitShare } from '../api/get-kol-portrait';
import { QueryFailed } from '../../../components/query-failed';

const GENDER_COLORS: Readonly<Record<string, string>> = { 男: '#1677ff', 女: '#eb2f96' };

/** 粉丝画像: gender (pie), age (bars) and region (bars) of the audience, every label with a % sign (§2.7). */
export function CreatorPortraitCard({ kolId }: { kolId: number }) {
  const feature = useFeature('creator.portrait');
  const query = useKolPortrait(kolId, feature.allowed);

  let body;
  if (feature.loading) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (!feature.allowed) {
    body = (
      <GateOverlay feature="creator.portrait" minHeight={320}>
        <Skeleton active={false} paragraph={{ rows: 10 }} />
      </GateOverlay>
    );
  } else if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (query.isError) {
    body = <QueryFailed title="粉丝画像加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.gender.length + query.data.age.length + query.data.area.length === 0) {
    body = <Empty description="暂无粉丝画像数据，数据积累后自动生成" />;
  } else {
    body = <PortraitCharts portrait={query.data} />;
  }
  return (
    <Card variant="borderless" title="粉丝画像（估算）" className="creator-section">
      {body}
    </Card>
  );
}

/**
 * What the portrait rests on, said plainly (docs/metrics.md "Audience portraits"): the creator's own sampled
 * commenters, or — below the sample minimum — the pooled portrait of its partition, which is not its audience.
 */
function portraitBasis(portrait: Pick<KolPortrait, 'source' | 'sampleSize'>): string {
  const n = (portrait.sampleSize ?? 0).toLocaleString('zh-CN');
  if (portrait.source === 'partition') {
    return `估算值，并非该UP主的粉丝数据：该UP主已采集的评论用户样本不足（${n} 人，满 30 人后生成其自己的画像），以下为其所在分区的估算画像（由该分区已采集的评论用户结合分区受众模型推算）。`;
  }
  return `估算值：根据该UP主近 90 天视频下 ${n} 位评论用户的公开资料（性别、IP属地）统计；年龄为按评论用户活跃分区推算的模型估计，B站不公开用户年龄。`;
}

function PortraitCharts({ portrait }: { portrait: KolPortrait }) {
  const genderSlices = useMemo(
    () => portrait.gender.map((share) => ({ name: share.name, value: share.ratio, color: GENDER_COLORS[share.name] })),
    [portrait.gender],
  );
  const ageCategories = useMemo(() => portrait.age.map((share) => share.name), [portrait.age]);
  const ageSeries = useMemo(
    () => [{ name: '占比', values: portrait.age.map((share: PortraitShare) => share.ratio), color: '#f0552d' }],
    [portrait.age],
  );
  const regions = useMemo(
    () => portrait.area.map((share) => ({ name: share.name, ratio: share.ratio })),
    [portrait.area],
  );
  return (
    <>
      <Alert
        type={portrait.source === 'partition' ? 'warning' : 'info'}
        showIcon
        className="creator-portrait-basis"
        title={portraitBasis(portrait)}
      />
      <Row gutter={[24, 24]}>
        <PortraitColumn name="性别" empty={genderSlices.length === 0}>
          <PieChart ariaLabel="粉丝性别分布图" slices={genderSlices} percent testId="portrait-gender-chart" />
        </PortraitColumn>
        <PortraitColumn name="年龄" empty={ageCategories.length === 0}>
          <BarChart
            ariaLabel="粉丝年龄分布图"
            categories={ageCategories}
            series={ageSeries}
            percent
            showLabels
            testId="portrait-age-chart"
          />
        </PortraitColumn>
        <PortraitColumn name="地域" note="（前10）" empty={regions.length === 0}>
          <RegionBarChart ariaLabel="粉丝地域分布图" regions={regions} testId="portrait-region-chart" />
        </PortraitColumn>
      </Row>
      <Typography.Paragraph type="secondary" className="creator-footnote">
        {portrait.updateTime ? `更新于 ${portrait.updateTime.slice(0, 10)}` : null}
      </Typography.Paragraph>
    </>
  );
}

/** One third of the portrait: the `name` 分布 chart under its title, or 暂无…数据 while the portrait has none. */
function PortraitColumn(props: { name: string; note?: string; empty: boolean; children: ReactNode }) {
  return (
    <Col xs={24} lg={8}>
      <Typography.Title level={5} className="creator-chart-title">
        {`${props.name}分布${props.note ?? ''}`}
      </Typography.Title>
      <ErrorBoundary title={`${props.name}分布图加载失败`}>
        {props.empty ? <Empty description={`暂无${props.name}数据`} /> : props.children}
      </ErrorBoundary>
    </Col>
  );
}
