import { Card, Typography, type TableColumnsType } from 'antd';
import type { RecommendVideoItem } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useRecommendVideo } from '../api/get-recommend-video';
import { QueryFailed } from '../../../components/query-failed';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { ScoreText, VideoTable } from '../../../components/ranked-list';
import { HOT_PAGE_SIZE, fractionPercent } from './hot-common';
import '../hot.css';

const PATH = '/hotStuff/recommendVideo';

const EXTRA: TableColumnsType<RecommendVideoItem> = [
  {
    key: 'rate',
    title: '互动率',
    width: 96,
    align: 'right',
    render: (_, video) => <ScoreText>{fractionPercent(video.interactRate)}</ScoreText>,
  },
];

/** /hotStuff/recommendVideo (component recommend-video): recent videos with high engagement. */
export function RecommendVideoPage() {
  const { params, int, set } = useQueryState();
  const tid = int('tid');
  const pageNo = int('page') ?? 1;
  const query = useRecommendVideo(tid, pageNo, HOT_PAGE_SIZE);
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          推荐视频
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          近期互动率（点赞、投币、收藏、分享、评论、弹幕之和与播放之比）高的视频，适合寻找内容灵感与优质UP主。
        </Typography.Paragraph>
        <ListFilters path={PATH} tid={tid} />
      </Card>
      <ErrorBoundary title="推荐视频加载失败" resetKeys={[params.toString()]}>
        <Card variant="borderless">
          {query.isError ? (
            <QueryFailed title="推荐视频加载失败" error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <VideoTable<RecommendVideoItem>
              videos={query.data?.videoInfos ?? []}
              loading={query.isPending || query.isPlaceholderData}
              ariaLabel="推荐视频列表"
              extraColumns={EXTRA}
              empty="暂无推荐视频"
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
