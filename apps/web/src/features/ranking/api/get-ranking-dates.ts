import { useQuery } from '@tanstack/react-query';
import type { RankingKind, RankingPeriod } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, object, string, type Decoder } from '../../../lib/decode';

export type RankingDatesKind = RankingKind | 'company';

const answerDecoder: Decoder<{ dates: string[] }> = object({ dates: array(string) });

/** GET /api/rankingDates?kind=&period= → the period starts that have a ranking, newest first (≤ 90). */
export async function getRankingDates(
  kind: RankingDatesKind,
  period: RankingPeriod,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await apiGet('/api/rankingDates', { kind, period }, answerDecoder, { signal });
  return answer.dates;
}

export function useRankingDates(kind: RankingDatesKind, period: RankingPeriod) {
  return useQuery({
    queryKey: ['ranking', 'dates', kind, period],
    queryFn: ({ signal }) => getRankingDates(kind, period, signal),
    staleTime: 10 * 60_000,
  });
}
