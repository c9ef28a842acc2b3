import { useQuery } from '@tanstack/react-query';
import type { NewsDetailAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, object, text, type Decoder } from '../../../lib/decode';
import { newsItemDecoder } from './news-decoders';

export type NewsDetail = Omit<NewsDetailAnswer, 'code' | 'message'>;

const decoder: Decoder<NewsDetail> = object<NewsDetail>({
  detail: (input, path) => ({
    ...newsItemDecoder(input, path),
    bodyMd: text((input as { bodyMd?: unknown }).bodyMd, `${path}.bodyMd`),
  }),
  related: array(newsItemDecoder),
});

/** GET /api/newsContentInfoDetail?id: a published report with its Markdown body and related reports. */
export function useNewsDetail(id: number | null) {
  return useQuery({
    queryKey: ['news', 'detail', id],
    queryFn: ({ signal }) => apiGet('/api/newsContentInfoDetail', { id: id ?? 0 }, decoder, { signal, quiet: true }),
    enabled: id !== null,
    retry: false,
  });
}
