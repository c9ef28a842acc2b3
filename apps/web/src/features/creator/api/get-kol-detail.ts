import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorDetail, KolDetailExtra, KolItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { kolItemShape } from '../../../lib/item-decoders';
import { priceInfoDecoder } from './decoders';

/** The creator of GET /api/kolDetail: the detail fields, the list fields (KolItem) and the extras. */
export type KolDetail = CreatorDetail & KolItem & KolDetailExtra;

const detailDecoder: Decoder<KolDetail> = object<KolDetail>({
  ...kolItemShape,
  sign: text,
  approveTitle: text,
  organization: nullable(string),
  parentThemeName: nullable(string),
  liveRoomId: nullable(number),
  mainIndexUrl: text,
  followingNum: nullable(count),
  updateTime: text,
  totalsFromVideos: nullable(number),
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
