import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  GOODS_RANK_BY,
  GOODS_RANK_PERIODS,
  type GoodsPlatform,
  type GoodsRankAnswer,
  type GoodsRankBy,
  type GoodsRankPeriod,
  type GoodsRankRow,
} from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { DecodeError, array, count, nullable, object, string, type Decoder } from '../../../lib/decode';
import { goodsItemShape, salesShape } from './decoders';

export type GoodsRank = Pick<GoodsRankAnswer, 'list' | 'total' | 'pageNo' | 'pageSize' | 'period' | 'by' | 'endDay'>;

function oneOf<T extends string>(values: readonly T[]): Decoder<T> {
  return (input, path) => {
    const s = string(input, path);
    const found = values.find((v) => v === s);
    if (!found) throw new DecodeError(path, values.join('|'));
    return found;
  };
}

const decoder: Decoder<GoodsRank> = object<GoodsRank>({
  list: array(
    object<GoodsRankRow>({
      ...goodsItemShape,
      ...salesShape,
      rank: count,
      periodPlayNum: count,
      periodVideoNum: count,
    }),
  ),
  total: count,
  pageNo: count,
  pageSize: count,
  period: oneOf(GOODS_RANK_PERIODS),
  by: oneOf(GOODS_RANK_BY),
  endDay: nullable(string),
});

export interface GoodsRankQuery {
  by: GoodsRankBy;
  period: GoodsRankPeriod;
  categoryId: number | undefined;
  platform: GoodsPlatform | undefined;
  pageNo: number;
  pageSize: number;
}

/** GET /api/goods/rank (docs/api/commerce.md). */
export function getGoodsRank(q: GoodsRankQuery, signal?: AbortSignal): Promise<GoodsRank> {
  return apiGet('/api/goods/rank', { ...q }, decoder, { signal });
}

export function useGoodsRank(q: GoodsRankQuery) {
  return useQuery({
    queryKey: ['goods', 'rank', q],
    queryFn: ({ signal }) => getGoodsRank(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
