import type { GoodsItem, GoodsPlatform, SalesEstimate } from '@xg/shared';
import { GOODS_PLATFORMS } from '@xg/shared';
import { DecodeError, count, nullable, number, string, type Decoder, type Shape } from '../../../lib/decode';

const platform: Decoder<GoodsPlatform> = (input, path) => {
  const s = string(input, path);
  const found = GOODS_PLATFORMS.find((p) => p === s);
  if (!found) throw new DecodeError(path, 'platform');
  return found;
};

const yes: Decoder<true> = (input, path) => {
  if (input !== true) throw new DecodeError(path, 'true');
  return true;
};

/** GoodsItem (packages/shared/src/commerce.ts). */
export const goodsItemShape: Shape<GoodsItem> = {
  goodsId: count,
  platform,
  platformName: string,
  itemId: string,
  title: string,
  price: nullable(number),
  shop: string,
  brandId: nullable(count),
  brandName: nullable(string),
  categoryId: count,
  categoryName: string,
  cover: string,
  url: string,
  firstSeen: string,
  lastSeen: string,
  videoNum: count,
  kolNum: count,
  playNum: count,
};

/** A sales estimate: always a range (docs/metrics.md "Sales estimates"). */
export const salesShape: Shape<SalesEstimate> = {
  estimated: yes,
  salesLow: count,
  salesMid: count,
  salesHigh: count,
  gmvLow: count,
  gmvHigh: count,
};
