import { useQuery } from '@tanstack/react-query';
import type { MonitorPoint, PutRecord, ReportFigures } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { figuresDecoder, pointDecoder, putRecordDecoder } from './decoders';
import { PLACEMENT_QUERY_ROOT } from './put-records';

export interface PutReport {
  record: PutRecord;
  points: MonitorPoint[];
  figures: ReportFigures | null;
  intervalSeconds: number;
}

/** GET /api/user/putRecordReport?recordId → the placement, its curve (window and hourly tail), its figures. */
export function usePutReport(recordId: number | null) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...PLACEMENT_QUERY_ROOT, 'report', token, recordId],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/user/putRecordReport',
        { recordId: recordId ?? 0 },
        object<PutReport>({
          record: putRecordDecoder,
          points: array(pointDecoder),
          figures: nullable(figuresDecoder),
          intervalSeconds: number,
        }),
        { signal },
      ),
    enabled: token !== null && recordId !== null,
    refetchInterval: 60_000,
  });
}

export interface GroupReport {
  items: { record: PutRecord; figures: ReportFigures | null }[];
  totals: { promotionCost: string; playNum: number; engagements: number; cpm: string | null };
}

/** GET /api/user/putGroupReport?tId → every placement of a group (campaign) with its figures, and the totals. */
export function useGroupReport(tId: number | null, enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...PLACEMENT_QUERY_ROOT, 'group-report', token, tId],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/user/putGroupReport',
        { tId: tId ?? undefined },
        object<GroupReport>({
          items: array(
            object<GroupReport['items'][number]>({ record: putRecordDecoder, figures: nullable(figuresDecoder) }),
          ),
          totals: object<GroupReport['totals']>({
            promotionCost: string,
            playNum: count,
            engagements: count,
            cpm: nullable(string),
          }),
        }),
        { signal },
      ),
    enabled: token !== null && enabled,
  });
}
