import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorTrendAnswer, TrendPoint } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';

/** 0 increments, 1 totals (§2.6). */
export type TrendType = 0 | 1;
export type TrendDays = 7 | 30 | 90;

export type KolTrend = Pick<CreatorTrendAnswer, 'type' | 'dayNum' | 'trend'>;

const pointDecoder: Decoder<TrendPoint> = object<TrendPoint>({
  dataDate: text,
  fansNum: count,
  playNum: count,
  praiseNum: count,
});

const answerDecoder: Decoder<KolTrend> = object<KolTrend>({
  type: number,
  dayNum: number,
  trend: array(pointDecoder),
});

/** GET /api/kolTrend?kolId=&type=0|1&dayNum=7|30|90 → { type, dayNum, trend } */
export function getKolTrend(
  kolId: number,
  type: TrendType,
  dayNum: TrendDays,
  signal?: AbortSignal,
): Promise<KolTrend> {
  return apiGet('/api/kolTrend', { kolId, type, dayNum }, answerDecoder, { signal });
}

export function kolTrendQueryOptions(kolId: number, type: TrendType, dayNum: TrendDays) {
  return queryOptions({
    queryKey: ['creator', 'trend', kolId, type, dayNum],
    queryFn: ({ signal }) => getKolTrend(kolId, type, dayNum, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useKolTrend(kolId: number, type: TrendType, dayNum: TrendDays) {
  return useQuery(kolTrendQueryOptions(kolId, type, dayNum));
}
