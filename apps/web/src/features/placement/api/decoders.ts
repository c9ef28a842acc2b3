import type { MonitorDuration, MonitorPoint, MonitorState, PutRecord, ReportFigures, WorkPreview } from '@xg/shared';
import { DecodeError, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

/** A value that must be one of `values` (a state, a duration …). */
export const oneOf =
  <T extends string | number>(values: readonly T[]): Decoder<T> =>
  (input, path) => {
    const found = values.find((v) => v === input);
    if (found === undefined) throw new DecodeError(path, values.join('|'));
    return found;
  };

export const monitorStateDecoder = oneOf<MonitorState>(['none', 'waiting', 'monitoring', 'after', 'ended']);
export const durationDecoder = oneOf<MonitorDuration>([0, 1, 2, 3, 7]);

export const workPreviewDecoder: Decoder<WorkPreview> = object<WorkPreview>({
  flag: oneOf([-1, 0, 1, 2, 3] as const),
  coverImg: nullable(string),
  kolName: nullable(text),
  kolImg: nullable(string),
  kolId: nullable(number),
  publishTime: nullable(string),
  title: nullable(text),
  videoId: nullable(number),
  bvid: nullable(string),
});

export const putRecordDecoder: Decoder<PutRecord> = object<PutRecord>({
  recordId: number,
  addType: oneOf([1, 2] as const),
  tId: nullable(number),
  groupName: nullable(text),
  type: oneOf([1, 2] as const),
  videoUrl: nullable(string),
  promotionCost: string,
  monitorDuration: durationDecoder,
  kolToken: nullable(number),
  kolName: nullable(text),
  kolImg: nullable(string),
  sTime: nullable(string),
  eTime: nullable(string),
  workState: oneOf(['ready', 'collecting', 'awaiting'] as const),
  monitorState: monitorStateDecoder,
  videoId: nullable(number),
  bvid: nullable(string),
  title: nullable(text),
  coverImg: nullable(string),
  publishTime: nullable(string),
  playNum: nullable(count),
  candidate: nullable(
    object<NonNullable<PutRecord['candidate']>>({
      videoId: number,
      title: text,
      publishTime: string,
      coverImg: string,
    }),
  ),
  createTime: string,
});

const countsShape = {
  playNum: count,
  praiseNum: count,
  castCurrencyNum: count,
  collectNum: count,
  shareNum: count,
  commentNum: count,
  barrageNum: count,
};
export const pointDecoder: Decoder<MonitorPoint> = object<MonitorPoint>({ ts: string, ...countsShape });
const increaseDecoder: Decoder<Omit<MonitorPoint, 'ts'>> = object<Omit<MonitorPoint, 'ts'>>({
  playNum: number,
  praiseNum: number,
  castCurrencyNum: number,
  collectNum: number,
  shareNum: number,
  commentNum: number,
  barrageNum: number,
});

export const figuresDecoder: Decoder<ReportFigures> = object<ReportFigures>({
  first: nullable(pointDecoder),
  last: nullable(pointDecoder),
  increase: nullable(increaseDecoder),
  samples: count,
  slotsDue: count,
  cpm: nullable(string),
  costPerEngagement: nullable(string),
  engagements: nullable(count),
  expected: nullable(
    object<NonNullable<ReportFigures['expected']>>({
      ageHours: number,
      low: number,
      median: number,
      high: number,
      videos: count,
    }),
  ),
  versusExpected: nullable(number),
});
