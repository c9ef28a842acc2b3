import { useMemo } from 'react';
import { Card, Col, Empty, Row, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import type { HotTag } from '@xg/shared';
import { BarChart } from '../../../components/charts/bar-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useHotTag, type HotTagDays } from '../api/get-hot-tag';
import { QueryStateCard } from '../../../components/query-state-card';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { RankBadge, ScoreText, countColumn, formatScore } from '../../../components/ranked-list';
import { SEARCH_PATH } from './hot-common';
import '../hot.css';
import { DataTable } from '../../../components/data-table';

const PATH = '/hotStuff/hotTag';
const DAY_OPTIONS: { label: string; value: HotTagDays }[] = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
];
const CHART_TOP = 15;

/** /hotStuff/hotTag (component hotTag): title tags (【…】, #…#) of recent videos by hot score. */
export function HotTagPage() {
  const { params, int } = useQueryState();
  const days: HotTagDays = params.get('days') === '30' ? 30 : 7;
  const tid = int('tid');
  const query = useHotTag(tid, days);
  const hrefOf = useAppHref();

  const top = useMemo(() => (query.data ?? []).slice(0, CHART_TOP), [query.data]);
  const categories = useMemo(() => top.map((tag) => tag.tag), [top]);
  const series = useMemo(() => [{ name: '热度', values: top.map((tag) => tag.hotScore), color: '#f0552d' }], [top]);

  const columns: TableColumnsType<HotTag & { rank: number }> = [
    { key: 'rank', title: '排名', width: 70, align: 'center', render: (_, row) => <RankBadge rank={row.rank} /> },
    {
      key: 'tag',
      title: '标签',
      render: (_, row) => (
        <Link
          to={hrefOf({
            pathname: SEARCH_PATH,
            search: `?${new URLSearchParams({ tab: 'content', keyword: row.tag }).toString()}`,
          })}
          title={`搜索含“${row.tag}”的视频`}
        >
          {row.tag}
        </Link>
      ),
    },
    countColumn('videos', '视频数', (row) => row.videoNum, { width: 100 }),
    countColumn('plays', '总播放', (row) => row.playNum, { width: 110 }),
    {
      key: 'hot',
      title: '热度',
      width: 100,
      align: 'right',
      render: (_, row) => <ScoreText>{formatScore(row.hotScore)}</ScoreText>,
    },
  ];

  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          热门标签
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          近期视频标题中的【标签】与#话题#，按所含视频的热度之和排序；点击标签搜索相关视频。
        </Typography.Paragraph>
        <ListFilters<HotTagDays>
          path={PATH}
          window={{ label: '统计时间', options: DAY_OPTIONS, value: days }}
          tid={tid}
        />
      </Card>
      <ErrorBoundary title="热门标签加载失败" resetKeys={[params.toString()]}>
        {query.isPending || query.isError || query.data.length === 0 ? (
          <QueryStateCard
            query={query}
            failedTitle="热门标签加载失败"
            rows={10}
            empty={<Empty description="该时间段暂无热门标签" />}
          />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title={`热度前${Math.min(CHART_TOP, top.length)}的标签`}>
                <BarChart
                  ariaLabel="热门标签热度图"
                  categories={categories}
                  series={series}
                  horizontal
                  showLabels
                  valueFormatter={formatScore}
                  testId="hot-tag-chart"
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" title="标签列表">
                <DataTable
                  scroll={{ x: 'max-content' }}
                  rowKey="tag"
                  size="small"
                  columns={columns}
                  dataSource={query.data.map((tag, index) => ({ ...tag, rank: index + 1 }))}
                  aria-label="热门标签列表"
                  pagination={{ pageSize: 15, showSizeChanger: false, size: 'small' }}
                />
              </Card>
            </Col>
          </Row>
        )}
      </ErrorBoundary>
    </div>
  );
}
