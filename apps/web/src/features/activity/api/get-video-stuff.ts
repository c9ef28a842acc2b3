import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MaterialDays, MaterialSort, VideoStuffAnswer, VideoStuffRow } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';
import { limitedPageShape, materialInfoShape } from './decoders';

export type VideoStuff = Omit<VideoStuffAnswer, 'code' | 'message'>;

const answerDecoder: Decoder<VideoStuff> = object<VideoStuff>({
  days: count,
  asOf: text,
  materials: array(
    object<VideoStuffRow>({
      ...materialInfoShape,
      rank: count,
      videoNum: count,
      kolNum: count,
      playNum: count,
      prevVideoNum: count,
      growthRate: number,
      hotScore: number,
      trend: array(count),
    }),
  ),
  ...limitedPageShape,
});

export interface VideoStuffQuery {
  tid: number | undefined;
  days: MaterialDays;
  sort: MaterialSort;
  pageNo: number;
  pageSize: number;
}

/** GET /api/videoStuff?tid=&days=7|30|90&sort=hot|videos|plays|rising&pageNo=&pageSize= — background music by use. */
export function getVideoStuff(query: VideoStuffQuery, signal?: AbortSignal): Promise<VideoStuff> {
  return apiGet('/api/videoStuff', { ...query }, answerDecoder, { signal });
}

export function useVideoStuff(query: VideoStuffQuery) {
  return useQuery({
    queryKey: ['activity', 'stuff', query],
    queryFn: ({ signal }) => getVideoStuff(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
