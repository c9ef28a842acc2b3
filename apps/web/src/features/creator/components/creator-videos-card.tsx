import { useState } from 'react';
import { Card, Segmented, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs from '../../../lib/dayjs';
import { formatCount, type VideoItem } from '@xg/shared';
import { useKolVideos, type KolVideoSort } from '../api/get-kol-videos';
import { QueryFailed } from '../../../components/query-failed';
import { VideoLink, countColumn } from '../../../components/ranked-list';
import { DataTable } from '../../../components/data-table';

const PAGE_SIZE = 10;
const SORT_OPTIONS: { label: string; value: KolVideoSort }[] = [
  { label: '最新发布', value: 'pubdate' },
  { label: '播放最多', value: 'play' },
  { label: '点赞最多', value: 'likes' },
];

function count(value: number) {
  return <span className="creator-num">{formatCount(value)}</span>;
}

/** 视频列表: the creator's videos with their counts, sorted by time, plays or likes; a row opens the video detail. */
export function CreatorVideosCard({ kolId }: { kolId: number }) {
  const [sort, setSort] = useState<KolVideoSort>('pubdate');
  const [pageNo, setPageNo] = useState(1);
  const query = useKolVideos(kolId, sort, pageNo, PAGE_SIZE);

  const columns: TableColumnsType<VideoItem> = [
    {
      key: 'video',
      title: '视频',
      render: (_, video) => {
        const deleted = video.status === -1;
        return (
          <VideoLink
            video={video}
            titleLength={50}
            deleted={deleted}
            meta={
              <>
                {deleted ? <Tag color="default">已删除</Tag> : null}
                {video.isReprint === 1 ? <Tag color="orange">转载</Tag> : null}
                {video.isActivity === 1 ? <Tag color="purple">活动</Tag> : null}
                {video.themeName ? <Tag>{video.themeName}</Tag> : null}
              </>
            }
          />
        );
      },
    },
    {
      key: 'time',
      title: '发布时间',
      width: 120,
      responsive: ['md'],
      render: (_, video) => (
        <Tooltip title={dayjs(video.publishTime).format('YYYY-MM-DD HH:mm')}>
          {dayjs(video.publishTime).format('YYYY-MM-DD')}
        </Tooltip>
      ),
    },
    countColumn('play', '播放', (v) => v.playNum, { show: count }),
    countColumn('like', '点赞', (v) => v.praiseNum, { show: count }),
    countColumn('coin', '投币', (v) => v.castCurrencyNum, { from: 'lg', show: count }),
    countColumn('fav', '收藏', (v) => v.collectNum, { from: 'lg', show: count }),
    countColumn('reply', '评论', (v) => v.commentNum, { from: 'xl', show: count }),
    countColumn('danmaku', '弹幕', (v) => v.barrageNum, { from: 'xl', show: count }),
    countColumn('share', '分享', (v) => v.shareNum, { from: 'xl', show: count }),
  ];

  return (
    <Card
      variant="borderless"
      title="视频列表"
      className="creator-section creator-videos-card"
      extra={
        <Segmented<KolVideoSort>
          aria-label="视频排序"
          options={SORT_OPTIONS}
          value={sort}
          onChange={(value) => {
            setSort(value);
            setPageNo(1);
          }}
        />
      }
    >
      {query.isError ? (
        <QueryFailed title="视频列表加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<VideoItem>
          scroll={{ x: 'max-content' }}
          rowKey="videoId"
          size="middle"
          columns={columns}
          dataSource={query.data?.videoInfos ?? []}
          loading={query.isPending || query.isPlaceholderData}
          rowClassName={(video) => (video.status === -1 ? 'creator-video-row is-deleted' : 'creator-video-row')}
          locale={{ emptyText: '暂无视频' }}
          aria-label="UP主视频列表"
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: Math.min(query.data?.total ?? 0, PAGE_SIZE * 500),
            showSizeChanger: false,
            showTotal: () => `共 ${query.data?.total ?? 0} 个视频`,
            onChange: setPageNo,
            size: 'small',
          }}
        />
      )}
    </Card>
  );
}
