import type { VideoDayPoint, VideoDetailInfo } from '@xg/shared';
import { count, nullable, number, object, text, type Decoder } from '../../../lib/decode';
import { videoItemShape } from '../../../lib/item-decoders';

/** videoInfo of GET /api/videoDetail (VideoItem plus summary, the activity, updateTime). */
export const videoDetailDecoder: Decoder<VideoDetailInfo> = object<VideoDetailInfo>({
  ...videoItemShape,
  summary: text,
  activityId: nullable(number),
  activityName: nullable(text),
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
