import type { ReactNode } from 'react';
import { Empty, Table, type TableColumnsType } from 'antd';
import { QueryFailed } from './query-failed';

interface QueryTableProps<T> {
  query: { isError: boolean; error: unknown; isPending: boolean; refetch: () => Promise<unknown> };
  /** the failure's title (…加载失败) */
  failedTitle: string;
  rowKey: keyof T;
  /** the table's accessible name */
  label: string;
  emptyText: ReactNode;
  columns: TableColumnsType<T>;
  rows: T[];
  total: number;
  /** a narrow screen: small rows, fixed layout */
  compact: boolean;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
}

/** A team list a page at a time (the page hidden when there is one), or its failure with 重试. */
export function QueryTable<T extends object>(props: QueryTableProps<T>) {
  const { query, compact } = props;
  return query.isError ? (
    <QueryFailed title={props.failedTitle} error={query.error} onRetry={() => void query.refetch()} />
  ) : (
    <Table<T>
      rowKey={props.rowKey}
      size={compact ? 'small' : 'middle'}
      tableLayout={compact ? 'fixed' : undefined}
      columns={props.columns}
      dataSource={props.rows}
      loading={query.isPending}
      aria-label={props.label}
      locale={{ emptyText: <Empty description={props.emptyText} /> }}
      pagination={{
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        hideOnSinglePage: true,
        onChange: props.onPage,
      }}
    />
  );
}
