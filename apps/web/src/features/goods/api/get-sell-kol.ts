import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SellKolAnswer, SellKolRow, SellKolSort } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, object, string, type Decoder } from '../../../lib/decode';
import { salesShape } from './decoders';

export type SellKols = Pick<SellKolAnswer, 'list' | 'total' | 'pageNo' | 'pageSize' | 'days'>;

const decoder: Decoder<SellKols> = object<SellKols>({
  list: array(
    object<SellKolRow>({
      ...salesShape,
      kolId: count,
      kolName: string,
      kolImg: string,
      kolUid: count,
      fansNum: count,
      sellVideoNum: count,
      videoNum: count,
      goodsNum: count,
      playNum: count,
      categories: array(string),
      topGoods: array(object<{ goodsId: number; title: string }>({ goodsId: count, title: string })),
      lastSellAt: nullable(string),
    }),
  ),
  total: count,
  pageNo: count,
  pageSize: count,
  days: count,
});

export interface SellKolQuery {
  keyword: string | undefined;
  categoryId: number | undefined;
  days: number;
  sort: SellKolSort;
  pageNo: number;
  pageSize: number;
}

/** GET /api/goods/sellKol (docs/api/commerce.md). */
export function getSellKols(q: SellKolQuery, signal?: AbortSignal): Promise<SellKols> {
  return apiGet('/api/goods/sellKol', { ...q }, decoder, { signal });
}

export function useSellKols(q: SellKolQuery) {
  return useQuery({
    queryKey: ['goods', 'sellKol', q],
    queryFn: ({ signal }) => getSellKols(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
