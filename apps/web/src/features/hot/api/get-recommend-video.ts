import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecommendVideoAnswer, RecommendVideoItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, type Decoder } from '../../../lib/decode';
import { videoItemShape } from './decoders';

export type RecommendVideos = Pick<RecommendVideoAnswer, 'videoInfos' | 'total' | 'pageNo' | 'pageSize'>;

const answerDecoder: Decoder<RecommendVideos> = object<RecommendVideos>({
  videoInfos: array(object<RecommendVideoItem>({ ...videoItemShape, interactRate: number })),
  total: count,
  pageNo: count,
  pageSize: count,
});

/** GET /api/recommendVideo?tid=&pageNo=&pageSize= — recent videos with high engagement. */
export function getRecommendVideo(tid: number | undefined, pageNo: number, pageSize: number, signal?: AbortSignal) {
  return apiGet('/api/recommendVideo', { tid, pageNo, pageSize }, answerDecoder, { signal });
}

export function useRecommendVideo(tid: number | undefined, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['hot', 'recommend', tid, pageNo, pageSize],
    queryFn: ({ signal }) => getRecommendVideo(tid, pageNo, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
