import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FanEvent } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, nullable, number, object, text, type Decoder } from '../../../lib/decode';
import { videoItemDecoder } from './decoders';

export type FanEventDays = 30 | 90;

const eventDecoder: Decoder<FanEvent> = object<FanEvent>({
  eventDate: text,
  fansChange: number,
  fansBefore: nullable(number),
  fansAfter: nullable(number),
  kind: text,
  causeVideo: nullable(videoItemDecoder),
});

const answerDecoder: Decoder<{ fanEvents: FanEvent[] }> = object({ fanEvents: array(eventDecoder) });

/** GET /api/kolFanEvents?kolId=&days=30|90 → fan surges and drops, newest first, with their likely cause video. */
export async function getKolFanEvents(kolId: number, days: FanEventDays, signal?: AbortSignal): Promise<FanEvent[]> {
  const answer = await apiGet('/api/kolFanEvents', { kolId, days }, answerDecoder, { signal });
  return answer.fanEvents;
}

export function useKolFanEvents(kolId: number, days: FanEventDays) {
  return useQuery({
    queryKey: ['creator', 'fan-events', kolId, days],
    queryFn: ({ signal }) => getKolFanEvents(kolId, days, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
