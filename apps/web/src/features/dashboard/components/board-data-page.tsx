import { useMemo } from 'react';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography, type TableColumnsType } from 'antd';
import { formatCount } from '@xg/shared';
import { CHART_HEIGHT, LineChart } from '../../../components/charts/line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { PartitionBoard, countColumn, partitionBar, partitionPie } from '../../../components/partition-board';
import { useBoardData, type BoardData } from '../api/get-board-data';
import { QueryFailed, shortDate } from './common';
import '../dashboard.css';

type PartitionRow = BoardData['partitions'][number];

const PARTITION_COLUMNS: TableColumnsType<PartitionRow> = [
  { key: 'name', title: '分区', dataIndex: 'name' },
  countColumn('kol', 'UP主数', (r) => r.kolNum),
  countColumn('video', '视频数', (r) => r.videoNum),
  countColumn('fans', '总粉丝', (r) => r.fansNum, { defaultSortOrder: 'descend' }),
  countColumn('play', '总播放', (r) => r.playNum),
];

const KOL_BAR = partitionBar<PartitionRow>('UP主数', '#f0552d', (r) => r.kolNum, 'board-kol-chart');
const FANS_PIE = partitionPie<PartitionRow>('粉丝分区占比', (r) => r.fansNum, 'board-fans-chart', '各分区粉丝占比');
const PLAY_BAR = partitionBar<PartitionRow>('总播放', '#1677ff', (r) => r.playNum, 'board-play-chart');

/** /home/boardData (component boardData): the platform data board — totals, by-partition charts, daily growth. */
export function BoardDataPage() {
  const query = useBoardData();
  const partitions = useMemo(
    () => [...(query.data?.partitions ?? [])].sort((a, b) => b.fansNum - a.fansNum),
    [query.data],
  );
  const growth = useMemo(() => query.data?.dailyGrowth ?? [], [query.data]);
  const growthDates = useMemo(() => growth.map((g) => g.dataDate), [growth]);
  const growthCharts = useMemo(
    () =>
      [
        { title: '粉丝增量', value: (g: (typeof growth)[number]) => g.fansIncrease, color: '#f0552d' },
        { title: '播放增量', value: (g: (typeof growth)[number]) => g.playIncrease, color: '#1677ff' },
        { title: '新增视频', value: (g: (typeof growth)[number]) => g.videoIncrease, color: '#13c2c2' },
      ].map(({ title, value, color }) => ({ title, series: [{ name: title, values: growth.map(value), color }] })),
    [growth],
  );

  if (query.isPending) {
    return (
      <Card variant="borderless" aria-busy="true">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless">
        <QueryFailed title="数据大盘加载失败" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const { totals, dataDate } = query.data;
  const stats = [
    { key: 'kol', title: '收录UP主', value: totals.kolNum },
    { key: 'video', title: '收录视频', value: totals.videoNum },
    { key: 'fans', title: 'UP主总粉丝', value: totals.totalFansNum },
    { key: 'play', title: '视频总播放', value: totals.totalPlayNum },
    { key: 'live', title: '正在直播', value: totals.liveNum },
    { key: 'mcn', title: 'MCN机构', value: totals.mcnNum },
    { key: 'approve', title: '认证UP主', value: totals.approveNum },
  ];
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          数据大盘
        </Typography.Title>
        <Typography.Text type="secondary">平台收录数据总览{dataDate ? `，数据截至 ${dataDate}` : ''}。</Typography.Text>
        <div className="board-stats">
          {stats.map((stat) => (
            <Statistic key={stat.key} title={stat.title} value={formatCount(stat.value)} />
          ))}
        </div>
      </Card>
      <ErrorBoundary title="每日增长加载失败">
        <Card variant="borderless" title="近30天每日增长">
          {growth.length === 0 ? (
            <Empty description="暂无每日增长数据" />
          ) : (
            <Row gutter={[24, 24]}>
              {growthCharts.map((chart) => (
                <Col xs={24} xl={8} key={chart.title}>
                  <Typography.Title level={5} className="dash-chart-title">
                    {chart.title}
                  </Typography.Title>
                  <LineChart
                    ariaLabel={`近30天${chart.title}`}
                    categories={growthDates}
                    series={chart.series}
                    height={CHART_HEIGHT}
                    area
                    categoryLabelFormatter={shortDate}
                  />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </ErrorBoundary>
      <ErrorBoundary title="分区数据加载失败">
        {partitions.length === 0 ? (
          <Card variant="borderless">
            <Empty description="暂无分区数据" />
          </Card>
        ) : (
          <PartitionBoard
            rows={partitions}
            top={KOL_BAR}
            share={FANS_PIE}
            bottom={PLAY_BAR}
            columns={PARTITION_COLUMNS}
          />
        )}
      </ErrorBoundary>
    </div>
  );
}
