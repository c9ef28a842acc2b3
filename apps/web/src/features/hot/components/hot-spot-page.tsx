import { Card, Empty, Skeleton, Typography } from 'antd';
import { FireFilled } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { formatCount } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useHotSpot } from '../api/get-hot-spot';
import { QueryFailed } from '../../../components/query-failed';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { formatScore } from '../../../components/ranked-list';
import { TOPIC_DETAIL_PATH } from './hot-common';
import '../hot.css';

const PATH = '/hotStuff/hotSpot';

/** /hotStuff/hotSpot (component hotSpot): topics many creators made videos about in the last 7 days. */
export function HotSpotPage() {
  const { params, int } = useQueryState();
  const tid = int('tid');
  const query = useHotSpot(tid);
  const hrefOf = useAppHref();
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          热点话题
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          近7天多位UP主共同创作的话题，按热度排序；点击话题查看相关视频。
        </Typography.Paragraph>
        <ListFilters path={PATH} tid={tid} />
      </Card>
      <ErrorBoundary title="热点话题加载失败" resetKeys={[params.toString()]}>
        <Card variant="borderless">
          {query.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : query.isError ? (
            <QueryFailed title="热点话题加载失败" error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.length === 0 ? (
            <Empty description="近7天暂无热点话题" />
          ) : (
            <ol className="topic-grid" aria-label="热点话题">
              {query.data.map((topic, index) => (
                <li key={topic.topic}>
                  <Link
                    className="topic-card"
                    to={hrefOf({
                      pathname: TOPIC_DETAIL_PATH,
                      search: `?${new URLSearchParams({ topic: topic.topic }).toString()}`,
                    })}
                    aria-label={`查看话题：${topic.topic}`}
                  >
                    <span className={index < 3 ? 'topic-rank is-top' : 'topic-rank'}>{index + 1}</span>
                    <span className="topic-main">
                      <span className="topic-name">#{topic.topic}#</span>
                      <span className="topic-meta">
                        {formatCount(topic.videoNum)}个视频 · {formatCount(topic.kolNum)}位UP主 · 播放
                        {formatCount(topic.playNum)}
                      </span>
                    </span>
                    <span className="topic-hot">
                      <FireFilled aria-hidden /> {formatScore(topic.hotScore)}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </ErrorBoundary>
    </div>
  );
}
