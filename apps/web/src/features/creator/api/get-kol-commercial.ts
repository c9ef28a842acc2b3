import { useQuery } from '@tanstack/react-query';
import type { PriceInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { nullable, object, type Decoder } from '../../../lib/decode';
import { priceInfoDecoder } from './decoders';

const answerDecoder: Decoder<{ priceInfo: PriceInfo | null }> = object({ priceInfo: nullable(priceInfoDecoder) });

/** GET /api/kolCommercial?kolId= → { priceInfo } (专业版 and above, `creator.commercial`). */
export async function getKolCommercial(kolId: number, signal?: AbortSignal): Promise<PriceInfo | null> {
  const answer = await apiGet('/api/kolCommercial', { kolId }, answerDecoder, { signal });
  return answer.priceInfo;
}

export function useKolCommercial(kolId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['creator', 'commercial', kolId],
    queryFn: ({ signal }) => getKolCommercial(kolId, signal),
    enabled,
    staleTime: 30 * 60_000,
  });
}
