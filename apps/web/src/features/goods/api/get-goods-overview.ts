import { useQuery } from '@tanstack/react-query';
import { GOODS_PLATFORMS, type GoodsItem, type GoodsOverviewAnswer, type GoodsPlatform } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { DecodeError, array, count, object, string, type Decoder } from '../../../lib/decode';
import { goodsItemShape } from './decoders';

export type GoodsOverview = Pick<
  GoodsOverviewAnswer,
  'days' | 'totals' | 'byCategory' | 'byPlatform' | 'trend' | 'topGoods'
>;

const platform: Decoder<GoodsPlatform> = (input, path) => {
  const s = string(input, path);
  const found = GOODS_PLATFORMS.find((p) => p === s);
  if (!found) throw new DecodeError(path, 'platform');
  return found;
};

const decoder: Decoder<GoodsOverview> = object<GoodsOverview>({
  days: count,
  totals: object<GoodsOverview['totals']>({
    goodsNum: count,
    videoNum: count,
    kolNum: count,
    sponsoredVideoNum: count,
    sellingVideoNum: count,
  }),
  byCategory: array(
    object<GoodsOverview['byCategory'][number]>({
      categoryId: count,
      categoryName: string,
      goodsNum: count,
      videoNum: count,
    }),
  ),
  byPlatform: array(
    object<GoodsOverview['byPlatform'][number]>({ platform, platformName: string, goodsNum: count, videoNum: count }),
  ),
  trend: array(
    object<GoodsOverview['trend'][number]>({
      day: string,
      sellingVideoNum: count,
      sponsoredVideoNum: count,
      newGoodsNum: count,
    }),
  ),
  topGoods: array(object<GoodsItem>(goodsItemShape)),
});

/** GET /api/goods/overview?days=7|30|90 (docs/api/commerce.md). */
export function getGoodsOverview(days: number, signal?: AbortSignal): Promise<GoodsOverview> {
  return apiGet('/api/goods/overview', { days }, decoder, { signal });
}

export function useGoodsOverview(days: number) {
  return useQuery({
    queryKey: ['goods', 'overview', days],
    queryFn: ({ signal }) => getGoodsOverview(days, signal),
    staleTime: 60_000,
  });
}
