import type { RankingAnswer, RankingKind, RankingPeriod, RankingRow } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, type Decoder } from '../../../lib/decode';
import { rankingPageShape, useRankingPage } from './ranking-page';
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

const answerDecoder: Decoder<Ranking> = object<Ranking>({
  ...rankingPageShape,
  kind: kindDecoder,
  tid: count,
  rankings: array(rowDecoder),
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
  return useRankingPage('kol', query, getRanking, enabled);
}
