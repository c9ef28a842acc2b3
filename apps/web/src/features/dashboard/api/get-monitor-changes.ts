import { useQuery } from '@tanstack/react-query';
import type { AttentionFanEvent, AttentionVideo, MonitorChangeItem, MonitorChangesAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

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
  newVideos: array(object<AttentionVideo>({ videoId: number, title: text, publishTime: text, playNum: count })),
  fanEvents: array(
    object<AttentionFanEvent>({
      day: text,
      kind: (input, path) => (string(input, path) === 'drop' ? 'drop' : 'rise'),
      delta: number,
    }),
  ),
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
