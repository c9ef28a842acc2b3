import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityDays, ActivitySort, HotActivityAnswer, HotActivityRow } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { activityFiguresShape, activityInfoShape, limitedPageShape } from './decoders';

export type HotActivities = Omit<HotActivityAnswer, 'code' | 'message'>;

const answerDecoder: Decoder<HotActivities> = object<HotActivities>({
  days: count,
  asOf: text,
  activities: array(
    object<HotActivityRow>({
      ...activityInfoShape,
      ...activityFiguresShape,
      rank: count,
      hotScore: number,
      mainThemeName: nullable(string),
    }),
  ),
  ...limitedPageShape,
});

export interface HotActivityQuery {
  tid: number | undefined;
  days: ActivityDays;
  sort: ActivitySort;
  pageNo: number;
  pageSize: number;
}

/** GET /api/hotActivity?tid=&days=7|30|90&sort=&pageNo=&pageSize= — activities of the window by hot score. */
export function getHotActivity(query: HotActivityQuery, signal?: AbortSignal): Promise<HotActivities> {
  return apiGet('/api/hotActivity', { ...query }, answerDecoder, { signal });
}

export function useHotActivity(query: HotActivityQuery) {
  return useQuery({
    queryKey: ['activity', 'hot', query],
    queryFn: ({ signal }) => getHotActivity(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
