import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Segmented, Statistic, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { formatCount } from '@xg/shared';
import { BarChart } from '../../../components/charts/bar-chart';
import { LineChart } from '../../../components/charts/line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useActivityDetail, type ActivityDetail, type ActivityVideoSort } from '../api/get-activity-detail';
import { useQueryState } from '../../../components/list-filters';
import { QueryStateCard } from '../../../components/query-state-card';
import { VideoTable } from '../../../components/ranked-list';
import {
  ACTIVITY_DETAIL_PATH,
  ActivityStateTag,
  Cover,
  DETAIL_PAGE_SIZE,
  TopKolList,
  activityTitle,
  countAxis,
  formatDay,
} from './activity-common';
import '../activity.css';

type TrendMetric = 'videos' | 'plays';
const TREND_OPTIONS: { label: string; value: TrendMetric }[] = [
  { label: '每日参与视频', value: 'videos' },
  { label: '参与视频播放', value: 'plays' },
];
const SORT_OPTIONS: { label: string; value: ActivityVideoSort }[] = [
  { label: '最多播放', value: 'play' },
  { label: '最新发布', value: 'time' },
];

/** /hotStuff/activityDetail?activityId= (component activityDetail): one activity's figures, trend and videos. */
export function ActivityDetailPage() {
  const { params, int, set } = useQueryState();
  const activityId = int('activityId');
  const sort: ActivityVideoSort = params.get('sort') === 'time' ? 'time' : 'play';
  const pageNo = int('page') ?? 1;
  const query = useActivityDetail(
    activityId === undefined ? null : { activityId, sort, pageNo, pageSize: DETAIL_PAGE_SIZE },
  );

  if (activityId === undefined) {
    return (
      <Card variant="borderless">
        <Empty description="请从热门活动中选择一个活动" />
      </Card>
    );
  }
  if (query.isPending || query.isError) {
    return <QueryStateCard query={query} failedTitle="活动详情加载失败" rows={12} />;
  }
  const data = query.data;
  return (
    <div className="page-stack">
      <Overview data={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <ErrorBoundary title="活动趋势加载失败" resetKeys={[activityId]}>
            <TrendCard data={data} />
          </ErrorBoundary>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless" title="参与UP主榜（按播放）">
            <TopKolList kols={data.topKols} empty="暂无参与UP主" />
          </Card>
        </Col>
      </Row>
      <ErrorBoundary title="分区分布加载失败" resetKeys={[activityId]}>
        <Card variant="borderless" title="参与视频分区分布">
          {data.partitions.length === 0 ? (
            <Empty description="暂无分区数据" />
          ) : (
            <BarChart
              ariaLabel="参与视频分区分布图"
              categories={data.partitions.map((p) => p.name)}
              series={[{ name: '参与视频', values: data.partitions.map((p) => p.videoNum), color: '#f0552d' }]}
              horizontal
              showLabels
              height={Math.max(200, 40 * data.partitions.length + 60)}
              testId="activity-partition-chart"
            />
          )}
        </Card>
      </ErrorBoundary>
      <Card
        variant="borderless"
        title="参与视频"
        extra={
          <Segmented<ActivityVideoSort>
            aria-label="视频排序"
            size="small"
            options={SORT_OPTIONS}
            value={sort}
            onChange={(value) => set(ACTIVITY_DETAIL_PATH, { activityId, sort: value })}
          />
        }
      >
        <VideoTable
          compact
          videos={data.videoInfos}
          loading={query.isPlaceholderData}
          ariaLabel="活动参与视频列表"
          empty="暂无参与视频"
          rankOf={(_, index) => (pageNo - 1) * DETAIL_PAGE_SIZE + index + 1}
          pagination={{
            current: pageNo,
            pageSize: DETAIL_PAGE_SIZE,
            total: data.total,
            onChange: (page) => set(ACTIVITY_DETAIL_PATH, { activityId, sort, page }),
          }}
        />
      </Card>
    </div>
  );
}

function Overview({ data }: { data: ActivityDetail }) {
  const a = data.activity;
  const o = data.overview;
  const figures: [string, number][] = [
    ['参与视频', o.videoNum],
    ['参与UP主', o.kolNum],
    ['总播放', o.playNum],
    ['平均播放', o.avgPlayNum],
    ['总点赞', o.praiseNum],
    ['总互动', o.interactNum],
  ];
  return (
    <Card variant="borderless">
      <div className="activity-head">
        <Cover className="activity-cover" src={a.cover} alt={`${activityTitle(a.activityName, a.activityId)}封面`} />
        <div className="activity-head-text">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {activityTitle(a.activityName, a.activityId)}
          </Typography.Title>
          <span className="list-meta">
            <ActivityStateTag state={a.state} />
            <span>活动ID {a.activityId}</span>
            {a.startTime ? (
              <span>
                活动时间 {formatDay(a.startTime)} ~ {formatDay(a.endTime)}
              </span>
            ) : null}
          </span>
          {a.description ? <Typography.Paragraph type="secondary">{a.description}</Typography.Paragraph> : null}
          {a.actUrl ? (
            <div>
              <Button size="small" icon={<ExportOutlined />} href={a.actUrl} target="_blank" rel="noopener noreferrer">
                活动页面
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      <Row gutter={[16, 16]} className="activity-figures" style={{ marginTop: 16 }}>
        {figures.map(([title, value]) => (
          <Col key={title} xs={12} sm={8} lg={4}>
            <Statistic title={title} value={value} formatter={(v) => formatCount(Number(v))} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function TrendCard({ data }: { data: ActivityDetail }) {
  const [metric, setMetric] = useState<TrendMetric>('videos');
  const categories = useMemo(() => data.trend.map((d) => d.dataDate), [data.trend]);
  const series = useMemo(
    () =>
      metric === 'videos'
        ? [{ name: '参与视频', values: data.trend.map((d) => d.videoNum), color: '#f0552d' }]
        : [{ name: '参与视频播放', values: data.trend.map((d) => d.playNum), color: '#1677ff' }],
    [data.trend, metric],
  );
  return (
    <Card variant="borderless" title="参与趋势（按发布日）">
      <Segmented<TrendMetric>
        aria-label="趋势指标"
        size="small"
        options={TREND_OPTIONS}
        value={metric}
        onChange={setMetric}
      />
      {data.trend.length === 0 ? (
        <Empty description="暂无趋势数据" />
      ) : (
        <LineChart
          ariaLabel={metric === 'videos' ? '每日参与视频数' : '每日参与视频的播放'}
          categories={categories}
          series={series}
          area
          axisFormatter={metric === 'videos' ? countAxis : undefined}
          categoryLabelFormatter={(day) => day.slice(5)}
          testId="activity-trend-chart"
        />
      )}
    </Card>
  );
}
