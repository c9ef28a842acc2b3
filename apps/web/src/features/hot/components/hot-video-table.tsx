import type { VideoItem } from '@xg/shared';
import { useQueryState } from '../../../components/list-filters';
import { VideoTable, type VideoTableProps } from '../../../components/ranked-list';
import { HOT_PAGE_SIZE } from './hot-common';

interface HotVideoTableProps<T extends VideoItem> extends Omit<
  VideoTableProps<T>,
  'videos' | 'loading' | 'pagination'
> {
  /** the page of videos being read */
  query: { data: { videoInfos: T[]; total: number } | undefined; isPending: boolean; isPlaceholderData: boolean };
  /** the screen's path: a page change writes `page` into its query (the page read is `page` of the URL) */
  path: string;
}

/** The videos of a hot list (hot, recommended): one page of HOT_PAGE_SIZE, the page in the URL. */
export function HotVideoTable<T extends VideoItem>({ query, path, ...table }: HotVideoTableProps<T>) {
  const { int, set } = useQueryState();
  const pageNo = int('page') ?? 1;
  return (
    <VideoTable<T>
      {...table}
      videos={query.data?.videoInfos ?? []}
      loading={query.isPending || query.isPlaceholderData}
      pagination={{
        current: pageNo,
        pageSize: HOT_PAGE_SIZE,
        total: query.data?.total ?? 0,
        onChange: (page) => set(path, { page }),
      }}
    />
  );
}
