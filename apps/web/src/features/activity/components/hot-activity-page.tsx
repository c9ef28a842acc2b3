import { Tag, Tooltip, type TableColumnsType } from 'antd';
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
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { RankBadge, ScoreText, formatScore } from '../../../components/ranked-list';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useHotActivity } from '../api/get-hot-activity';
import {
  ACTIVITY_DETAIL_PATH,
  ActivityStateTag,
  DAY_LABELS,
  HOT_ACTIVITY_PATH,
  LIST_PAGE_SIZE,
  RankedListScreen,
  activityTitle,
  formatDay,
  pick,
} from './activity-common';
import '../activity.css';

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
            <span className="list-meta">
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
      render: (_, row) => <ScoreText>{formatScore(row.hotScore)}</ScoreText>,
    },
  ];

  const data = query.data;
  return (
    <RankedListScreen<HotActivityRow>
      title="热门活动"
      intro="B站投稿活动按统计时间内参与视频的热度排序：热度为参与视频热度之和，并按参与UP主数加权（见指标说明）。点击活动查看详情。"
      filters={
        <ListFilters<ActivityDays, ActivitySort>
          path={HOT_ACTIVITY_PATH}
          window={{ label: '统计时间', options: DAY_OPTIONS, value: days }}
          tid={tid}
          sort={{ options: SORT_OPTIONS, value: sort }}
        />
      }
      query={query}
      page={data ? { ...data, rows: data.activities } : undefined}
      pageNo={pageNo}
      onPage={(page) => set(HOT_ACTIVITY_PATH, { page })}
      rowKey="activityId"
      columns={columns}
      what="活动"
      unit="个活动"
      empty="该时间段暂无活动数据"
    />
  );
}
