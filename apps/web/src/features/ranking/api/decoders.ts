import type { KolItem } from '@xg/shared';
import { count, nullable, number, string, text, type Decoder } from '../../../lib/decode';

/** KolItem of docs/api/discovery.md. */
export const kolItemShape = {
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  isApprove: count,
  fansNum: count,
  themeName: nullable(string),
  platformLevel: count,
  gender: count,
  indexNum: count,
  playNum: count,
  praiseNum: count,
  videoNum: count,
  isLive: count,
  mcnName: nullable(string),
  fansIncrease: nullable(number),
  isCollect: count,
  isPut: count,
  isEnter: count,
} satisfies { [K in keyof KolItem]-?: Decoder<KolItem[K]> };
