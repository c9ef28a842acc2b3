import { Card, Segmented, Select, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import {
  ACTIVITY_DAYS,
  ACTIVITY_SORTS,
  ACTIVITY_SORT_LABELS,
  formatCount,
  type ActivityDays,
  type ActivitySort,
  type HotActivityRow,
} from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useHotActivity } from '../api/get-hot-activity';
import {
  ACTIVITY_DETAIL_PATH,
  ActivityStateTag,
  HOT_ACTIVITY_PATH,
  LIST_PAGE_SIZE,
  LimitBanner,
  PartitionSelect,
  QueryFailed,
  RankBadge,
  activityTitle,
  formatDay,
  formatScore,
  pick,
  useQueryState,
} from './activity-common';
import '../activity.css';

const DAY_LABELS: Readonly<Record<ActivityDays, string>> = { 7: '近7天', 30: '近30天', 90: '近90天' };
const DAY_OPTIONS = [...ACTIVITY_DAYS].sort((a, b) => a - b).map((value) => ({ label: DAY_LABELS[value], value }));
const SORT_OPTIONS = ACTIVITY_SORTS.map((value) => ({ value, label: `按${ACTIVITY_SORT_LABELS[value]}` }));

/**
 * /hotStuff/hotActivity (component hotActivity): the platform's 投稿活动 ranked over a window by the
 * participating videos' hot scores (docs/metrics.md "Activities and materials").
 */
export function HotActivityPage() {
  const { params, int, set } = useQueryState();
  const days = pick<ActivityDays>(params.get('days'), ACTIVITY_DAYS);
  const sort = pick<ActivitySort>(params.get('sort'), ACTIVITY_SORTS);
  const tid = int('tid');
  const pageNo = int('page') ?? 1;
  const query = useHotActivity({ tid, days, sort, pageNo, pageSize: LIST_PAGE_SIZE });
  const hrefOf = useAppHref();

  const columns: TableColumnsType<HotActivityRow> = [
    { key: 'rank', title: '排名', width: 64, align: 'center', render: (_, row) => <RankBadge rank={row.rank} /> },
    {
      key: 'name',
      title: '活动',
      render: (_, row) => {
        const name = activityTitle(row.activityName, row.activityId);
        return (
          <span className="activity-name-cell">
            <Link
              className="activity-name"
              to={hrefOf({ pathname: ACTIVITY_DETAIL_PATH, search: `?activityId=${row.activityId}` })}
              title={name}
            >
              {name}
            </Link>
            <span className="activity-meta">
              <ActivityStateTag state={row.state} />
              {row.mainThemeName ? <Tag>{row.mainThemeName}</Tag> : null}
              {row.startTime ? (
                <span>
                  {formatDay(row.startTime)} ~ {formatDay(row.endTime)}
                </span>
              ) : null}
            </span>
            <span className="activity-mobile-figures">
              {formatCount(row.videoNum)} 个视频 · {formatCount(row.playNum)} 播放 · 热度 {formatScore(row.hotScore)}
            </span>
          </span>
        );
      },
    },
    { key: 'videos', title: '参与视频', width: 96, align: 'right', render: (_, row) => formatCount(row.videoNum) },
    {
      key: 'kols',
      title: '参与UP主',
      width: 96,
      align: 'right',
      responsive: ['sm'],
      render: (_, row) => formatCount(row.kolNum),
    },
    { key: 'plays', title: '总播放', width: 100, align: 'right', render: (_, row) => formatCount(row.playNum) },
    {
      key: 'likes',
      title: '总点赞',
      width: 100,
      align: 'right',
      responsive: ['md'],
      render: (_, row) => formatCount(row.praiseNum),
    },
    {
      key: 'interact',
      title: (
        <Tooltip title="点赞、投币、收藏、分享、评论与弹幕之和">
          <span>总互动</span>
        </Tooltip>
      ),
      width: 100,
      align: 'right',
      responsive: ['lg'],
      render: (_, row) => formatCount(row.interactNum),
    },
    {
      key: 'hot',
      title: '热度',
      width: 90,
      align: 'right',
      render: (_, row) => <strong className="activity-score">{formatScore(row.hotScore)}</strong>,
    },
  ];

  const data = query.data;
  const cap = data?.limited ? (data.limitRows ?? LIST_PAGE_SIZE) : Number.POSITIVE_INFINITY;
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          热门活动
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          B站投稿活动按统计时间内参与视频的热度排序：热度为参与视频热度之和，并按参与UP主数加权（见指标说明）。点击活动查看详情。
        </Typography.Paragraph>
        <div className="activity-controls">
          <Segmented<ActivityDays>
            aria-label="统计时间"
            options={DAY_OPTIONS}
            value={days}
            onChange={(value) => set(HOT_ACTIVITY_PATH, { days: value })}
          />
          <PartitionSelect value={tid} onChange={(value) => set(HOT_ACTIVITY_PATH, { tid: value })} />
          <Select<ActivitySort>
            aria-label="排序"
            className="activity-select"
            value={sort}
            options={SORT_OPTIONS}
            onChange={(value) => set(HOT_ACTIVITY_PATH, { sort: value })}
          />
        </div>
      </Card>
      <ErrorBoundary title="热门活动加载失败" resetKeys={[params.toString()]}>
        <Card variant="borderless">
          {query.isError ? (
            <QueryFailed title="热门活动加载失败" error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <>
              {data?.limited ? <LimitBanner limitRows={data.limitRows} what="活动" /> : null}
              <Table<HotActivityRow>
                scroll={{ x: 'max-content' }}
                rowKey="activityId"
                columns={columns}
                dataSource={data?.activities ?? []}
                loading={query.isPending || query.isPlaceholderData}
                aria-label="热门活动列表"
                locale={{ emptyText: '该时间段暂无活动数据' }}
                pagination={{
                  current: pageNo,
                  pageSize: LIST_PAGE_SIZE,
                  total: Math.min(data?.total ?? 0, cap, LIST_PAGE_SIZE * 500),
                  showSizeChanger: false,
                  showTotal: () => `共 ${data?.total ?? 0} 个活动`,
                  onChange: (page) => set(HOT_ACTIVITY_PATH, { page }),
                }}
              />
            </>
          )}
        </Card>
      </ErrorBoundary>
    </div>
  );
}
