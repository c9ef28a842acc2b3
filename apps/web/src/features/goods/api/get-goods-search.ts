import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoodsItem, GoodsPlatform, GoodsSearchAnswer, GoodsSearchSort } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, type Decoder } from '../../../lib/decode';
import { goodsItemShape } from './decoders';

export type GoodsSearch = Pick<GoodsSearchAnswer, 'list' | 'total' | 'pageNo' | 'pageSize'>;
const decoder: Decoder<GoodsSearch> = object<GoodsSearch>({
  list: array(object<GoodsItem>(goodsItemShape)),
  total: count,
  pageNo: count,
  pageSize: count,
});

export interface GoodsSearchQuery {
  keyword: string | undefined;
  categoryId: number | undefined;
  platform: GoodsPlatform | undefined;
  priceMin: number | undefined;
  priceMax: number | undefined;
  days: number;
  sort: GoodsSearchSort;
  pageNo: number;
  pageSize: number;
}

/** GET /api/goods/search (docs/api/commerce.md). */
export function getGoodsSearch(q: GoodsSearchQuery, signal?: AbortSignal): Promise<GoodsSearch> {
  return apiGet('/api/goods/search', { ...q }, decoder, { signal });
}

export function useGoodsSearch(q: GoodsSearchQuery) {
  return useQuery({
    queryKey: ['goods', 'search', q],
    queryFn: ({ signal }) => getGoodsSearch(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
