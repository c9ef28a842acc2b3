import { useMemo, useState, type ReactNode } from 'react';
import { Card, Col, Empty, Row, Segmented, Skeleton, Spin, Typography } from 'antd';
import { DiscoveryMsg, type VideoDayPoint } from '@xg/shared';
import { interactions } from '../../../components/charts/interactions';
import { CHART_HEIGHT, LineChart, type LineChartSeries } from '../../../components/charts/line-chart';
import { MultiLineChart, type MultiLineSeries } from '../../../components/charts/multi-line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';
import { useVideoDayData, type VideoDays } from '../api/get-video-day-data';
import { QueryFailed } from '../../../components/query-failed';
import { ExportButton } from '../../export/components/export-button';

/** 0 increments, 1 totals (§2.6). */
type TrendType = 0 | 1;

const TYPE_OPTIONS: { label: string; value: TrendType }[] = [
  { label: '增量', value: 0 },
  { label: '总量', value: 1 },
];
const DAY_OPTIONS: { label: string; value: VideoDays }[] = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

/** A video's interactions in the order its detail page shows them (the stat cards and 数据趋势). */
export const VIDEO_INTERACTIONS = interactions([
  'praiseNum',
  'castCurrencyNum',
  'collectNum',
  'commentNum',
  'barrageNum',
  'shareNum',
]);

function shortDate(value: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}` : value;
}

/**
 * 数据趋势: the video's daily series (videoDayData, totals) or increments (videoDayIncreaseData), 30 days by
 * default, with the 增量 (0) / 总量 (1) toggle. 专业版 and above (`video.report30d`); an empty state while no
 * daily data has been collected. 导出Excel (§7.3 user/videoDataTendency, 企业版): one row a day with both the
 * totals and the increments of the chosen range.
 */
export function VideoTrendCard({ videoId }: { videoId: string }) {
  const feature = useFeature('video.report30d');
  const [type, setType] = useState<TrendType>(1);
  const [dayNum, setDayNum] = useState<VideoDays>(30);
  const query = useVideoDayData(videoId, dayNum, feature.allowed);

  let body;
  if (feature.loading) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (!feature.allowed) {
    body = (
      <GateOverlay feature="video.report30d" minHeight={320}>
        <Skeleton active={false} paragraph={{ rows: 10 }} />
      </GateOverlay>
    );
  } else if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (query.isError) {
    body = <QueryFailed title="视频数据趋势加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const points = type === 0 ? query.data.videoDayIncreaseData : query.data.videoDayData;
    body =
      points.length === 0 ? (
        <Empty description={query.data.note ?? DiscoveryMsg.videoDayDataEmpty} />
      ) : (
        <Spin spinning={query.isPlaceholderData} delay={200}>
          <VideoCharts points={points} type={type} dayNum={dayNum} />
        </Spin>
      );
  }

  return (
    <Card
      variant="borderless"
      title="数据趋势"
      className="video-section"
      extra={
        feature.allowed ? (
          <div className="video-trend-controls">
            <Segmented<TrendType> aria-label="数据口径" options={TYPE_OPTIONS} value={type} onChange={setType} />
            <Segmented<VideoDays> aria-label="时间范围" options={DAY_OPTIONS} value={dayNum} onChange={setDayNum} />
            <ExportButton
              list="videoDataTendency"
              params={{ id: videoId, dayNum }}
              pageNo={1}
              pageSize={100}
              total={query.data?.videoDayData.length ?? 0}
              exportName={`视频数据报告_近${dayNum}天`}
              scopes={['all']}
            />
          </div>
        ) : null
      }
    >
      {body}
    </Card>
  );
}

function VideoCharts({
  points,
  type,
  dayNum,
}: {
  points: readonly VideoDayPoint[];
  type: TrendType;
  dayNum: VideoDays;
}) {
  const kind = type === 0 ? '增量' : '总量';
  const categories = useMemo(() => points.map((point) => point.dataDate), [points]);
  const playSeries = useMemo<LineChartSeries[]>(
    () => [{ name: `播放${kind}`, values: points.map((point) => point.playNum), color: '#1677ff' }],
    [points, kind],
  );
  const interactionSeries = useMemo<MultiLineSeries[]>(
    () =>
      VIDEO_INTERACTIONS.map((metric) => ({
        name: `${metric.label}${kind}`,
        values: points.map((point) => point[metric.key]),
        color: metric.color,
      })),
    [points, kind],
  );
  // both charts: the same days along the same height
  const days = { categories, height: CHART_HEIGHT, categoryLabelFormatter: shortDate };
  return (
    <Row gutter={[24, 24]}>
      <ChartColumn title={`播放${kind}`} failedTitle="播放趋势图加载失败" resetKeys={[points, type]}>
        <LineChart ariaLabel={`近${dayNum}天播放${kind}趋势图`} series={playSeries} area {...days} />
      </ChartColumn>
      <ChartColumn title={`互动${kind}`} failedTitle="互动趋势图加载失败" resetKeys={[points, type]}>
        <MultiLineChart
          ariaLabel={`近${dayNum}天互动${kind}趋势图`}
          series={interactionSeries}
          testId="trend-chart"
          {...days}
        />
      </ChartColumn>
    </Row>
  );
}

/** One of the two charts side by side (one above the other on a narrow screen): its title, and its own failure. */
function ChartColumn({
  title,
  failedTitle,
  resetKeys,
  children,
}: {
  title: string;
  failedTitle: string;
  resetKeys: readonly unknown[];
  children: ReactNode;
}) {
  return (
    <Col xs={24} xl={12}>
      <Typography.Title level={5} className="video-chart-title">
        {title}
      </Typography.Title>
      <ErrorBoundary title={failedTitle} resetKeys={resetKeys}>
        {children}
      </ErrorBoundary>
    </Col>
  );
}
