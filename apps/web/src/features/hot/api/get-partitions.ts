import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { array, number, object, text, type Decoder } from '../../../lib/decode';

export interface Partition {
  tid: number;
  name: string;
}

const answerDecoder: Decoder<{ themeInfos: Partition[] }> = object({
  themeInfos: array(object<Partition>({ tid: number, name: text })),
});

/** GET /api/twoSortFlag (no tid) → the top-level partitions. */
export async function getPartitions(signal?: AbortSignal): Promise<Partition[]> {
  const answer = await apiGet('/api/twoSortFlag', undefined, answerDecoder, { signal });
  return answer.themeInfos;
}

export function usePartitions() {
  return useQuery({
    queryKey: ['hot', 'partitions'],
    queryFn: ({ signal }) => getPartitions(signal),
    staleTime: 60 * 60_000,
  });
}
