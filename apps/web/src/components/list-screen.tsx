import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ErrorBoundary } from './error-boundary';
import { QueryFailed } from './query-failed';

/** What a list screen needs of its query (a TanStack Query result). */
export interface ListQuery {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

interface ListScreenProps {
  /** the screen's title; also names its error (…加载失败) */
  title: string;
  intro: ReactNode;
  filters: ReactNode;
  query: ListQuery;
  /** the list (shown unless the query failed) */
  children: ReactNode;
  /** what follows the list card (a detail drawer …) */
  after?: ReactNode;
  /** actions above the list, right-aligned (导出Excel …) */
  toolbar?: ReactNode;
}

/**
 * A list screen (hot content, activities, materials): title, intro and filters, then the list in its card. The
 * filters live in the URL: a new query resets the list's error boundary.
 */
export function ListScreen({ title, intro, filters, query, children, after, toolbar }: ListScreenProps) {
  const [params] = useSearchParams();
  const failed = `${title}加载失败`;
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        {filters}
      </Card>
      <ErrorBoundary title={failed} resetKeys={[params.toString()]}>
        <Card variant="borderless">
          {toolbar ? <div className="list-toolbar">{toolbar}</div> : null}
          {query.isError ? (
            <QueryFailed title={failed} error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            children
          )}
        </Card>
      </ErrorBoundary>
      {after}
    </div>
  );
}
