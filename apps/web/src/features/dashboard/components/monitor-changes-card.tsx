import { Button, Card, Empty, Skeleton, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { formatCount, type MonitorChangeItem } from '@xg/shared';
import { DataTable } from '../../../components/data-table';
import { VIDEO_DETAIL_PATH, videoDetailSearch } from '../../../components/detail-links';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { useMonitorChanges } from '../api/get-monitor-changes';
import { DashCreator, QueryFailed, shortDate, signedCount } from './common';

const UP_COLLECT_PATH = '/collect/upCollect';
const UP_ATTENTION_PATH = '/middleground/upAttention';
const DAY_MS = 86_400_000;
const NONE = <span className="dash-muted">无</span>;

/** Days between two YYYY-MM-DD days. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/** Today in Asia/Shanghai (YYYY-MM-DD), the calendar the snapshots are dated in. */
function shanghaiToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

function Delta({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'dash-delta delta-up' : value < 0 ? 'dash-delta delta-down' : 'dash-delta'}>
      {signedCount(value, formatCount)}
    </span>
  );
}

/** A change the gap rules left empty: "-" with the reason (docs/metrics.md "Gaps"). */
function NoValue({ reason }: { reason: string }) {
  return (
    <Tooltip title={reason}>
      <Typography.Text type="secondary" className="dash-novalue" aria-label={reason}>
        -
      </Typography.Text>
    </Tooltip>
  );
}

function dayChangeCell(row: MonitorChangeItem) {
  if (row.dayChange !== null) return <Delta value={row.dayChange} />;
  if (row.latestDay === null) return <NoValue reason="尚未采集到每日数据" />;
  if (row.prevDay === null) return <NoValue reason="仅有一次快照" />;
  return <NoValue reason={`前一天无快照（上次为${shortDate(row.prevDay)}），不跨缺口计算`} />;
}

function weekChangeCell(row: MonitorChangeItem, days: number) {
  if (row.weekChange === null) {
    return <NoValue reason={`缺少${days}天前的快照`} />;
  }
  return (
    <span className="dash-inline">
      <Delta value={row.weekChange} />
      {row.weekDays !== null && row.weekDays !== days ? (
        <span className="dash-note" title={`从${shortDate(row.weekBaseDay ?? '')}起计算`}>
          按{row.weekDays}天计
        </span>
      ) : null}
    </span>
  );
}

/**
 * 监测UP主动态 on the dashboard (issue #15 item 1): the team's monitored creators (the switch in UP主收藏), each
 * with the fans change since the previous daily snapshot and over 7 days — left empty, with the reason, where
 * the gap rules of docs/metrics.md give no value — new videos and fan events of the last 7 days. Those with
 * changes come first; the full list is 关注UP主.
 */
export function MonitorChangesCard() {
  const query = useMonitorChanges();
  const href = useAppHref();
  const navigate = useAppNavigate();
  const today = shanghaiToday();

  if (query.isPending) {
    return (
      <Card variant="borderless" title="监测UP主动态">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless" title="监测UP主动态">
        <QueryFailed title="监测UP主动态加载失败" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const data = query.data;
  const days = data.days;

  const columns: TableColumnsType<MonitorChangeItem> = [
    {
      key: 'kol',
      title: 'UP主',
      render: (_, row) => (
        <DashCreator creator={row}>
          {formatCount(row.fansNum)}粉丝
          {row.latestDay !== null && daysBetween(row.latestDay, today) > 1 ? (
            <span className="dash-stale"> · 数据停留在{shortDate(row.latestDay)}</span>
          ) : null}
        </DashCreator>
      ),
    },
    {
      key: 'day',
      title: '较前一日',
      width: 96,
      align: 'right',
      render: (_, row) => dayChangeCell(row),
    },
    {
      key: 'week',
      title: `近${days}天涨粉`,
      width: 130,
      align: 'right',
      render: (_, row) => weekChangeCell(row, days),
    },
    {
      key: 'videos',
      title: '新视频',
      render: (_, row) =>
        row.newVideos[0] ? (
          <span className="dash-newvideo">
            <span className="dash-note">{row.newVideoNum}个</span>
            <Link
              to={href({ pathname: VIDEO_DETAIL_PATH, search: videoDetailSearch(row.newVideos[0].videoId) })}
              title={row.newVideos[0].title}
              className="dash-newvideo-title"
            >
              {row.newVideos[0].title}
            </Link>
          </span>
        ) : (
          NONE
        ),
    },
    {
      key: 'events',
      title: '粉丝异动',
      render: (_, row) =>
        row.fanEvents.length === 0 ? (
          NONE
        ) : (
          <span className="dash-inline">
            {row.fanEvents.slice(0, 2).map((event) => (
              <Tag key={event.day} className="dash-tag-small" color={event.kind === 'rise' ? 'red' : 'green'}>
                {shortDate(event.day)} {signedCount(event.delta, formatCount)}
              </Tag>
            ))}
          </span>
        ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title="监测UP主动态"
      className="dash-monitor"
      data-testid="dash-monitor-card"
      extra={
        data.monitorCount > 0 ? (
          <Link to={href({ pathname: UP_ATTENTION_PATH })}>查看全部（{data.monitorCount}）</Link>
        ) : null
      }
    >
      {data.monitors.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span className="dash-monitor-empty">
              <strong>还没有监测中的UP主</strong>
              <span>
                在「我的收藏 ›
                UP主收藏」中打开UP主的「监测」开关，该UP主将每小时更新数据，粉丝变化、新视频和粉丝异动会显示在这里。
              </span>
            </span>
          }
        >
          <Button type="primary" onClick={() => navigate({ pathname: UP_COLLECT_PATH })}>
            去开启监测
          </Button>
        </Empty>
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="dash-monitor-note">
            监测中 {data.monitorCount}/{data.monitorLimit} · 近{days}天 · 缺少快照的日期显示“-”
          </Typography.Paragraph>
          <DataTable<MonitorChangeItem>
            rowKey="kolId"
            size="small"
            columns={columns}
            dataSource={data.monitors}
            pagination={false}
            aria-label="监测UP主动态"
          />
        </>
      )}
    </Card>
  );
}
