import type { ReactNode } from 'react';
import { Tag, Tooltip, type TableColumnType, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import dayjs from '../lib/dayjs';
import { Link } from 'react-router-dom';
import { formatCount, truncateTitle, type VideoItem } from '@xg/shared';
import { useAppHref } from '../lib/use-app-navigate';
import { CREATOR_DETAIL_PATH, VIDEO_DETAIL_PATH, creatorDetailSearch, videoDetailSearch } from './detail-links';
import { RemoteAvatar } from './remote-avatar';
import { VideoCover } from './video-cover';
import './ranked-list.css';
import { DataTable } from './data-table';

/**
 * The rows of the ranked lists (hot content, activities, materials): rank medals, the score cell, the link to
 * a creator and the video table whose titles open the video detail.
 */

/** A hot score: 万 / 亿 from 10,000, else one decimal below 100. */
export function formatScore(value: number): string {
  return value >= 10_000
    ? formatCount(value)
    : value.toLocaleString('zh-CN', { maximumFractionDigits: value >= 100 ? 0 : 1 });
}

/** The highlighted figure a list is ranked by (hot score, interaction rate …). */
export function ScoreText({ children }: { children: ReactNode }) {
  return <strong className="list-score">{children}</strong>;
}

/** The rank of a row: a crown for the first three. */
export function RankBadge({ rank }: { rank: number }) {
  return rank <= 3 ? (
    <span className={`list-medal is-top${rank}`} aria-label={`第${rank}名`}>
      <CrownFilled aria-hidden /> {rank}
    </span>
  ) : (
    <span className="list-rank">{rank}</span>
  );
}

/** A creator's name (and avatar …) linking to the creator detail in a new tab. */
export function CreatorLink({
  kolId,
  kolName,
  className,
  label,
  children,
}: {
  kolId: number;
  kolName: string;
  className: string;
  /** the link's accessible name (`查看UP主详情：…`) where its content is more than the name */
  label?: string;
  children: ReactNode;
}) {
  const hrefOf = useAppHref();
  return (
    <a
      className={className}
      href={hrefOf({ pathname: CREATOR_DETAIL_PATH, search: creatorDetailSearch(kolId, kolName) })}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
    >
      {children}
    </a>
  );
}

/** The video cell of a list: cover and title, opening the video detail, with a line of tags under the title. */
export function VideoLink({
  video,
  meta,
  titleLength = 60,
  deleted = false,
}: {
  video: VideoItem;
  meta: ReactNode;
  titleLength?: 50 | 60;
  /** greyed out and struck through (a video deleted on the platform) */
  deleted?: boolean;
}) {
  const hrefOf = useAppHref();
  return (
    <Link
      className={deleted ? 'list-video is-deleted' : 'list-video'}
      to={hrefOf({ pathname: VIDEO_DETAIL_PATH, search: videoDetailSearch(video.videoId) })}
      aria-label={`查看视频详情：${video.title}`}
    >
      <VideoCover src={video.coverImg} alt={video.title} duration={video.playDuration} size="small" deleted={deleted} />
      <span className="list-video-text">
        <span className="list-video-title" title={video.title}>
          {truncateTitle(video.title, titleLength)}
        </span>
        <span className="list-meta">{meta}</span>
      </span>
    </Link>
  );
}

/**
 * The pager of a ranked list: no size changer, 共 N {unit}, and no page beyond the 500th (nor beyond `cap`, the
 * rows the free tier may read).
 */
export function listPagination({
  current,
  pageSize,
  total,
  unit,
  onChange,
  cap = Number.POSITIVE_INFINITY,
}: {
  current: number;
  pageSize: number;
  total: number;
  unit: string;
  onChange: (page: number) => void;
  cap?: number;
}): TablePaginationConfig {
  return {
    current,
    pageSize,
    total: Math.min(total, cap, pageSize * 500),
    showTotal: () => `共 ${total} ${unit}`,
    onChange,
  };
}

type Breakpoint = NonNullable<TableColumnType<unknown>['responsive']>[number];

/**
 * A right-aligned count column: the row's `value` as formatCount writes it (or as `show` does), 90 px wide
 * unless `width` says otherwise, shown from the breakpoint `from` up (on every screen without it).
 */
export function countColumn<T>(
  key: string,
  title: string,
  value: (row: T) => number,
  {
    width = 90,
    from,
    show = formatCount,
  }: { width?: number; from?: Breakpoint; show?: (count: number) => ReactNode } = {},
): TableColumnType<T> {
  return {
    key,
    title,
    width,
    align: 'right',
    ...(from ? { responsive: [from] } : {}),
    render: (_: unknown, row: T) => show(value(row)),
  };
}

export interface VideoTableProps<T extends VideoItem> {
  videos: readonly T[];
  loading: boolean;
  ariaLabel: string;
  empty: ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void } | false;
  /** a rank column: from the item (hot videos) or from its place (page offset + index) */
  rankOf?: (video: T, index: number) => number;
  /** extra columns after the counts (hot score, interaction rate …) */
  extraColumns?: TableColumnsType<T>;
  /**
   * The shorter form of the detail cards and drawers (activities, materials): publish day without the time,
   * no 转载 tag, no comment column and slightly narrower cells.
   */
  compact?: boolean;
}

/** A list of videos: cover and title (→ video detail), creator (→ creator detail), counts. */
export function VideoTable<T extends VideoItem>({
  videos,
  loading,
  ariaLabel,
  empty,
  pagination,
  rankOf,
  extraColumns = [],
  compact = false,
}: VideoTableProps<T>) {
  const ranks = new Map(videos.map((video, index) => [video.videoId, rankOf?.(video, index) ?? index + 1]));
  const rankColumns: TableColumnsType<T> = rankOf
    ? [
        {
          key: 'rank',
          title: '排名',
          width: compact ? 64 : 70,
          align: 'center',
          render: (_, video) => <RankBadge rank={ranks.get(video.videoId) ?? 0} />,
        },
      ]
    : [];
  const columns: TableColumnsType<T> = [
    ...rankColumns,
    {
      key: 'video',
      title: '视频',
      render: (_, video) => (
        <VideoLink
          video={video}
          meta={
            <>
              {video.themeName ? <Tag>{video.themeName}</Tag> : null}
              {!compact && video.isReprint === 1 ? <Tag color="orange">转载</Tag> : null}
              <Tooltip title={dayjs(video.publishTime).format('YYYY-MM-DD HH:mm')}>
                <span>{dayjs(video.publishTime).format(compact ? 'YYYY-MM-DD' : 'MM-DD HH:mm')}</span>
              </Tooltip>
            </>
          }
        />
      ),
    },
    {
      key: 'kol',
      title: 'UP主',
      width: compact ? 170 : 180,
      responsive: ['md'],
      render: (_, video) => (
        <CreatorLink className="list-kol" kolId={video.kolId} kolName={video.kolName}>
          <RemoteAvatar src={video.kolImg} alt={video.kolName} size={24} />
          <span className="list-kol-name">{video.kolName}</span>
        </CreatorLink>
      ),
    },
    countColumn<T>('play', '播放', (v) => v.playNum),
    countColumn<T>('like', '点赞', (v) => v.praiseNum, { from: 'sm' }),
    countColumn<T>('coin', '投币', (v) => v.castCurrencyNum, { from: 'lg' }),
    ...(compact ? [] : [countColumn<T>('reply', '评论', (v) => v.commentNum, { from: 'xl' })]),
    ...extraColumns,
  ];
  return (
    <DataTable<T>
      className={compact ? 'list-video-table is-compact' : 'list-video-table'}
      scroll={{ x: 'max-content' }}
      rowKey="videoId"
      columns={columns}
      dataSource={[...videos]}
      loading={loading}
      aria-label={ariaLabel}
      locale={{ emptyText: empty }}
      pagination={pagination ? listPagination({ ...pagination, unit: '个视频' }) : false}
    />
  );
}
