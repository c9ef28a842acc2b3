import type { ReactNode } from 'react';
import { Card, Pagination, Select, Skeleton } from 'antd';
import type { ThemeInfo } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { SEARCH_PAGE_SIZE } from '../api/search-kol';

/** The server pages every search up to 500 pages. */
const MAX_PAGES = 500;

interface ResultsQuery<T> {
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

interface ResultsCardProps<T> {
  /** the card's title: the list's sort and filter controls */
  toolbar: ReactNode;
  query: ResultsQuery<T>;
  /** what stands in while the first page loads: creator rows, or a block (videos) */
  placeholder: 'creators' | 'block';
  /** the failure's title (…失败) */
  failedTitle: string;
  /** the loaded page */
  children: (data: T) => ReactNode;
}

/**
 * A tab of the search page: its controls as the card's title over loading, failed (with 重试) or the results;
 * the previous page stays, dimmed (`is-refreshing`), while the next one loads.
 */
export function ResultsCard<T>({ toolbar, query, placeholder, failedTitle, children }: ResultsCardProps<T>) {
  if (query.isError) {
    return (
      <Card variant="borderless" title={toolbar}>
        <QueryFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  if (query.data === undefined) {
    return (
      <Card variant="borderless" title={toolbar} aria-busy="true">
        {placeholder === 'creators' ? (
          <>
            <Skeleton avatar active paragraph={{ rows: 1 }} />
            <Skeleton avatar active paragraph={{ rows: 1 }} />
            <Skeleton avatar active paragraph={{ rows: 1 }} />
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Card>
    );
  }
  return (
    <Card variant="borderless" title={toolbar} className={query.isPlaceholderData ? 'is-refreshing' : undefined}>
      {children(query.data)}
    </Card>
  );
}

/** The partition filter of a search tab's toolbar: all partitions when cleared. */
export function PartitionPicker({
  label,
  themes,
  value,
  onChange,
}: {
  /** aria-label (UP主分区 / 视频分区) */
  label: string;
  themes: readonly ThemeInfo[];
  value: number | undefined;
  onChange: (tid: number | undefined) => void;
}) {
  return (
    <Select
      aria-label={label}
      className="search-toolbar-select"
      allowClear
      placeholder="全部分区"
      value={value}
      onChange={(next: number | undefined) => onChange(next ?? undefined)}
      options={themes.map((theme) => ({ value: theme.tid, label: theme.name }))}
    />
  );
}

/**
 * The pager under a search tab's results, shown when there is more than one page; no page beyond the 500th.
 * `showTotal` is given the whole total and the total the pager pages through.
 */
export function ResultsPager({
  pageNo,
  total,
  showTotal,
  onPage,
}: {
  pageNo: number;
  total: number;
  showTotal: (total: number, paged: number) => string;
  onPage: (page: number) => void;
}) {
  if (total <= SEARCH_PAGE_SIZE) return null;
  const paged = Math.min(total, SEARCH_PAGE_SIZE * MAX_PAGES);
  return (
    <Pagination
      className="search-pagination"
      current={pageNo}
      pageSize={SEARCH_PAGE_SIZE}
      total={paged}
      showSizeChanger={false}
      showTotal={() => showTotal(total, paged)}
      onChange={onPage}
      responsive
    />
  );
}
