import { useQuery } from '@tanstack/react-query';
import type { RankingKind, RankingPeriod } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, string, type Decoder } from '../../../lib/decode';

export type RankingDatesKind = RankingKind | 'company';

export interface RankingDates {
  dates: string[];
  /** days of history up to the newest snapshot, and what a full list of the period needs */
  historyDays: number;
  requiredDays: number;
}

const answerDecoder: Decoder<RankingDates> = object<RankingDates>({
  dates: array(string),
  historyDays: count,
  requiredDays: count,
});

/** GET /api/rankingDates?kind=&period= → the period starts that have a ranking, newest first (≤ 90). */
export async function getRankingDates(
  kind: RankingDatesKind,
  period: RankingPeriod,
  signal?: AbortSignal,
): Promise<RankingDates> {
  return apiGet('/api/rankingDates', { kind, period }, answerDecoder, { signal });
}

export function useRankingDates(kind: RankingDatesKind, period: RankingPeriod) {
  return useQuery({
    queryKey: ['ranking', 'dates', kind, period],
    queryFn: ({ signal }) => getRankingDates(kind, period, signal),
    staleTime: 10 * 60_000,
  });
}
