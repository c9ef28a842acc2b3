import type { KolItem, VideoItem } from '@xg/shared';
import { count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

/** KolItem of docs/api/discovery.md (raw numbers; formatting on screen, §9). */
export const kolItemDecoder: Decoder<KolItem> = object<KolItem>({
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
});

/** VideoItem of docs/api/discovery.md. */
export const videoItemDecoder: Decoder<VideoItem> = object<VideoItem>({
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
});
