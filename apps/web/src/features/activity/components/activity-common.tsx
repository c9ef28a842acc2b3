import { useState, type ReactNode } from 'react';
import { Alert, Button, List, Result, Select, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CrownFilled, PlayCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import {
  FREE_RANKING_ROWS,
  VERSION_QUERY_FIELD,
  formatAxis,
  formatCount,
  truncateTitle,
  type ActivityState,
  type TopKol,
  type VideoItem,
} from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { errorText } from '../../../lib/api-client';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import { usePartitions } from '../api/get-partitions';

/** Routes of the activity and material screens (docs/api/discovery.md "Menu rows"). */
export const HOT_ACTIVITY_PATH = '/hotStuff/hotActivity';
export const ACTIVITY_DETAIL_PATH = '/hotStuff/activityDetail';
export const VIDEO_STUFF_PATH = '/hotStuff/videoStuff';
export const VIDEO_DETAIL_PATH = '/hotStuff/videoDetail';
export const CREATOR_DETAIL_PATH = '/search/upSearch/detail';

export const LIST_PAGE_SIZE = 20;
export const DETAIL_PAGE_SIZE = 10;

export function formatScore(value: number): string {
  return value >= 10_000
    ? formatCount(value)
    : value.toLocaleString('zh-CN', { maximumFractionDigits: value >= 100 ? 0 : 1 });
}

/** A growth rate (0.5 = +50%) with its sign. */
export function formatGrowth(rate: number): string {
  const pct = Math.round(rate * 1000) / 10;
  return `${pct > 0 ? '+' : ''}${pct.toLocaleString('zh-CN')}%`;
}

export function formatDay(iso: string | null): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '—';
}

/** The name an activity shows; its page may not have been read yet. */
export function activityTitle(name: string | null, id: number): string {
  return name ?? `活动 ${id}（名称待采集）`;
}

export function ActivityStateTag({ state }: { state: ActivityState }) {
  if (state === 1) return <Tag color="green">进行中</Tag>;
  if (state === 2) return <Tag>已结束</Tag>;
  return <Tag color="blue">未开始</Tag>;
}

/** The URL query of a screen: read a value, write a patch (the page resets to 1 unless given). */
export function useQueryState() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const int = (key: string): number | undefined => {
    const raw = params.get(key);
    if (raw === null || raw === '') return undefined;
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const set = (pathname: string, patch: Record<string, string | number | undefined>): void => {
    const next = new URLSearchParams(params);
    next.delete('page');
    next.delete(VERSION_QUERY_FIELD);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (next.get('page') === '1') next.delete('page');
    const query = next.toString();
    navigate({ pathname, search: query ? `?${query}` : '' });
  };
  return { params, int, set };
}

/** One of `choices` from the query, else the first. */
export function pick<T extends string | number>(raw: string | null, choices: readonly T[]): T {
  const found = choices.find((c) => String(c) === raw);
  return found ?? (choices[0] as T);
}

export function PartitionSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (tid: number | undefined) => void;
}) {
  const partitions = usePartitions();
  return (
    <Select
      aria-label="分区"
      className="activity-select"
      placeholder="全部分区"
      allowClear
      loading={partitions.isPending}
      value={value}
      onChange={(next: number | undefined) => onChange(next ?? undefined)}
      options={(partitions.data ?? []).map((partition) => ({ value: partition.tid, label: partition.name }))}
    />
  );
}

export function QueryFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

export function RankBadge({ rank }: { rank: number }) {
  return rank <= 3 ? (
    <span className={`activity-medal is-top${rank}`} aria-label={`第${rank}名`}>
      <CrownFilled aria-hidden /> {rank}
    </span>
  ) : (
    <span className="activity-rank">{rank}</span>
  );
}

/** 免费版 reads the first rows of a ranked list (gate `ranking.full`, as the rankings). */
export function LimitBanner({ limitRows, what }: { limitRows: number | null; what: string }) {
  const feature = useFeature('ranking.full');
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="activity-limit"
        data-testid="activity-limit-banner"
        title={`免费版仅可查看前${limitRows ?? FREE_RANKING_ROWS}个${what}，升级会员查看完整榜单`}
        action={
          <Button size="small" type="primary" onClick={() => openUpgradePopup(feature)}>
            升级
          </Button>
        }
      />
      {upgradePopup}
    </>
  );
}

function creatorSearch(kolId: number, kolName: string): string {
  return `?${new URLSearchParams({ kolId: String(kolId), kolName }).toString()}`;
}

/** Top creators of an activity or a material: avatar, name (→ creator detail, new tab), videos and plays. */
export function TopKolList({ kols, empty }: { kols: readonly TopKol[]; empty: string }) {
  const hrefOf = useAppHref();
  return (
    <List<TopKol>
      dataSource={[...kols]}
      locale={{ emptyText: empty }}
      aria-label="UP主榜"
      renderItem={(kol, index) => (
        <List.Item
          extra={
            <span className="activity-kol-figures">
              {formatCount(kol.videoNum)} 个视频 · {formatCount(kol.playNum)} 播放
            </span>
          }
        >
          <a
            className="activity-kol"
            href={hrefOf({ pathname: CREATOR_DETAIL_PATH, search: creatorSearch(kol.kolId, kol.kolName) })}
            target="_blank"
            rel="noopener noreferrer"
          >
            <RankBadge rank={index + 1} />
            <RemoteAvatar src={kol.kolImg} alt={kol.kolName} size={32} />
            <span className="activity-kol-text">
              <span className="activity-kol-name">{kol.kolName}</span>
              <Typography.Text type="secondary" className="activity-kol-fans">
                粉丝 {formatCount(kol.fansNum)}
              </Typography.Text>
            </span>
          </a>
        </List.Item>
      )}
    />
  );
}

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function Thumb({ src, alt, duration }: { src: string; alt: string; duration: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="activity-thumb">
      {src && failed !== src ? (
        <img src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(src)} />
      ) : (
        <PlayCircleOutlined className="activity-thumb-icon" aria-hidden />
      )}
      <span className="activity-thumb-duration">{formatDuration(duration)}</span>
    </span>
  );
}

interface VideoListProps {
  videos: readonly VideoItem[];
  loading: boolean;
  ariaLabel: string;
  empty: ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
  /** the row index → rank offset (first row of the page) */
  rankFrom: number;
}

/** Videos of an activity or a material: cover and title (→ video detail), creator (→ creator detail), counts. */
export function VideoList({ videos, loading, ariaLabel, empty, pagination, rankFrom }: VideoListProps) {
  const hrefOf = useAppHref();
  const columns: TableColumnsType<VideoItem & { rank: number }> = [
    {
      key: 'rank',
      title: '排名',
      width: 64,
      align: 'center',
      render: (_, v) => <RankBadge rank={v.rank} />,
    },
    {
      key: 'video',
      title: '视频',
      render: (_, video) => (
        <Link
          className="activity-video"
          to={hrefOf({ pathname: VIDEO_DETAIL_PATH, search: `?id=${video.videoId}` })}
          aria-label={`查看视频详情：${video.title}`}
        >
          <Thumb src={video.coverImg} alt={video.title} duration={video.playDuration} />
          <span className="activity-video-text">
            <span className="activity-video-title" title={video.title}>
              {truncateTitle(video.title, 60)}
            </span>
            <span className="activity-video-meta">
              {video.themeName ? <Tag>{video.themeName}</Tag> : null}
              <Tooltip title={dayjs(video.publishTime).format('YYYY-MM-DD HH:mm')}>
                <span>{dayjs(video.publishTime).format('YYYY-MM-DD')}</span>
              </Tooltip>
            </span>
          </span>
        </Link>
      ),
    },
    {
      key: 'kol',
      title: 'UP主',
      width: 170,
      responsive: ['md'],
      render: (_, video) => (
        <a
          className="activity-kol"
          href={hrefOf({ pathname: CREATOR_DETAIL_PATH, search: creatorSearch(video.kolId, video.kolName) })}
          target="_blank"
          rel="noopener noreferrer"
        >
          <RemoteAvatar src={video.kolImg} alt={video.kolName} size={24} />
          <span className="activity-kol-name">{video.kolName}</span>
        </a>
      ),
    },
    { key: 'play', title: '播放', width: 90, align: 'right', render: (_, v) => formatCount(v.playNum) },
    {
      key: 'like',
      title: '点赞',
      width: 90,
      align: 'right',
      responsive: ['sm'],
      render: (_, v) => formatCount(v.praiseNum),
    },
    {
      key: 'coin',
      title: '投币',
      width: 90,
      align: 'right',
      responsive: ['lg'],
      render: (_, v) => formatCount(v.castCurrencyNum),
    },
  ];
  return (
    <Table<VideoItem & { rank: number }>
      scroll={{ x: 'max-content' }}
      rowKey="videoId"
      columns={columns}
      dataSource={videos.map((v, i) => ({ ...v, rank: rankFrom + i }))}
      loading={loading}
      aria-label={ariaLabel}
      locale={{ emptyText: empty }}
      pagination={{
        current: pagination.current,
        pageSize: pagination.pageSize,
        total: Math.min(pagination.total, pagination.pageSize * 500),
        showSizeChanger: false,
        showTotal: () => `共 ${pagination.total} 个视频`,
        onChange: pagination.onChange,
      }}
    />
  );
}

/** Axis labels of a count chart: whole numbers only (万 / 千万 from 10,000, §9). */
export function countAxis(value: number): string {
  return Number.isInteger(value) ? formatAxis(value) : '';
}

/** An image that disappears when it cannot load (covers are third-party URLs). */
export function Cover({ src, className }: { src: string; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return <img className={className} src={src} alt="" referrerPolicy="no-referrer" onError={() => setFailed(src)} />;
}

/** A small inline trend line (per-day counts) for a table cell; the full charts go through components/charts. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 96;
  const height = 28;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`);
  return (
    <svg className="activity-sparkline" width={width} height={height} role="img" aria-label={label}>
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
