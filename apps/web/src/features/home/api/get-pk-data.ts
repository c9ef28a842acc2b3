import { useQuery } from '@tanstack/react-query';
import type { PkData } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { array, count, nullable, object, string, type Decoder } from '../../../lib/decode';
import { pkCreatorDecoder } from './pk-decoders';

const decoder: Decoder<{ pkData: PkData }> = object({
  pkData: object<PkData>({
    day: nullable(string),
    creatorCount: count,
    videoCount: count,
    pk: array(pkCreatorDecoder),
  }),
});

/** POST /api/index: the home page's data (pkData, §2.8). */
export function usePkData() {
  return useQuery({
    queryKey: ['home', 'pkData'],
    queryFn: ({ signal }) => apiPost('/api/index', {}, decoder, { signal, quiet: true }).then((a) => a.pkData),
    staleTime: 5 * 60_000,
  });
}
