import type { PriceInfo } from '@xg/shared';
import { nullable, number, object, string, type Decoder } from '../../../lib/decode';
import { sampleWindowDecoder } from '../../../lib/item-decoders';

export { kolItemDecoder, videoItemDecoder } from '../../../lib/item-decoders';

/** The commercial estimate (yuan; null parts not computed). */
export const priceInfoDecoder: Decoder<PriceInfo> = object<PriceInfo>({
  videoPrice: nullable(number),
  implantationPrice: nullable(number),
  normalPrice: nullable(number),
  specialPrice: nullable(number),
  weekVideoNum: nullable(number),
  weekAvgPlayNum: nullable(number),
  avgPraiseNum: nullable(number),
  sampleWindow: sampleWindowDecoder,
  updateTime: nullable(string),
  method: nullable(string),
});
