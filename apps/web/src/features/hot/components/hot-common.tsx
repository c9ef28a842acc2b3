import { useState, type ReactNode } from 'react';
import { Select, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CrownFilled, PlayCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import { VERSION_QUERY_FIELD, formatCount, truncateTitle, type VideoItem } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { usePartitions } from '../api/get-partitions';
export { QueryFailed } from '../../../components/query-failed';

/** Routes of the hot-content screens (docs/api/discovery.md "Menu rows"). */
export const VIDEO_DETAIL_PATH = '/hotStuff/videoDetail';
export const TOPIC_DETAIL_PATH = '/hotStuff/topicDetail';
export const CREATOR_DETAIL_PATH = '/search/upSearch/detail';
export const SEARCH_PATH = '/search/upSearch';

export const HOT_PAGE_SIZE = 20;

/** A share given as a fraction (0.1234) with a % sign: 12.34%. */
export function fractionPercent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}

export function formatScore(value: number): string {
  return value >= 10_000
    ? formatCount(value)
    : value.toLocaleString('zh-CN', { maximumFractionDigits: value >= 100 ? 0 : 1 });
}

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The URL query of a screen: read a value, write a patch (page resets to 1 unless given). */
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
      className="hot-select"
      placeholder="全部分区"
      allowClear
      loading={partitions.isPending}
      value={value}
      onChange={(next: number | undefined) => onChange(next ?? undefined)}
      options={(partitions.data ?? []).map((partition) => ({ value: partition.tid, label: partition.name }))}
    />
  );
}

function Thumb({ src, alt, duration }: { src: string; alt: string; duration: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="hot-thumb">
      {src && failed !== src ? (
        <img src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(src)} />
      ) : (
        <PlayCircleOutlined className="hot-thumb-icon" aria-hidden />
      )}
      <span className="hot-thumb-duration">{formatDuration(duration)}</span>
    </span>
  );
}

export function RankBadge({ rank }: { rank: number }) {
  return rank <= 3 ? (
    <span className={`hot-medal is-top${rank}`} aria-label={`第${rank}名`}>
      <CrownFilled aria-hidden /> {rank}
    </span>
  ) : (
    <span className="hot-rank">{rank}</span>
  );
}

interface VideoTableProps<T extends VideoItem> {
  videos: readonly T[];
  loading: boolean;
  ariaLabel: string;
  /** extra columns after the counts (hot score, interaction rate …) */
  extraColumns?: TableColumnsType<T>;
  /** a rank column from the item (hot videos) */
  rankOf?: (video: T) => number;
  pagination: { current: number; total: number; onChange: (page: number) => void } | false;
  empty: ReactNode;
}

/** A video list of the hot screens: cover and title (→ video detail), creator (→ creator detail), counts. */
export function VideoTable<T extends VideoItem>({
  videos,
  loading,
  ariaLabel,
  extraColumns = [],
  rankOf,
  pagination,
  empty,
}: VideoTableProps<T>) {
  const hrefOf = useAppHref();
  const columns: TableColumnsType<T> = [
    ...(rankOf
      ? [
          {
            key: 'rank',
            title: '排名',
            width: 70,
            align: 'center' as const,
            render: (_: unknown, v: T) => <RankBadge rank={rankOf(v)} />,
          },
        ]
      : []),
    {
      key: 'video',
      title: '视频',
      render: (_, video) => (
        <Link
          className="hot-video"
          to={hrefOf({ pathname: VIDEO_DETAIL_PATH, search: `?id=${video.videoId}` })}
          aria-label={`查看视频详情：${video.title}`}
        >
          <Thumb src={video.coverImg} alt={video.title} duration={video.playDuration} />
          <span className="hot-video-text">
            <span className="hot-video-title" title={video.title}>
              {truncateTitle(video.title, 60)}
            </span>
            <span className="hot-video-meta">
              {video.themeName ? <Tag>{video.themeName}</Tag> : null}
              {video.isReprint === 1 ? <Tag color="orange">转载</Tag> : null}
              <Tooltip title={dayjs(video.publishTime).format('YYYY-MM-DD HH:mm')}>
                <span>{dayjs(video.publishTime).format('MM-DD HH:mm')}</span>
              </Tooltip>
            </span>
          </span>
        </Link>
      ),
    },
    {
      key: 'kol',
      title: 'UP主',
      width: 180,
      responsive: ['md'],
      render: (_, video) => (
        <a
          className="hot-kol"
          href={hrefOf({
            pathname: CREATOR_DETAIL_PATH,
            search: `?${new URLSearchParams({ kolId: String(video.kolId), kolName: video.kolName }).toString()}`,
          })}
          target="_blank"
          rel="noopener noreferrer"
        >
          <RemoteAvatar src={video.kolImg} alt={video.kolName} size={24} />
          <span className="hot-kol-name">{video.kolName}</span>
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
    {
      key: 'reply',
      title: '评论',
      width: 90,
      align: 'right',
      responsive: ['xl'],
      render: (_, v) => formatCount(v.commentNum),
    },
    ...extraColumns,
  ];
  return (
    <Table<T>
      scroll={{ x: 'max-content' }}
      rowKey="videoId"
      columns={columns}
      dataSource={[...videos]}
      loading={loading}
      aria-label={ariaLabel}
      locale={{ emptyText: empty }}
      pagination={
        pagination
          ? {
              current: pagination.current,
              pageSize: HOT_PAGE_SIZE,
              total: Math.min(pagination.total, HOT_PAGE_SIZE * 500),
              showSizeChanger: false,
              showTotal: () => `共 ${pagination.total} 个视频`,
              onChange: pagination.onChange,
            }
          : false
      }
    />
  );
}
