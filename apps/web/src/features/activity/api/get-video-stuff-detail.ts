import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MaterialDays, VideoStuffDetailAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, type Decoder } from '../../../lib/decode';
import { materialInfoDecoder, topKolDecoder, trendPointDecoder, videoItemDecoder } from './decoders';

export type VideoStuffDetail = Omit<VideoStuffDetailAnswer, 'code' | 'message'>;

const answerDecoder: Decoder<VideoStuffDetail> = object<VideoStuffDetail>({
  material: materialInfoDecoder,
  days: count,
  figures: object<VideoStuffDetail['figures']>({ videoNum: count, kolNum: count, playNum: count, allVideoNum: count }),
  trend: array(trendPointDecoder),
  topKols: array(topKolDecoder),
  videoInfos: array(videoItemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
});

export interface VideoStuffDetailQuery {
  materialId: number;
  days: MaterialDays;
  pageNo: number;
  pageSize: number;
}

/** GET /api/videoStuffDetail?materialId=&days=&pageNo=&pageSize= — one material's figures and videos. */
export function getVideoStuffDetail(query: VideoStuffDetailQuery, signal?: AbortSignal): Promise<VideoStuffDetail> {
  return apiGet('/api/videoStuffDetail', { ...query }, answerDecoder, { signal });
}

export function useVideoStuffDetail(query: VideoStuffDetailQuery | null) {
  return useQuery({
    queryKey: ['activity', 'stuff-detail', query],
    queryFn: ({ signal }) => {
      if (!query) throw new Error('no material');
      return getVideoStuffDetail(query, signal);
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
