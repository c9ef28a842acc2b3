import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { KolVideosAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, type Decoder } from '../../../lib/decode';
import { videoItemDecoder } from './decoders';

export type KolVideoSort = 'pubdate' | 'play' | 'likes';
export type KolVideos = Pick<KolVideosAnswer, 'videoInfos' | 'total' | 'pageNo' | 'pageSize'>;

const answerDecoder: Decoder<KolVideos> = object<KolVideos>({
  videoInfos: array(videoItemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
});

/** GET /api/kolVideos?kolId=&sort=pubdate|play|likes&pageNo=&pageSize= (deleted videos listed with status −1). */
export function getKolVideos(
  kolId: number,
  sort: KolVideoSort,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<KolVideos> {
  return apiGet('/api/kolVideos', { kolId, sort, pageNo, pageSize }, answerDecoder, { signal });
}

export function useKolVideos(kolId: number, sort: KolVideoSort, pageNo: number, pageSize: number) {
  return useQuery(
    queryOptions({
      queryKey: ['creator', 'videos', kolId, sort, pageNo, pageSize],
      queryFn: ({ signal }) => getKolVideos(kolId, sort, pageNo, pageSize, signal),
      placeholderData: keepPreviousData,
      staleTime: 5 * 60_000,
    }),
  );
}
