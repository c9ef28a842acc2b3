import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorDetail } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

const detailDecoder: Decoder<CreatorDetail> = object<CreatorDetail>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  isApprove: count,
  fansNum: count,
  themeName: nullable(string),
  platformLevel: count,
  sign: text,
  gender: count,
  approveTitle: text,
  organization: nullable(string),
  parentThemeName: nullable(string),
  isLive: count,
  liveRoomId: nullable(number),
  mainIndexUrl: text,
  followingNum: count,
  praiseNum: count,
  playNum: count,
  videoNum: count,
  indexNum: count,
  updateTime: text,
});

const answerDecoder: Decoder<{ kolInfo: CreatorDetail }> = object({ kolInfo: detailDecoder });

/** GET /api/kolDetail?kolId= → { kolInfo } */
export async function getKolDetail(kolId: number, signal?: AbortSignal): Promise<CreatorDetail> {
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
