import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonitorItem } from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { figuresDecoder, monitorStateDecoder, pointDecoder } from './decoders';
import { PLACEMENT_QUERY_ROOT } from './put-records';

const monitorDecoder: Decoder<MonitorItem> = object<MonitorItem>({
  id: number,
  videoId: number,
  bvid: nullable(string),
  title: text,
  coverImg: string,
  kolId: number,
  kolName: text,
  kolImg: string,
  status: number,
  publishTime: string,
  playNum: count,
  source: string,
  sTime: string,
  eTime: string,
  tailUntil: nullable(string),
  monitorState: monitorStateDecoder,
  samples: count,
  slotsDue: count,
  createTime: string,
});

export const MONITOR_PAGE_SIZE = 10;

/** GET /api/user/monitorHistory?pageNo&pageSize → the team's video monitors (and placements' windows). */
export function useMonitorHistory(pageNo: number, enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...PLACEMENT_QUERY_ROOT, 'monitors', token, pageNo],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/user/monitorHistory',
        { pageNo, pageSize: MONITOR_PAGE_SIZE },
        object({ monitors: array(monitorDecoder), total: count, limit: count }),
        { signal },
      ),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/user/addMonitor (videoUrl or videoId, monitorDuration, sTime). */
export function addMonitor(params: ApiParams): Promise<{ id: number; message: string }> {
  return apiPost('/api/user/addMonitor', params, object({ id: number, message: text }));
}

/** POST /api/user/delMonitor (id). */
export function deleteMonitor(id: number): Promise<{ message: string }> {
  return apiPost('/api/user/delMonitor', { id }, object({ message: text }));
}

/** GET /api/user/monitorVideoReport?id → the curve; monitorVideoReport2?id → the figures. */
export function useMonitorReport(id: number | null) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...PLACEMENT_QUERY_ROOT, 'monitor-report', token, id],
    queryFn: async ({ signal }) => {
      const [curve, figures] = await Promise.all([
        apiGet(
          '/api/user/monitorVideoReport',
          { id: id ?? 0 },
          object({ monitor: monitorDecoder, points: array(pointDecoder) }),
          { signal },
        ),
        apiGet('/api/user/monitorVideoReport2', { id: id ?? 0 }, object({ figures: figuresDecoder }), { signal }),
      ]);
      return {
        monitor: curve.monitor,
        points: curve.points,
        figures: figures.figures,
      };
    },
    enabled: token !== null && id !== null,
    refetchInterval: 60_000,
  });
}

export type { MonitorItem };
