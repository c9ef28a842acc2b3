import type {
  OpinionItem,
  OpinionRules,
  OpinionScope,
  OpinionSource,
  OpinionTask,
  OpinionTaskKind,
  OpinionWarning,
  SentimentLabel,
  WarnRule,
  WarnState,
} from '@xg/shared';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

/** Decoders of the opinion answers (packages/shared/src/opinion.ts). */
export const OPINION_QUERY_ROOT = ['opinion'] as const;

function oneOf<T extends string | number>(values: readonly T[]): Decoder<T> {
  return (input, path) => {
    if (values.includes(input as T)) return input as T;
    throw new Error(`${path}: unexpected ${String(input)}`);
  };
}

export const sentimentDecoder = nullable(oneOf<SentimentLabel>(['positive', 'neutral', 'negative']));

const rulesDecoder = object<OpinionRules>({
  negThreshold: number,
  minVolume: count,
  spikeFactor: number,
  watchWords: array(string),
});

export const taskDecoder: Decoder<OpinionTask> = object<OpinionTask>({
  id: number,
  kind: oneOf<OpinionTaskKind>(['video', 'keyword']),
  name: text,
  videoId: nullable(number),
  bvid: nullable(string),
  title: nullable(string),
  coverImg: nullable(string),
  kolName: nullable(string),
  keyword: nullable(string),
  scope: nullable(oneOf<OpinionScope>(['partition', 'creators'])),
  tid: nullable(number),
  themeName: nullable(string),
  monitorDuration: oneOf<1 | 2 | 3 | 7>([1, 2, 3, 7]),
  sTime: text,
  eTime: text,
  status: oneOf<1 | 2>([1, 2]),
  lastRunAt: nullable(string),
  rules: rulesDecoder,
  createdBy: string,
  createdAt: text,
  newWarnings: count,
});

export const itemDecoder: Decoder<OpinionItem> = object<OpinionItem>({
  source: oneOf<OpinionSource>(['comment', 'danmaku']),
  id: string,
  text: string,
  time: text,
  likes: nullable(number),
  uname: nullable(string),
  level: nullable(number),
  gender: nullable(number),
  ipLocation: nullable(string),
  root: nullable(string),
  sentiment: sentimentDecoder,
  score: nullable(number),
  videoTitle: nullable(string),
  bvid: nullable(string),
});

export const warningDecoder: Decoder<OpinionWarning> = object<OpinionWarning>({
  id: number,
  taskId: number,
  taskName: text,
  rule: oneOf<WarnRule>(['negative', 'keyword', 'spike']),
  title: text,
  detail: text,
  bucket: text,
  state: oneOf<WarnState>([0, 1, 2]),
  createdAt: text,
  handledAt: nullable(string),
  handledBy: nullable(string),
});
