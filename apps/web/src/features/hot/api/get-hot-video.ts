import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HotVideoAnswer, HotVideoItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, type Decoder } from '../../../lib/decode';
import { videoItemShape } from './decoders';

export type HotVideoDays = 1 | 3 | 7;
export type HotVideos = Pick<HotVideoAnswer, 'videoInfos' | 'total' | 'pageNo' | 'pageSize'>;

const answerDecoder: Decoder<HotVideos> = object<HotVideos>({
  videoInfos: array(object<HotVideoItem>({ ...videoItemShape, rank: number, hotScore: number })),
  total: count,
  pageNo: count,
  pageSize: count,
});

export interface HotVideoQuery {
  tid: number | undefined;
  days: HotVideoDays;
  pageNo: number;
  pageSize: number;
}

/** GET /api/hotVideo?tid=&days=1|3|7&pageNo=&pageSize= — videos published within `days`, by hot score. */
export function getHotVideo(query: HotVideoQuery, signal?: AbortSignal): Promise<HotVideos> {
  return apiGet('/api/hotVideo', { ...query }, answerDecoder, { signal });
}

export function useHotVideo(query: HotVideoQuery) {
  return useQuery({
    queryKey: ['hot', 'video', query],
    queryFn: ({ signal }) => getHotVideo(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
