import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyRankingAnswer, CompanyRankingRow, RankingPeriod } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, boolean, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

export type CompanyRanking = Pick<
  CompanyRankingAnswer,
  'period' | 'date' | 'periodStart' | 'rankings' | 'total' | 'pageNo' | 'pageSize' | 'limited' | 'limitRows'
>;

export interface CompanyRankingQuery {
  period: RankingPeriod;
  date: string | undefined;
  pageNo: number;
  pageSize: number;
}

const rowDecoder: Decoder<CompanyRankingRow> = object<CompanyRankingRow>({
  rank: number,
  mcnId: number,
  mcnName: text,
  kolNum: nullable(number),
  fansNum: nullable(number),
  value: number,
  delta: nullable(number),
});

const periodDecoder: Decoder<RankingPeriod> = (input, path) => {
  const value = string(input, path);
  return value === 'week' || value === 'month' ? value : 'day';
};

const answerDecoder: Decoder<CompanyRanking> = object<CompanyRanking>({
  period: periodDecoder,
  date: nullable(string),
  periodStart: nullable(string),
  rankings: array(rowDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
  limited: boolean,
  limitRows: nullable(number),
});

/** GET /api/companyRanking?period=&date=&pageNo=&pageSize= — MCNs by the total fans of their creators. */
export function getCompanyRanking(query: CompanyRankingQuery, signal?: AbortSignal): Promise<CompanyRanking> {
  return apiGet('/api/companyRanking', { ...query }, answerDecoder, { signal });
}

export function useCompanyRanking(query: CompanyRankingQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['ranking', 'company', query],
    queryFn: ({ signal }) => getCompanyRanking(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
