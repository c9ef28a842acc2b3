import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityDetailAnswer, PartitionShare } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';
import {
  activityFiguresShape,
  activityInfoDecoder,
  topKolDecoder,
  trendPointDecoder,
  videoItemDecoder,
} from './decoders';

export type ActivityDetail = Omit<ActivityDetailAnswer, 'code' | 'message'>;
export type ActivityVideoSort = 'play' | 'time';

const answerDecoder: Decoder<ActivityDetail> = object<ActivityDetail>({
  activity: activityInfoDecoder,
  overview: object<ActivityDetail['overview']>({ ...activityFiguresShape, avgPlayNum: count }),
  trend: array(trendPointDecoder),
  partitions: array(object<PartitionShare>({ tid: number, name: text, videoNum: count, playNum: count })),
  topKols: array(topKolDecoder),
  videoInfos: array(videoItemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
});

export interface ActivityDetailQuery {
  activityId: number;
  sort: ActivityVideoSort;
  pageNo: number;
  pageSize: number;
}

/** GET /api/activityDetail?activityId=&sort=play|time&pageNo=&pageSize= */
export function getActivityDetail(query: ActivityDetailQuery, signal?: AbortSignal): Promise<ActivityDetail> {
  return apiGet('/api/activityDetail', { ...query }, answerDecoder, { signal });
}

export function useActivityDetail(query: ActivityDetailQuery | null) {
  return useQuery({
    queryKey: ['activity', 'detail', query],
    queryFn: ({ signal }) => {
      if (!query) throw new Error('no activity');
      return getActivityDetail(query, signal);
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
