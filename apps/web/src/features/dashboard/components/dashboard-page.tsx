import { Card, Col, Empty, Row, Skeleton, Statistic, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { BarChartOutlined, FireOutlined, RiseOutlined, SearchOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { COMING_SOON, featureBuilt, formatCount, truncateTitle, userTypeLabel, type FeatureKey } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useDashboard, type Dashboard } from '../api/get-dashboard';
import { VIDEO_DETAIL_PATH } from '../../../components/detail-links';
import { DashCreator, QueryFailed, signedCount } from './common';
import { MonitorChangesCard } from './monitor-changes-card';
import '../dashboard.css';
import { DataTable } from '../../../components/data-table';

type RecentChange = Dashboard['recentChanges'][number];
type Quota = Dashboard['quotas'][number];

/** Each quota's card; `feature` spends it: until its screen is built (FEATURE_STATUS) the card says 即将上线. */
const QUOTA_LABELS: Readonly<Record<string, { title: string; unit: string; feature: FeatureKey }>> = {
  contrast: { title: '本月对比报告', unit: '次', feature: 'contrast.create' },
  export: { title: '本月导出额度', unit: '条', feature: 'export.excel' },
};

/** The card counts the team's monitor windows once video or live monitoring is built (FEATURE_STATUS); else 即将上线. */
const videoMonitoringBuilt = featureBuilt('monitor.video') || featureBuilt('monitor.live');

const SHORTCUTS = [
  { key: 'search', title: 'UP主搜索', path: '/search/upSearch', icon: <SearchOutlined /> },
  { key: 'rank', title: 'UP主排行榜', path: '/search/upRank', icon: <TrophyOutlined /> },
  { key: 'limit', title: '涨掉粉榜', path: '/search/limitRank', icon: <RiseOutlined /> },
  { key: 'hot', title: '热门视频', path: '/hotStuff/hotVideo', icon: <FireOutlined /> },
  { key: 'board', title: '数据大盘', path: '/home/boardData', icon: <BarChartOutlined /> },
];

function QuotaCard({ quota }: { quota: Quota }) {
  const hrefOf = useAppHref();
  const label = QUOTA_LABELS[quota.kind];
  const percent = quota.totalCount > 0 ? Math.round((quota.useCount / quota.totalCount) * 100) : 0;
  return (
    <Card variant="borderless" className="dash-quota">
      <div className="dash-quota-title">{label?.title ?? quota.kind}</div>
      {label && !featureBuilt(label.feature) ? (
        <Tooltip title="该功能即将上线，上线后按会员版本提供每月额度">
          <div className="dash-quota-none">{COMING_SOON}</div>
        </Tooltip>
      ) : quota.totalCount > 0 ? (
        <>
          <div className="dash-quota-value">
            <strong>{formatCount(quota.remainCount)}</strong>
            <span>
              剩余 / 共 {formatCount(quota.totalCount)}
              {label?.unit}
            </span>
          </div>
          {/* a plain bar: antd's Progress would add ≈ 5.7 KB gzip to the signed-in shell (e2e/bundle-budget) */}
          <div
            className="dash-quota-bar"
            role="progressbar"
            aria-label={`已用${percent}%`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <div className="dash-quota-note">
            已用 {formatCount(quota.useCount)}
            {label?.unit}
          </div>
        </>
      ) : (
        <div className="dash-quota-none">
          当前版本暂无额度，<Link to={hrefOf({ pathname: '/member' })}>升级会员</Link>可用
        </div>
      )}
    </Card>
  );
}

/**
 * /home/dashboard (component dashboard): the signed-in home — quotas, the team's lists, shortcuts, the monitored
 * creators' changes, recent fan changes of the top creators, platform totals.
 */
export function DashboardPage() {
  const query = useDashboard();
  const hrefOf = useAppHref();

  if (query.isPending) {
    return (
      <div className="page-stack" aria-busy="true">
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless">
        <QueryFailed title="工作台加载失败" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const data = query.data;
  const columns: TableColumnsType<RecentChange> = [
    {
      key: 'kol',
      title: 'UP主',
      render: (_, row) => <DashCreator creator={row}>{formatCount(row.fansNum)}粉丝</DashCreator>,
    },
    { key: 'date', title: '日期', width: 110, dataIndex: 'eventDate' },
    {
      key: 'change',
      title: '粉丝变化',
      width: 110,
      align: 'right',
      render: (_, row) => (
        <Tag color={row.fansChange < 0 ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
          {signedCount(row.fansChange, formatCount)}
        </Tag>
      ),
    },
    {
      key: 'cause',
      title: '可能原因',
      responsive: ['md'],
      render: (_, row) =>
        row.causeVideo ? (
          <Link
            to={hrefOf({ pathname: VIDEO_DETAIL_PATH, search: `?id=${row.causeVideo.videoId}` })}
            title={row.causeVideo.title}
          >
            {truncateTitle(row.causeVideo.title, 50)}
          </Link>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
  ];

  return (
    <div className="page-stack">
      <Card variant="borderless" className="dash-welcome">
        <div className="dash-welcome-head">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              工作台
            </Typography.Title>
            <Typography.Text type="secondary">
              当前版本：<Tag color="orange">{userTypeLabel(data.userType)}</Tag>
              {data.platform.dataDate ? `平台数据截至 ${data.platform.dataDate}` : null}
            </Typography.Text>
          </div>
          <nav className="dash-shortcuts" aria-label="快捷入口">
            {SHORTCUTS.map((item) => (
              <Link key={item.key} to={hrefOf({ pathname: item.path })} className="dash-shortcut">
                <span className="dash-shortcut-icon" aria-hidden>
                  {item.icon}
                </span>
                {item.title}
              </Link>
            ))}
          </nav>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        {data.quotas.map((quota) => (
          <Col key={quota.kind} xs={24} sm={12} xl={6}>
            <QuotaCard quota={quota} />
          </Col>
        ))}
        <Col xs={24} sm={12} xl={6}>
          <Card variant="borderless" className="dash-quota" data-testid="dash-video-monitor">
            <div className="dash-quota-title">监测中的视频/直播</div>
            {data.monitorNum === null || !videoMonitoringBuilt ? (
              <Tooltip title="视频与直播监测即将上线，上线后按会员版本提供监测时长">
                <div className="dash-quota-none">{COMING_SOON}</div>
              </Tooltip>
            ) : (
              <div className="dash-quota-value">
                <strong>{formatCount(data.monitorNum)}</strong>
                <span>个</span>
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card variant="borderless" className="dash-quota" data-testid="dash-my-lists">
            <div className="dash-quota-title">我的收藏与投放清单</div>
            <div className="dash-quota-value">
              <strong>{formatCount(data.myLists.collectKolNum)}</strong>
              <span>位收藏UP主 / 上限 {formatCount(data.myLists.kolLimit)}</span>
            </div>
            <div className="dash-lists">
              <Link to={hrefOf({ pathname: '/collect/upCollect', search: '?type=4' })}>
                投放清单 {formatCount(data.myLists.putKolNum)}
              </Link>
              <Link to={hrefOf({ pathname: '/collect/videoCollect' })}>
                收藏视频 {formatCount(data.myLists.collectVideoNum)}
              </Link>
              <Link to={hrefOf({ pathname: '/collect/upCollect', search: '?isMonitor=1' })}>
                监测中 {formatCount(data.myLists.monitorKolNum)}/{formatCount(data.myLists.monitorLimit)}
              </Link>
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title="收录UP主" value={formatCount(data.platform.kolNum)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title="收录视频" value={formatCount(data.platform.videoNum)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title="UP主总粉丝" value={formatCount(data.platform.totalFansNum)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title="视频总播放" value={formatCount(data.platform.totalPlayNum)} />
          </Card>
        </Col>
      </Row>
      <ErrorBoundary title="监测UP主动态加载失败">
        <MonitorChangesCard />
      </ErrorBoundary>
      <ErrorBoundary title="粉丝动态加载失败">
        <Card variant="borderless" title="头部UP主粉丝动态">
          {data.recentChanges.length === 0 ? (
            <Empty description="近期没有明显的粉丝变化" />
          ) : (
            <DataTable<RecentChange>
              scroll={{ x: 'max-content' }}
              rowKey={(row) => `${row.kolId}-${row.eventDate}`}
              columns={columns}
              dataSource={data.recentChanges}
              pagination={false}
              aria-label="头部UP主粉丝动态"
            />
          )}
        </Card>
      </ErrorBoundary>
    </div>
  );
}
