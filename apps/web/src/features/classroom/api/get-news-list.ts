import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsListAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, text, type Decoder } from '../../../lib/decode';
import { newsItemDecoder } from './news-decoders';

export type NewsPage = Omit<NewsListAnswer, 'code' | 'message'>;

const decoder: Decoder<NewsPage> = object<NewsPage>({
  list: array(newsItemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
  categories: array(text),
});

export interface NewsListQuery {
  pageNo: number;
  pageSize: number;
  category: string;
  keyword: string;
}

/** GET /api/newsContentInfoList: the published content reports (category, keyword, paging). */
export function useNewsList(query: NewsListQuery) {
  return useQuery({
    queryKey: ['news', 'list', query],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/newsContentInfoList',
        {
          pageNo: query.pageNo,
          pageSize: query.pageSize,
          category: query.category || undefined,
          keyword: query.keyword || undefined,
        },
        decoder,
        { signal, quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
}
