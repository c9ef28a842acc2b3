import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContrastCountAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, object, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export type ContrastCount = Pick<ContrastCountAnswer, 'remainCount' | 'useCount' | 'totalCount'>;

const answerDecoder: Decoder<ContrastCount> = object<ContrastCount>({
  remainCount: count,
  useCount: count,
  totalCount: count,
});

/** GET /api/user/getContrastCount → { remainCount, useCount, totalCount } (this month's comparison reports). */
export function getContrastCount(signal?: AbortSignal): Promise<ContrastCount> {
  return apiGet('/api/user/getContrastCount', undefined, answerDecoder, { signal });
}

export function contrastCountQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['membership', 'quota', 'contrast', token],
    queryFn: ({ signal }) => getContrastCount(signal),
    enabled: token !== null,
  });
}

export function useContrastCount() {
  const token = useAccessToken();
  return useQuery(contrastCountQueryOptions(token));
}
