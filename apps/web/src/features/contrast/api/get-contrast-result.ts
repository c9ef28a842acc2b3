import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ContrastKolData,
  ContrastOverlap,
  ContrastOverlapPair,
  ContrastVerdict,
  KolContrastResultAnswer,
} from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, withDefault, type Decoder } from '../../../lib/decode';
import { sampleWindowDecoder } from '../../../lib/item-decoders';
import { useAccessToken } from '../../../lib/session';

export type ContrastResult = Omit<KolContrastResultAnswer, 'code' | 'message'>;

const partitionDecoder = object<{ id: number; name: string }>({ id: number, name: text });

const kolDecoder: Decoder<ContrastKolData> = object<ContrastKolData>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  isApprove: count,
  isCollect: count,
  isPut: count,
  isAdmire: count,
  twoSortFlag: withDefault(array(partitionDecoder), []),
  fansNum: count,
  indexNum: count,
  weekVideoNum: count,
  weekAvgPlayNum: nullable(number),
  avgPraiseNum: nullable(number),
  weekAvgCollectNum: nullable(number),
  weekAvgShareNum: nullable(number),
  weekAvgCommentNum: nullable(number),
  weekCastCurrencyNum: nullable(number),
  chargingNum: count,
  genderPortrait: nullable(string),
  agePortrait: nullable(string),
  areaPortrait: nullable(string),
  portraitSource: nullable(string),
  portraitSampleSize: nullable(number),
  fansIncrease30: nullable(number),
  engagementRate: nullable(number),
  libraryPrice: nullable(number),
  pricePerThousandPlays: nullable(number),
  estVideoPrice: withDefault(nullable(number), null),
  portraitKind: (input, path) => {
    if (input === null || input === undefined) return null;
    const value = string(input, path);
    return value === 'creator' || value === 'partition' ? value : null;
  },
  pricePlaysDays: (input, path) => {
    if (input === null || input === undefined) return null;
    const value = number(input, path);
    return value === 7 || value === 30 || value === 90 ? value : null;
  },
  sampleWindow: sampleWindowDecoder,
});

const pairDecoder: Decoder<ContrastOverlapPair> = object<ContrastOverlapPair>({
  kolIdA: number,
  kolIdB: number,
  commentersA: count,
  commentersB: count,
  shared: count,
  overlapPercent: nullable(number),
  low: nullable(number),
  high: nullable(number),
});

const overlapDecoder: Decoder<ContrastOverlap> = object<ContrastOverlap>({
  method: text,
  sampleSize: count,
  pairs: withDefault(array(pairDecoder), []),
});

const DIMENSIONS = ['reach', 'engagement', 'growth', 'price'] as const;
const dimension: Decoder<ContrastVerdict['dimension']> = (input, path) => {
  const value = string(input, path);
  const known = DIMENSIONS.find((d) => d === value);
  if (!known) throw new Error(`answer field ${path}: unknown dimension ${value}`);
  return known;
};

const verdictDecoder: Decoder<ContrastVerdict> = object<ContrastVerdict>({
  dimension,
  title: text,
  leaderKolId: nullable(number),
  text,
});

export const contrastResultDecoder: Decoder<ContrastResult> = object<ContrastResult>({
  contrastId: number,
  createdAt: text,
  dataDate: nullable(string),
  userContrastKolDataList: array(kolDecoder),
  overlap: withDefault(overlapDecoder, { method: '', sampleSize: 0, pairs: [] }),
  verdicts: withDefault(array(verdictDecoder), []),
  canPdf: count,
});

/** GET /api/user/kolContrastResult?contrastId → the report as it was generated (the stored snapshot). */
export function getContrastResult(contrastId: number, signal?: AbortSignal): Promise<ContrastResult> {
  return apiGet('/api/user/kolContrastResult', { contrastId }, contrastResultDecoder, { signal });
}

export const CONTRAST_QUERY_ROOT = ['contrast'] as const;

export function contrastResultQueryOptions(token: string | null, contrastId: number) {
  return queryOptions({
    queryKey: [...CONTRAST_QUERY_ROOT, 'result', token, contrastId],
    queryFn: ({ signal }) => getContrastResult(contrastId, signal),
    enabled: token !== null && contrastId > 0,
  });
}

export function useContrastResult(contrastId: number) {
  const token = useAccessToken();
  return useQuery(contrastResultQueryOptions(token, contrastId));
}
