import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorDetail, KolDetailExtra, KolItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { priceInfoDecoder } from './decoders';

/** The creator of GET /api/kolDetail: the detail fields, the list fields (KolItem) and the extras. */
export type KolDetail = CreatorDetail & KolItem & KolDetailExtra;

const detailDecoder: Decoder<KolDetail> = object<KolDetail>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  isApprove: count,
  fansNum: count,
  themeName: nullable(string),
  platformLevel: nullable(count),
  sign: text,
  gender: count,
  approveTitle: text,
  organization: nullable(string),
  parentThemeName: nullable(string),
  isLive: count,
  liveRoomId: nullable(number),
  mainIndexUrl: text,
  followingNum: nullable(count),
  praiseNum: count,
  playNum: count,
  videoNum: count,
  indexNum: count,
  updateTime: text,
  mcnName: nullable(string),
  fansIncrease: nullable(number),
  totalsFromVideos: nullable(number),
  isCollect: count,
  isPut: count,
  isEnter: count,
  mcnId: nullable(number),
  liveUrl: nullable(string),
  tid: nullable(number),
  parentTid: nullable(number),
  priceInfo: nullable(priceInfoDecoder),
  priceLocked: count,
});

const answerDecoder: Decoder<{ kolInfo: KolDetail }> = object({ kolInfo: detailDecoder });

/** GET /api/kolDetail?kolId= → { kolInfo } */
export async function getKolDetail(kolId: number, signal?: AbortSignal): Promise<KolDetail> {
  const answer = await apiGet('/api/kolDetail', { kolId }, answerDecoder, { signal });
  return answer.kolInfo;
}

export function kolDetailQueryOptions(kolId: number) {
  return queryOptions({
    queryKey: ['creator', 'detail', kolId],
    queryFn: ({ signal }) => getKolDetail(kolId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useKolDetail(kolId: number | null) {
  return useQuery({ ...kolDetailQueryOptions(kolId ?? 0), enabled: kolId !== null });
}
