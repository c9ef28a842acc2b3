import { useMemo } from 'react';
import { Card, Col, Empty, Row, Segmented, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { formatCount, type HotAnalysePartition } from '@xg/shared';
import { BarChart } from '../../../components/charts/bar-chart';
import { PieChart } from '../../../components/charts/pie-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useHotAnalyse, type HotAnalyseDays } from '../api/get-hot-analyse';
import { QueryFailed } from '../../../components/query-failed';
import { useQueryState } from '../../../components/list-filters';
import { fractionPercent } from './hot-common';
import '../hot.css';

const PATH = '/hotStuff/hotAnalyse';
const DAY_OPTIONS: { label: string; value: HotAnalyseDays }[] = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
];

const COLUMNS: TableColumnsType<HotAnalysePartition> = [
  { key: 'name', title: '分区', dataIndex: 'name' },
  {
    key: 'videos',
    title: '视频数',
    align: 'right',
    sorter: (a, b) => a.videoNum - b.videoNum,
    render: (_, row) => formatCount(row.videoNum),
  },
  {
    key: 'plays',
    title: '总播放',
    align: 'right',
    sorter: (a, b) => a.playNum - b.playNum,
    defaultSortOrder: 'descend',
    render: (_, row) => formatCount(row.playNum),
  },
  {
    key: 'avg',
    title: '平均播放',
    align: 'right',
    responsive: ['sm'],
    sorter: (a, b) => a.avgPlayNum - b.avgPlayNum,
    render: (_, row) => formatCount(row.avgPlayNum),
  },
  {
    key: 'hot',
    title: '热门视频',
    align: 'right',
    responsive: ['md'],
    sorter: (a, b) => a.hotVideoNum - b.hotVideoNum,
    render: (_, row) => formatCount(row.hotVideoNum),
  },
  {
    key: 'rate',
    title: '互动率',
    align: 'right',
    sorter: (a, b) => a.interactRate - b.interactRate,
    render: (_, row) => fractionPercent(row.interactRate),
  },
];

/** /hotStuff/hotAnalyse (component hotAnalyse): how the partitions perform — output, plays, engagement. */
export function HotAnalysePage() {
  const { params, set } = useQueryState();
  const days: HotAnalyseDays = params.get('days') === '30' ? 30 : 7;
  const query = useHotAnalyse(days);
  const partitions = useMemo(() => [...(query.data ?? [])].sort((a, b) => b.playNum - a.playNum), [query.data]);
  const categories = useMemo(() => partitions.map((p) => p.name), [partitions]);
  const playSeries = useMemo(
    () => [{ name: '总播放', values: partitions.map((p) => p.playNum), color: '#1677ff' }],
    [partitions],
  );
  const rateSeries = useMemo(
    () => [
      { name: '互动率', values: partitions.map((p) => Math.round(p.interactRate * 10000) / 100), color: '#eb2f96' },
    ],
    [partitions],
  );
  const slices = useMemo(() => partitions.map((p) => ({ name: p.name, value: p.videoNum })), [partitions]);

  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          热门分析
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          各分区近期发布视频的数量、播放、热门视频数与互动率。
        </Typography.Paragraph>
        <Segmented<HotAnalyseDays>
          aria-label="统计时间"
          options={DAY_OPTIONS}
          value={days}
          onChange={(value) => set(PATH, { days: value })}
        />
      </Card>
      <ErrorBoundary title="热门分析加载失败" resetKeys={[days]}>
        {query.isPending ? (
          <Card variant="borderless">
            <Skeleton active paragraph={{ rows: 10 }} />
          </Card>
        ) : query.isError ? (
          <Card variant="borderless">
            <QueryFailed title="热门分析加载失败" error={query.error} onRetry={() => void query.refetch()} />
          </Card>
        ) : partitions.length === 0 ? (
          <Card variant="borderless">
            <Empty description="该时间段暂无视频数据" />
          </Card>
        ) : (
          <>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={14}>
                <Card variant="borderless" title="各分区总播放">
                  <BarChart
                    ariaLabel="各分区总播放柱状图"
                    categories={categories}
                    series={playSeries}
                    testId="analyse-play-chart"
                  />
                </Card>
              </Col>
              <Col xs={24} xl={10}>
                <Card variant="borderless" title="视频数占比">
                  <PieChart ariaLabel="各分区视频数占比图" slices={slices} testId="analyse-video-chart" />
                </Card>
              </Col>
              <Col xs={24}>
                <Card variant="borderless" title="各分区互动率">
                  <BarChart
                    ariaLabel="各分区互动率柱状图"
                    categories={categories}
                    series={rateSeries}
                    percent
                    showLabels
                    testId="analyse-rate-chart"
                  />
                </Card>
              </Col>
            </Row>
            <Card variant="borderless" title="分区明细">
              <Table<HotAnalysePartition>
                rowKey="tid"
                columns={COLUMNS}
                dataSource={partitions}
                pagination={false}
                aria-label="分区明细"
                scroll={{ x: 'max-content' }}
              />
            </Card>
          </>
        )}
      </ErrorBoundary>
    </div>
  );
}
