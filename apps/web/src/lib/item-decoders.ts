import type { AttentionFanEvent, AttentionVideo, KolItem, VideoItem } from '@xg/shared';
import { count, nullable, number, object, string, text, type Decoder } from './decode';

/**
 * Decoders of the list items several features show (docs/api/discovery.md): creators (KolItem) and videos
 * (VideoItem). The shapes are exported so a feature can extend an item with its own fields.
 */
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

export const kolItemDecoder: Decoder<KolItem> = object<KolItem>(kolItemShape);

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

export const videoItemDecoder: Decoder<VideoItem> = object<VideoItem>(videoItemShape);

/** A new video of a monitored creator (upAttention, the dashboard's monitor card). */
export const attentionVideoDecoder: Decoder<AttentionVideo> = object<AttentionVideo>({
  videoId: number,
  title: text,
  publishTime: text,
  playNum: count,
});

/** A fan event (docs/metrics.md) of a monitored creator. */
export const fanEventDecoder: Decoder<AttentionFanEvent> = object<AttentionFanEvent>({
  day: text,
  kind: (input, path) => (string(input, path) === 'drop' ? 'drop' : 'rise'),
  delta: number,
});

/** The weekly figures' sample window (shared SampleWindow): 0, 7, 30 or 90; anything else (or none) is unknown. */
export const sampleWindowDecoder: Decoder<0 | 7 | 30 | 90 | null> = (input, path) => {
  if (input === null || input === undefined) return null;
  const value = number(input, path);
  return value === 0 || value === 7 || value === 30 || value === 90 ? value : null;
};
