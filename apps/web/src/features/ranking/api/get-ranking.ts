import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RankingAnswer, RankingKind, RankingPeriod, RankingRow } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, boolean, count, nullable, number, object, string, type Decoder } from '../../../lib/decode';
import { kolItemShape } from '../../../lib/item-decoders';

export type Ranking = Pick<
  RankingAnswer,
  | 'kind'
  | 'period'
  | 'date'
  | 'tid'
  | 'periodStart'
  | 'rankings'
  | 'total'
  | 'pageNo'
  | 'pageSize'
  | 'limited'
  | 'limitRows'
  | 'historyDays'
  | 'requiredDays'
>;

export interface RankingQuery {
  kind: RankingKind;
  period: RankingPeriod;
  /** the period start; absent = the latest available */
  date: string | undefined;
  /** 0 or absent = all partitions */
  tid: number | undefined;
  pageNo: number;
  pageSize: number;
}

const rowDecoder: Decoder<RankingRow> = object<RankingRow>({
  ...kolItemShape,
  rank: number,
  value: number,
  delta: nullable(number),
  valueDay: nullable(string),
  baseDay: nullable(string),
});

const kindDecoder: Decoder<RankingKind> = (input, path) => {
  const value = string(input, path);
  return value === 'increase' || value === 'decrease' || value === 'business' ? value : 'fans';
};
const periodDecoder: Decoder<RankingPeriod> = (input, path) => {
  const value = string(input, path);
  return value === 'week' || value === 'month' ? value : 'day';
};

const answerDecoder: Decoder<Ranking> = object<Ranking>({
  kind: kindDecoder,
  period: periodDecoder,
  date: nullable(string),
  periodStart: nullable(string),
  tid: count,
  rankings: array(rowDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
  limited: boolean,
  limitRows: nullable(number),
  historyDays: count,
  requiredDays: count,
});

/** GET /api/ranking?kind=&period=&date=&tid=&pageNo=&pageSize= (fans, increase, decrease, business). */
export function getRanking(query: RankingQuery, signal?: AbortSignal): Promise<Ranking> {
  return apiGet(
    '/api/ranking',
    {
      kind: query.kind,
      period: query.period,
      date: query.date,
      tid: query.tid,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    },
    answerDecoder,
    { signal },
  );
}

export function useRanking(query: RankingQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['ranking', 'kol', query],
    queryFn: ({ signal }) => getRanking(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
