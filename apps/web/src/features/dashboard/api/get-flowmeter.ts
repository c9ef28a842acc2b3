import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlowmeterAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, number, object, text, type Decoder } from '../../../lib/decode';

export type FlowmeterDays = 7 | 30 | 90;
export type Flowmeter = Omit<FlowmeterAnswer, 'code' | 'message'>;
type PartitionSeries = Flowmeter['partitions'][number];
type Point = PartitionSeries['series'][number];

const answerDecoder: Decoder<Flowmeter> = object<Flowmeter>({
  days: number,
  partitions: array(
    object<PartitionSeries>({
      tid: number,
      name: text,
      series: array(object<Point>({ dataDate: text, playIncrease: number })),
    }),
  ),
});

/** GET /api/flowmeter?days=7|30|90 → per top-level partition, the daily plays gain of its creators. */
export function getFlowmeter(days: FlowmeterDays, signal?: AbortSignal): Promise<Flowmeter> {
  return apiGet('/api/flowmeter', { days }, answerDecoder, { signal });
}

export function useFlowmeter(days: FlowmeterDays) {
  return useQuery({
    queryKey: ['dashboard', 'flowmeter', days],
    queryFn: ({ signal }) => getFlowmeter(days, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
