import { Alert, Button, Card, Result, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, FlagOutlined, LinkOutlined } from '@ant-design/icons';
import dayjs from '../../../lib/dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import { DiscoveryMsg, VideoRefParams, formatCount, type VideoDetailInfo } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { CreatorLink } from '../../../components/ranked-list';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { VideoCover, formatDuration } from '../../../components/video-cover';
import { errorText, isApiError } from '../../../lib/api-client';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { useVideoDetail } from '../api/get-video-detail';
import { VIDEO_INTERACTIONS, VideoTrendCard } from './video-trend-card';
import { LinkToggle } from '../../collect/components/link-toggle';
import type { VideoDetailWithFlags } from '../api/get-video-detail';
import '../video.css';

const ACTIVITY_DETAIL_PATH = '/hotStuff/activityDetail';

/** The video's activity: a link to its detail once its page was read, else plain 参与活动. */
function VideoActivity({ video }: { video: VideoDetailInfo }) {
  const hrefOf = useAppHref();
  if (video.activityId === null) return null;
  return (
    <span className="video-activity">
      <FlagOutlined aria-hidden />{' '}
      {video.activityExists === 1 && video.activityName !== null ? (
        <Link
          to={hrefOf({ pathname: ACTIVITY_DETAIL_PATH, search: `?activityId=${video.activityId}` })}
          aria-label={`查看活动详情：${video.activityName}`}
        >
          参与活动：{video.activityName}
        </Link>
      ) : (
        '参与活动'
      )}
    </span>
  );
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** /hotStuff/videoDetail?id= (component videoDetail): a video's facts, counts and daily trend. */
export function VideoDetailPage() {
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const parsed = VideoRefParams.safeParse({ id: searchParams.get('id') ?? '' });
  const id = parsed.success ? parsed.data.id : null;
  const detail = useVideoDetail(id);

  const back = (
    <Button type="primary" onClick={() => navigate({ pathname: '/search/upSearch', search: '?tab=content' })}>
      去搜索视频
    </Button>
  );
  if (id === null) {
    return (
      <Card variant="borderless">
        <Result status="warning" title={DiscoveryMsg.videoIdInvalid} subTitle="请从视频列表进入视频详情" extra={back} />
      </Card>
    );
  }
  if (detail.isPending) {
    return (
      <div className="page-stack" aria-busy="true">
        <Card variant="borderless">
          <Skeleton.Image active className="video-skeleton-cover" />
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.kind === 'envelope';
    return (
      <Card variant="borderless">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? DiscoveryMsg.videoNotFound : '加载失败'}
          subTitle={errorText(detail.error)}
          extra={
            missing ? (
              back
            ) : (
              <Button type="primary" onClick={() => void detail.refetch()}>
                重试
              </Button>
            )
          }
        />
      </Card>
    );
  }
  const video = detail.data;
  return (
    <div className="page-stack">
      <ErrorBoundary title="视频信息加载失败" resetKeys={[id]}>
        <VideoHeader video={video} />
      </ErrorBoundary>
      <ErrorBoundary title="视频数据加载失败" resetKeys={[id]}>
        <VideoStats video={video} />
      </ErrorBoundary>
      <ErrorBoundary title="数据趋势加载失败" resetKeys={[id]}>
        <VideoTrendCard videoId={String(video.videoId)} />
      </ErrorBoundary>
    </div>
  );
}

/** The cover in the header; a deleted video is marked on it (the whole header is greyed). */
function Cover({ video, deleted }: { video: VideoDetailInfo; deleted: boolean }) {
  return (
    <VideoCover src={video.coverImg} alt={video.title} duration={video.playDuration} size="large" eager>
      {deleted ? (
        <span className="video-cover-deleted">
          <DeleteOutlined aria-hidden /> 已删除
        </span>
      ) : null}
    </VideoCover>
  );
}

function VideoHeader({ video }: { video: VideoDetailWithFlags }) {
  const deleted = video.status === -1;
  const publish = dayjs(video.publishTime);
  return (
    <Card variant="borderless" className={deleted ? 'video-header is-deleted' : 'video-header'}>
      {deleted ? (
        <Alert
          type="warning"
          showIcon
          icon={<DeleteOutlined />}
          className="video-deleted-alert"
          title="该视频已被删除"
          description="视频已从平台删除，以下为删除前最后一次采集的数据，不再更新。"
        />
      ) : null}
      <div className="video-header-body">
        <Cover video={video} deleted={deleted} />
        <div className="video-header-main">
          <Typography.Title level={4} className="video-title">
            {video.title}
          </Typography.Title>
          <div className="video-tags">
            {deleted ? (
              <Tag color="default" icon={<DeleteOutlined aria-hidden />} data-testid="video-deleted-badge">
                已删除
              </Tag>
            ) : (
              <Tag color="success">正常</Tag>
            )}
            <Tag color={video.isReprint === 1 ? 'orange' : 'blue'}>{video.isReprint === 1 ? '转载' : '自制'}</Tag>
            {video.isActivity === 1 ? <Tag color="purple">活动视频</Tag> : null}
            {video.themeName ? <Tag>{video.themeName}</Tag> : null}
          </div>
          <div className="video-facts">
            <span>
              <ClockCircleOutlined aria-hidden /> 时长 {formatDuration(video.playDuration)}
            </span>
            <span>发布于 {publish.isValid() ? publish.format('YYYY-MM-DD HH:mm') : '-'}</span>
            <span>{video.bvid}</span>
            <VideoActivity video={video} />
            {video.updateTime ? <span>数据更新 {dayjs(video.updateTime).format('YYYY-MM-DD HH:mm')}</span> : null}
          </div>
          <CreatorLink
            className="video-author"
            kolId={video.kolId}
            kolName={video.kolName}
            label={`查看UP主详情：${video.kolName}`}
          >
            <RemoteAvatar src={video.kolImg} alt={video.kolName} size={32} />
            <span>{video.kolName}</span>
          </CreatorLink>
          <Typography.Paragraph
            type="secondary"
            className="video-summary"
            ellipsis={{ rows: 3, expandable: 'collapsible', symbol: (expanded) => (expanded ? '收起' : '展开') }}
          >
            {video.summary || '暂无简介'}
          </Typography.Paragraph>
          <div className="video-actions">
            <LinkToggle target={{ kind: 'video', videoId: video.videoId }} linked={video} onHeader />
            {deleted ? (
              <Tooltip title="视频已删除，无法观看">
                <Button icon={<LinkOutlined aria-hidden />} disabled>
                  去B站观看
                </Button>
              </Tooltip>
            ) : isHttpUrl(video.sourceUrl) ? (
              <Button
                icon={<LinkOutlined aria-hidden />}
                href={video.sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                去B站观看
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}

function VideoStats({ video }: { video: VideoDetailInfo }) {
  const stats = [{ key: 'playNum', label: '播放' } as const, ...VIDEO_INTERACTIONS].map(({ key, label }) => ({
    key,
    label,
    value: video[key],
  }));
  const deleted = video.status === -1;
  return (
    <div className={deleted ? 'video-stats is-deleted' : 'video-stats'} role="list" aria-label="视频数据">
      {stats.map((stat) => (
        <Card key={stat.key} variant="borderless" className="video-stat" role="listitem">
          <div className="video-stat-label">{stat.label}</div>
          <div className="video-stat-value" aria-label={`${stat.label} ${formatCount(stat.value)}`}>
            {formatCount(stat.value)}
          </div>
        </Card>
      ))}
    </div>
  );
}
