import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpinionWarnListAnswer } from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { array, count, number, object, text } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { OPINION_QUERY_ROOT, warningDecoder } from './decoders';

export type OpinionWarnList = Omit<OpinionWarnListAnswer, 'code' | 'message'>;

/** GET /api/opinion/opinionWarnList?taskId&state&pageNo&pageSize → the team's warnings, newest first. */
export function useOpinionWarnings(params: ApiParams, enabled = true) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...OPINION_QUERY_ROOT, 'warnings', token, params],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/opinion/opinionWarnList',
        params,
        object<OpinionWarnList>({
          warnings: array(warningDecoder),
          total: count,
          pageNo: number,
          pageSize: number,
          unread: count,
        }),
        { signal },
      ),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** POST /api/opinion/setWarnState ids, state (1 seen, 2 handled) → how many changed. */
export function setWarnState(ids: readonly number[], state: 1 | 2): Promise<{ changed: number; message: string }> {
  return apiPost('/api/opinion/setWarnState', { ids: ids.join(','), state }, object({ changed: count, message: text }));
}
