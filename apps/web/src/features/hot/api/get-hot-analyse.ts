import { useQuery } from '@tanstack/react-query';
import type { HotAnalysePartition } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, number, object, text, type Decoder } from '../../../lib/decode';

export type HotAnalyseDays = 7 | 30;

const answerDecoder: Decoder<{ partitions: HotAnalysePartition[] }> = object({
  partitions: array(
    object<HotAnalysePartition>({
      tid: number,
      name: text,
      videoNum: number,
      playNum: number,
      avgPlayNum: number,
      hotVideoNum: number,
      interactRate: number,
    }),
  ),
});

/** GET /api/hotAnalyse?days=7|30 → per top-level partition: videos, plays, average plays, hot videos, interaction rate. */
export async function getHotAnalyse(days: HotAnalyseDays, signal?: AbortSignal): Promise<HotAnalysePartition[]> {
  const answer = await apiGet('/api/hotAnalyse', { days }, answerDecoder, { signal });
  return answer.partitions;
}

export function useHotAnalyse(days: HotAnalyseDays) {
  return useQuery({
    queryKey: ['hot', 'analyse', days],
    queryFn: ({ signal }) => getHotAnalyse(days, signal),
    staleTime: 5 * 60_000,
  });
}
