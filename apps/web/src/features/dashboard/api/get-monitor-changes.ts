import { useQuery } from '@tanstack/react-query';
import type { MonitorChangeItem, MonitorChangesAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { attentionVideoDecoder, fanEventDecoder } from '../../../lib/item-decoders';

export type MonitorChanges = Omit<MonitorChangesAnswer, 'code' | 'message'>;

const itemDecoder: Decoder<MonitorChangeItem> = object<MonitorChangeItem>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  fansNum: count,
  latestDay: nullable(string),
  prevDay: nullable(string),
  dayChange: nullable(number),
  weekChange: nullable(number),
  weekBaseDay: nullable(string),
  weekDays: nullable(count),
  newVideoNum: count,
  newVideos: array(attentionVideoDecoder),
  fanEvents: array(fanEventDecoder),
  updateTime: nullable(string),
});

const answerDecoder: Decoder<MonitorChanges> = object<MonitorChanges>({
  monitors: array(itemDecoder),
  monitorCount: count,
  monitorLimit: count,
  days: count,
});

/** GET /api/dashboard/monitorChanges: the team's monitored creators with their recent changes (issue #15). */
export function useMonitorChanges() {
  return useQuery({
    queryKey: ['dashboard', 'monitor-changes'],
    queryFn: ({ signal }) => apiGet('/api/dashboard/monitorChanges', {}, answerDecoder, { signal }),
    staleTime: 60_000,
  });
}
