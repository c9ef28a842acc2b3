import { useMemo } from 'react';
import { Card, Empty, Segmented, Typography, type TableColumnsType } from 'antd';
import type { HotAnalysePartition } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { PartitionBoard, countColumn, partitionBar, partitionPie } from '../../../components/partition-board';
import { useHotAnalyse, type HotAnalyseDays } from '../api/get-hot-analyse';
import { QueryStateCard } from '../../../components/query-state-card';
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
  countColumn('videos', '视频数', (row) => row.videoNum),
  countColumn('plays', '总播放', (row) => row.playNum, { defaultSortOrder: 'descend' }),
  countColumn('avg', '平均播放', (row) => row.avgPlayNum, { responsive: ['sm'] }),
  countColumn('hot', '热门视频', (row) => row.hotVideoNum, { responsive: ['md'] }),
  countColumn('rate', '互动率', (row) => row.interactRate, {
    render: (_, row) => fractionPercent(row.interactRate),
  }),
];

const PLAY_BAR = partitionBar<HotAnalysePartition>('总播放', '#1677ff', (row) => row.playNum, 'analyse-play-chart', {
  ariaLabel: '各分区总播放柱状图',
});
const VIDEO_PIE = partitionPie<HotAnalysePartition>(
  '视频数占比',
  (row) => row.videoNum,
  'analyse-video-chart',
  '各分区视频数占比图',
);
/** in percent units (0.0523 → 5.23) */
const RATE_BAR = partitionBar<HotAnalysePartition>(
  '互动率',
  '#eb2f96',
  (row) => Math.round(row.interactRate * 10000) / 100,
  'analyse-rate-chart',
  { ariaLabel: '各分区互动率柱状图', percent: true, showLabels: true },
);

/** /hotStuff/hotAnalyse (component hotAnalyse): how the partitions perform — output, plays, engagement. */
export function HotAnalysePage() {
  const { params, set } = useQueryState();
  const days: HotAnalyseDays = params.get('days') === '30' ? 30 : 7;
  const query = useHotAnalyse(days);
  const partitions = useMemo(() => [...(query.data ?? [])].sort((a, b) => b.playNum - a.playNum), [query.data]);

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
        {query.isPending || query.isError || partitions.length === 0 ? (
          <QueryStateCard
            query={query}
            failedTitle="热门分析加载失败"
            rows={10}
            empty={<Empty description="该时间段暂无视频数据" />}
          />
        ) : (
          <PartitionBoard rows={partitions} top={PLAY_BAR} share={VIDEO_PIE} bottom={RATE_BAR} columns={COLUMNS} />
        )}
      </ErrorBoundary>
    </div>
  );
}
