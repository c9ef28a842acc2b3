import type { VideoDayPoint, VideoDetailInfo } from '@xg/shared';
import { count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

/** videoInfo of GET /api/videoDetail (VideoItem plus summary, activityExists, updateTime). */
export const videoDetailDecoder: Decoder<VideoDetailInfo> = object<VideoDetailInfo>({
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
  summary: text,
  activityExists: count,
  updateTime: text,
});

export const dayPointDecoder: Decoder<VideoDayPoint> = object<VideoDayPoint>({
  dataDate: text,
  playNum: number,
  praiseNum: number,
  castCurrencyNum: number,
  collectNum: number,
  commentNum: number,
  barrageNum: number,
  shareNum: number,
});
