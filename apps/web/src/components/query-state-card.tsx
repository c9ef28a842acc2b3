import type { ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import { QueryFailed } from './query-failed';

interface QueryStateCardProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** the failure's title (…加载失败) */
  failedTitle: string;
  /** the skeleton's lines while loading */
  rows: number;
  /** what a loaded query with nothing to show says */
  empty?: ReactNode;
}

/** A screen's query while it has nothing to show, in a card: loading, failed (with 重试), or empty. */
export function QueryStateCard({ query, failedTitle, rows, empty = null }: QueryStateCardProps) {
  return (
    <Card variant="borderless">
      {query.isPending ? (
        <Skeleton active paragraph={{ rows }} />
      ) : query.isError ? (
        <QueryFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        empty
      )}
    </Card>
  );
}
