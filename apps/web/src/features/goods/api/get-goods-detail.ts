import { useQuery } from '@tanstack/react-query';
import {
  GOODS_SOURCES,
  type GoodsDetailAnswer,
  type GoodsItem,
  type GoodsKol,
  type GoodsPricePoint,
  type GoodsTrendPoint,
  type GoodsVideo,
  type SalesEstimate,
} from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { DecodeError, array, boolean, count, number, object, string, type Decoder } from '../../../lib/decode';
import { goodsItemShape, salesShape } from './decoders';

export type GoodsDetail = Pick<GoodsDetailAnswer, 'goods' | 'sales' | 'prices' | 'trend' | 'videos' | 'kols'>;

const source: Decoder<GoodsVideo['source']> = (input, path) => {
  const s = string(input, path);
  const found = GOODS_SOURCES.find((x) => x === s);
  if (!found) throw new DecodeError(path, 'source');
  return found;
};

const decoder: Decoder<GoodsDetail> = object<GoodsDetail>({
  goods: object<GoodsItem>(goodsItemShape),
  sales: object<SalesEstimate & { days: number }>({ ...salesShape, days: count }),
  prices: array(object<GoodsPricePoint>({ day: string, price: number, low: number, high: number })),
  trend: array(object<GoodsTrendPoint>({ day: string, newVideoNum: count, playNum: count, salesMid: count })),
  videos: array(
    object<GoodsVideo>({
      videoId: count,
      aid: count,
      bvid: string,
      title: string,
      cover: string,
      pubdate: string,
      playNum: count,
      kolId: count,
      kolName: string,
      kolImg: string,
      source,
      sourceName: string,
      link: string,
      evidence: string,
      firstSeen: string,
      sponsored: boolean,
    }),
  ),
  kols: array(
    object<GoodsKol>({
      kolId: count,
      kolName: string,
      kolImg: string,
      fansNum: count,
      videoNum: count,
      playNum: count,
    }),
  ),
});

/** GET /api/goods/detail?goodsId=&days= (docs/api/commerce.md). */
export function getGoodsDetail(goodsId: number, days: number, signal?: AbortSignal): Promise<GoodsDetail> {
  return apiGet('/api/goods/detail', { goodsId, days }, decoder, { signal });
}

export function useGoodsDetail(goodsId: number | undefined, days: number) {
  return useQuery({
    queryKey: ['goods', 'detail', goodsId, days],
    queryFn: ({ signal }) => getGoodsDetail(goodsId ?? 0, days, signal),
    enabled: goodsId !== undefined,
    staleTime: 60_000,
  });
}
