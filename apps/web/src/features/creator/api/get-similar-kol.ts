import { useQuery } from '@tanstack/react-query';
import type { KolItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, object, type Decoder } from '../../../lib/decode';
import { kolItemDecoder } from './decoders';

const answerDecoder: Decoder<{ kolInfos: KolItem[] }> = object({ kolInfos: array(kolItemDecoder) });

/** GET /api/similarKol?kolId= → ≤ 10 creators of the same partition and a similar size. */
export async function getSimilarKol(kolId: number, signal?: AbortSignal): Promise<KolItem[]> {
  const answer = await apiGet('/api/similarKol', { kolId }, answerDecoder, { signal });
  return answer.kolInfos;
}

export function useSimilarKol(kolId: number) {
  return useQuery({
    queryKey: ['creator', 'similar', kolId],
    queryFn: ({ signal }) => getSimilarKol(kolId, signal),
    staleTime: 30 * 60_000,
  });
}
