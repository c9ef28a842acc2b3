import { Card, Empty, Skeleton } from 'antd';
import { formatCount } from '@xg/shared';
import { CreatorIdentity } from '../../../components/lists/creator-identity';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useSimilarKol } from '../api/get-similar-kol';
import { CREATOR_DETAIL_PATH, creatorDetailSearch } from '../../../components/detail-links';
import { QueryFailed } from '../../../components/query-failed';

/** 相似UP主: same partition, similar size; each opens its own detail in a new tab. */
export function CreatorSimilarCard({ kolId }: { kolId: number }) {
  const query = useSimilarKol(kolId);
  const hrefOf = useAppHref();
  return (
    <Card variant="borderless" title="相似UP主" className="creator-section">
      {query.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <QueryFailed title="相似UP主加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Empty description="暂无相似UP主" />
      ) : (
        <div className="similar-grid" role="list" aria-label="相似UP主">
          {query.data.map((creator) => (
            <a
              key={creator.kolId}
              role="listitem"
              className="similar-item"
              href={hrefOf({
                pathname: CREATOR_DETAIL_PATH,
                search: creatorDetailSearch(creator.kolId, creator.kolName),
              })}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`查看UP主详情：${creator.kolName}`}
            >
              <CreatorIdentity
                block="similar-item"
                creator={creator}
                avatarSize={48}
                meta={`${formatCount(creator.fansNum)}粉丝 · ${creator.themeName || '未分类'}`}
              />
            </a>
          ))}
        </div>
      )}
    </Card>
  );
}
