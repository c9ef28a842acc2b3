import type { PkCreator } from '@xg/shared';
import { count, number, object, text, type Decoder } from '../../../lib/decode';

export const pkCreatorDecoder: Decoder<PkCreator> = object<PkCreator>({
  kolId: count,
  kolName: text,
  kolImg: text,
  fansNum: number,
  weekGain: number,
});
