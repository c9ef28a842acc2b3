import type { VideoItem } from '@xg/shared';
import { count, nullable, number, string, text, type Decoder } from '../../../lib/decode';

/** VideoItem of docs/api/discovery.md, as a shape to extend (hotScore, rank, interactRate). */
export const videoItemShape = {
  videoId: number,
  aid: number,
  bvid: text,
  title: text,
  coverImg: text,
  playDuration: count,
  publishTime: text,
  status: count,
  isReprint: count,
  isActivity: count,
  tid: nullable(number),
  themeName: nullable(string),
  sourceUrl: text,
  playNum: count,
  praiseNum: count,
  castCurrencyNum: count,
  collectNum: count,
  commentNum: count,
  barrageNum: count,
  shareNum: count,
  kolId: number,
  kolName: text,
  kolImg: text,
} satisfies { [K in keyof VideoItem]-?: Decoder<VideoItem[K]> };
