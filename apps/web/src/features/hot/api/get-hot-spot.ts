import { useQuery } from '@tanstack/react-query';
import type { HotTopic } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, number, object, text, type Decoder } from '../../../lib/decode';

const answerDecoder: Decoder<{ topics: HotTopic[] }> = object({
  topics: array(object<HotTopic>({ topic: text, videoNum: number, kolNum: number, playNum: number, hotScore: number })),
});

/** GET /api/hotSpot?tid= → ≤ 30 topics of the last 7 days. */
export async function getHotSpot(tid: number | undefined, signal?: AbortSignal): Promise<HotTopic[]> {
  const answer = await apiGet('/api/hotSpot', { tid }, answerDecoder, { signal });
  return answer.topics;
}

export function useHotSpot(tid: number | undefined) {
  return useQuery({
    queryKey: ['hot', 'spot', tid],
    queryFn: ({ signal }) => getHotSpot(tid, signal),
    staleTime: 5 * 60_000,
  });
}
