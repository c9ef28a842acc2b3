import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Grid,
  Row,
  Skeleton,
  Statistic,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { CustomerServiceOutlined, ExportOutlined } from '@ant-design/icons';
import {
  MATERIAL_DAYS,
  MATERIAL_KIND_LABELS,
  MATERIAL_SORTS,
  MATERIAL_SORT_LABELS,
  formatCount,
  type MaterialDays,
  type MaterialSort,
  type VideoStuffRow,
} from '@xg/shared';
import { LineChart } from '../../../components/charts/line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { QueryFailed } from '../../../components/query-failed';
import { RankBadge, ScoreText, VideoTable, formatScore } from '../../../components/ranked-list';
import { useVideoStuff } from '../api/get-video-stuff';
import { useVideoStuffDetail } from '../api/get-video-stuff-detail';
import {
  DAY_LABELS,
  DETAIL_PAGE_SIZE,
  LIST_PAGE_SIZE,
  RankedListScreen,
  Sparkline,
  TopKolList,
  VIDEO_STUFF_PATH,
  countAxis,
  formatGrowth,
  pick,
} from './activity-common';
import '../activity.css';

const DAY_OPTIONS = MATERIAL_DAYS.map((value) => ({ label: DAY_LABELS[value], value }));
const SORT_OPTIONS = MATERIAL_SORTS.map((value) => ({ value, label: `按${MATERIAL_SORT_LABELS[value]}` }));

function Growth({ rate }: { rate: number }) {
  const cls = rate > 0 ? 'activity-growth delta-up' : rate < 0 ? 'activity-growth delta-down' : 'activity-growth';
  return <span className={cls}>{formatGrowth(rate)}</span>;
}

/**
 * /hotStuff/videoStuff (component videoStuff): materials used in videos — background music from the videos'
 * bgm tags — ranked by use over a window, with a detail drawer (docs/metrics.md "Activities and materials").
 */
export function VideoStuffPage() {
  const { params, int, set } = useQueryState();
  const days = pick<MaterialDays>(params.get('days'), MATERIAL_DAYS);
  const sort = pick<MaterialSort>(params.get('sort'), MATERIAL_SORTS);
  const tid = int('tid');
  const pageNo = int('page') ?? 1;
  const materialId = int('materialId');
  const query = useVideoStuff({ tid, days, sort, pageNo, pageSize: LIST_PAGE_SIZE });

  const open = (row: VideoStuffRow) => set(VIDEO_STUFF_PATH, { materialId: row.materialId, page: pageNo });
  const close = () => set(VIDEO_STUFF_PATH, { materialId: undefined, page: pageNo });

  const columns: TableColumnsType<VideoStuffRow> = [
    { key: 'rank', title: '排名', width: 64, align: 'center', render: (_, row) => <RankBadge rank={row.rank} /> },
    {
      key: 'name',
      title: '音乐',
      render: (_, row) => (
        <button type="button" className="stuff-name" onClick={() => open(row)} aria-label={`查看素材详情：${row.name}`}>
          <span className="stuff-icon" aria-hidden>
            <CustomerServiceOutlined />
          </span>
          <span className="stuff-text">
            <span className="stuff-title" title={row.name}>
              {row.name}
            </span>
            <span className="stuff-tag">{row.tagName}</span>
            <span className="activity-mobile-figures">
              {formatCount(row.videoNum)} 个视频 · {formatCount(row.playNum)} 播放 · {formatGrowth(row.growthRate)}
            </span>
          </span>
        </button>
      ),
    },
    { key: 'videos', title: '使用视频', width: 96, align: 'right', render: (_, row) => formatCount(row.videoNum) },
    {
      key: 'kols',
      title: '使用UP主',
      width: 96,
      align: 'right',
      responsive: ['md'],
      render: (_, row) => formatCount(row.kolNum),
    },
    {
      key: 'plays',
      title: '视频总播放',
      width: 110,
      align: 'right',
      responsive: ['sm'],
      render: (_, row) => formatCount(row.playNum),
    },
    {
      key: 'trend',
      title: '使用趋势',
      width: 120,
      responsive: ['lg'],
      render: (_, row) => <Sparkline values={row.trend} label={`${row.name}每日使用视频数`} />,
    },
    {
      key: 'growth',
      title: (
        <Tooltip title={`与前${days}天相比的使用视频数变化`}>
          <span>增长</span>
        </Tooltip>
      ),
      width: 90,
      align: 'right',
      render: (_, row) => <Growth rate={row.growthRate} />,
    },
    {
      key: 'hot',
      title: '热度',
      width: 90,
      align: 'right',
      responsive: ['sm'],
      render: (_, row) => <ScoreText>{formatScore(row.hotScore)}</ScoreText>,
    },
  ];

  const data = query.data;
  return (
    <RankedListScreen<VideoStuffRow>
      title="视频素材"
      intro={
        <>
          视频中使用的{MATERIAL_KIND_LABELS.bgm}
          （来自视频的BGM标签），按统计时间内使用视频的热度排序；“飙升”按与上一周期相比的增长排序。点击音乐查看使用它的视频。
        </>
      }
      filters={
        <ListFilters<MaterialDays, MaterialSort>
          prefix={<Tag color="orange">{MATERIAL_KIND_LABELS.bgm}</Tag>}
          path={VIDEO_STUFF_PATH}
          window={{ label: '统计时间', options: DAY_OPTIONS, value: days }}
          tid={tid}
          sort={{ options: SORT_OPTIONS, value: sort }}
        />
      }
      query={query}
      page={data ? { ...data, rows: data.materials } : undefined}
      pageNo={pageNo}
      onPage={(page) => set(VIDEO_STUFF_PATH, { page })}
      rowKey="materialId"
      columns={columns}
      what="素材"
      unit="首音乐"
      empty="该时间段暂无素材数据"
    >
      {materialId !== undefined ? <MaterialDrawer materialId={materialId} days={days} onClose={close} /> : null}
    </RankedListScreen>
  );
}

function MaterialDrawer({
  materialId,
  days,
  onClose,
}: {
  materialId: number;
  days: MaterialDays;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  const [pageNo, setPageNo] = useState(1);
  const query = useVideoStuffDetail({ materialId, days, pageNo, pageSize: DETAIL_PAGE_SIZE });
  const data = query.data;
  const categories = useMemo(() => (data?.trend ?? []).map((d) => d.dataDate), [data?.trend]);
  const series = useMemo(
    () => [{ name: '使用视频', values: (data?.trend ?? []).map((d) => d.videoNum), color: '#f0552d' }],
    [data?.trend],
  );
  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      title={data ? `素材详情：${data.material.name}` : '素材详情'}
      extra={
        data ? (
          <Button
            size="small"
            icon={<ExportOutlined />}
            href={data.material.musicUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            音乐页面
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : query.isError ? (
        <QueryFailed title="素材详情加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <div className="page-stack">
          <Typography.Text type="secondary">
            {data.material.tagName} · 音乐ID {data.material.musicId}
          </Typography.Text>
          <Row gutter={[16, 16]} className="activity-figures">
            <Col xs={12} sm={6}>
              <Statistic
                title={`近${days}天使用视频`}
                value={data.figures.videoNum}
                formatter={(v) => formatCount(Number(v))}
              />
            </Col>
            <Col xs={12} sm={6}>
              <Statistic title="使用UP主" value={data.figures.kolNum} formatter={(v) => formatCount(Number(v))} />
            </Col>
            <Col xs={12} sm={6}>
              <Statistic title="视频总播放" value={data.figures.playNum} formatter={(v) => formatCount(Number(v))} />
            </Col>
            <Col xs={12} sm={6}>
              <Statistic
                title="累计使用视频"
                value={data.figures.allVideoNum}
                formatter={(v) => formatCount(Number(v))}
              />
            </Col>
          </Row>
          <ErrorBoundary title="使用趋势加载失败" resetKeys={[materialId, days]}>
            <Card size="small" title="每日使用视频数（按发布日）">
              {data.figures.videoNum === 0 ? (
                <Empty description="该时间段暂无使用视频" />
              ) : (
                <LineChart
                  ariaLabel="素材每日使用视频数"
                  categories={categories}
                  series={series}
                  area
                  height={280}
                  axisFormatter={countAxis}
                  categoryLabelFormatter={(day) => day.slice(5)}
                  testId="stuff-trend-chart"
                />
              )}
            </Card>
          </ErrorBoundary>
          <Card size="small" title="使用该音乐的UP主（按播放）">
            <TopKolList kols={data.topKols} empty="暂无使用UP主" />
          </Card>
          <Card size="small" title="使用该音乐的视频（按播放）">
            <VideoTable
              compact
              videos={data.videoInfos}
              loading={query.isPlaceholderData}
              ariaLabel="使用该音乐的视频列表"
              empty="该时间段暂无使用视频"
              rankOf={(_, index) => (pageNo - 1) * DETAIL_PAGE_SIZE + index + 1}
              pagination={{ current: pageNo, pageSize: DETAIL_PAGE_SIZE, total: data.total, onChange: setPageNo }}
            />
          </Card>
        </div>
      ) : null}
    </Drawer>
  );
}
