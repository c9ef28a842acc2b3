import type { ActivityInfo, ActivityState, ActivityTrendPoint, MaterialInfo, MaterialKind, TopKol } from '@xg/shared';
import { DecodeError, boolean, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

export { videoItemDecoder } from '../../../lib/item-decoders';

const activityState: Decoder<ActivityState> = (input, path) => {
  const n = count(input, path);
  if (n === 0 || n === 1 || n === 2) return n;
  throw new DecodeError(path, 'activity state 0, 1 or 2');
};

const materialKind: Decoder<MaterialKind> = (input, path) => {
  if (input === 'bgm') return input;
  throw new DecodeError(path, "material kind 'bgm'");
};

export const activityInfoShape = {
  activityId: number,
  activityName: nullable(string),
  actUrl: text,
  cover: text,
  description: text,
  startTime: nullable(string),
  endTime: nullable(string),
  state: activityState,
};

export const activityFiguresShape = {
  videoNum: count,
  kolNum: count,
  playNum: count,
  praiseNum: count,
  interactNum: count,
};

export const activityInfoDecoder: Decoder<ActivityInfo> = object<ActivityInfo>(activityInfoShape);

export const materialInfoShape = {
  materialId: number,
  kind: materialKind,
  name: text,
  tagName: text,
  musicId: text,
  musicUrl: text,
};

export const materialInfoDecoder: Decoder<MaterialInfo> = object<MaterialInfo>(materialInfoShape);

export const trendPointDecoder: Decoder<ActivityTrendPoint> = object<ActivityTrendPoint>({
  dataDate: text,
  videoNum: count,
  playNum: count,
});

export const topKolDecoder: Decoder<TopKol> = object<TopKol>({
  kolId: number,
  kolName: text,
  kolImg: text,
  fansNum: count,
  videoNum: count,
  playNum: count,
});

/** The page and tier-limit fields of the ranked lists. */
export const limitedPageShape = {
  total: count,
  pageNo: count,
  pageSize: count,
  limited: boolean,
  limitRows: nullable(number),
};
