import type { CompanyRankingAnswer, CompanyRankingRow, RankingPeriod } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, nullable, number, object, text, type Decoder } from '../../../lib/decode';
import { rankingPageShape, useRankingPage } from './ranking-page';

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

const answerDecoder: Decoder<CompanyRanking> = object<CompanyRanking>({
  ...rankingPageShape,
  rankings: array(rowDecoder),
});

/** GET /api/companyRanking?period=&date=&pageNo=&pageSize= — MCNs by the total fans of their creators. */
export function getCompanyRanking(query: CompanyRankingQuery, signal?: AbortSignal): Promise<CompanyRanking> {
  return apiGet('/api/companyRanking', { ...query }, answerDecoder, { signal });
}

export function useCompanyRanking(query: CompanyRankingQuery, enabled: boolean) {
  return useRankingPage('company', query, getCompanyRanking, enabled);
}
