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

/** GET /api/twoSortFlag (no tid) → the top-level partitions (the filter of the activity and material lists). */
export function usePartitions() {
  return useQuery({
    queryKey: ['activity', 'partitions'],
    queryFn: async ({ signal }) => (await apiGet('/api/twoSortFlag', undefined, answerDecoder, { signal })).themeInfos,
    staleTime: 60 * 60_000,
  });
}
