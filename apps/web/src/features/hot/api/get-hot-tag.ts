import { useQuery } from '@tanstack/react-query';
import type { HotTag } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, number, object, text, type Decoder } from '../../../lib/decode';

export type HotTagDays = 7 | 30;

const answerDecoder: Decoder<{ tags: HotTag[] }> = object({
  tags: array(object<HotTag>({ tag: text, videoNum: number, playNum: number, hotScore: number })),
});

/** GET /api/hotTag?tid=&days=7|30 → ≤ 50 tags by hot score. */
export async function getHotTag(tid: number | undefined, days: HotTagDays, signal?: AbortSignal): Promise<HotTag[]> {
  const answer = await apiGet('/api/hotTag', { tid, days }, answerDecoder, { signal });
  return answer.tags;
}

export function useHotTag(tid: number | undefined, days: HotTagDays) {
  return useQuery({
    queryKey: ['hot', 'tag', tid, days],
    queryFn: ({ signal }) => getHotTag(tid, days, signal),
    staleTime: 5 * 60_000,
  });
}
