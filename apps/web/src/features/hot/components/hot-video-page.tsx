import { Card, Typography, type TableColumnsType } from 'antd';
import type { HotVideoItem } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useHotVideo, type HotVideoDays } from '../api/get-hot-video';
import { QueryFailed } from '../../../components/query-failed';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { ScoreText, VideoTable, formatScore } from '../../../components/ranked-list';
import { HOT_PAGE_SIZE } from './hot-common';
import '../hot.css';

const PATH = '/hotStuff/hotVideo';
const DAY_OPTIONS: { label: string; value: HotVideoDays }[] = [
  { label: '近24小时', value: 1 },
  { label: '近3天', value: 3 },
  { label: '近7天', value: 7 },
];

const EXTRA: TableColumnsType<HotVideoItem> = [
  {
    key: 'hot',
    title: '热度',
    width: 90,
    align: 'right',
    render: (_, video) => <ScoreText>{formatScore(video.hotScore)}</ScoreText>,
  },
];

/** /hotStuff/hotVideo (component hotVideo): videos published in the last 1/3/7 days by hot score. */
export function HotVideoPage() {
  const { params, int, set } = useQueryState();
  const rawDays = Number(params.get('days'));
  const days: HotVideoDays = rawDays === 1 || rawDays === 7 ? rawDays : 3;
  const tid = int('tid');
  const pageNo = int('page') ?? 1;
  const query = useHotVideo({ tid, days, pageNo, pageSize: HOT_PAGE_SIZE });

  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          热门视频
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          近期发布视频按热度排序：热度综合播放、互动与发布时长计算（见指标说明），每日更新。
        </Typography.Paragraph>
        <ListFilters<HotVideoDays>
          path={PATH}
          window={{ label: '发布时间', options: DAY_OPTIONS, value: days }}
          tid={tid}
        />
      </Card>
      <ErrorBoundary title="热门视频加载失败" resetKeys={[params.toString()]}>
        <Card variant="borderless">
          {query.isError ? (
            <QueryFailed title="热门视频加载失败" error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <VideoTable<HotVideoItem>
              videos={query.data?.videoInfos ?? []}
              loading={query.isPending || query.isPlaceholderData}
              ariaLabel="热门视频列表"
              rankOf={(video) => video.rank}
              extraColumns={EXTRA}
              empty="该时间段暂无热门视频"
              pagination={{
                current: pageNo,
                pageSize: HOT_PAGE_SIZE,
                total: query.data?.total ?? 0,
                onChange: (page) => set(PATH, { page }),
              }}
            />
          )}
        </Card>
      </ErrorBoundary>
    </div>
  );
}
