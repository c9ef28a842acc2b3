import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RankingAnswer, RankingPeriod } from '@xg/shared';
import { boolean, count, nullable, number, string, type Decoder, type Shape } from '../../../lib/decode';

/** What every ranking answer (creators, MCNs) says besides its rows: the window, the page, the free tier's cap. */
export type RankingPageInfo = Pick<
  RankingAnswer,
  'period' | 'date' | 'periodStart' | 'total' | 'pageNo' | 'pageSize' | 'limited' | 'limitRows'
>;

const periodDecoder: Decoder<RankingPeriod> = (input, path) => {
  const value = string(input, path);
  return value === 'week' || value === 'month' ? value : 'day';
};

export const rankingPageShape: Shape<RankingPageInfo> = {
  period: periodDecoder,
  date: nullable(string),
  periodStart: nullable(string),
  total: count,
  pageNo: count,
  pageSize: count,
  limited: boolean,
  limitRows: nullable(number),
};

/** A page of a ranking (`board`: kol, company) for its query, kept on screen while the next page loads. */
export function useRankingPage<Q, R>(
  board: string,
  query: Q,
  get: (query: Q, signal: AbortSignal) => Promise<R>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['ranking', board, query],
    queryFn: ({ signal }) => get(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
