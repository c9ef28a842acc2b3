import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FreeVipStatus, FreeVipStatusAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { DecodeError, count, nullable, object, string, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export type FreeVipState = Omit<FreeVipStatusAnswer, 'code' | 'message'>;

export const freeVipStatusDecoder: Decoder<FreeVipStatus> = (input, path) => {
  if (input === 'none' || input === 'granted' || input === 'pending' || input === 'rejected') return input;
  throw new DecodeError(path, "'none' | 'granted' | 'pending' | 'rejected'");
};

export const freeVipStateShape = {
  status: freeVipStatusDecoder,
  appliedAt: nullable(string),
  trialDays: count,
  level: count,
};

const answerDecoder: Decoder<FreeVipState> = object<FreeVipState>(freeVipStateShape);

/** GET /api/freeVip/status → { status: none|granted|pending|rejected, appliedAt, trialDays, level } */
export function getFreeVipStatus(signal?: AbortSignal): Promise<FreeVipState> {
  return apiGet('/api/freeVip/status', undefined, answerDecoder, { signal });
}

export const freeVipStatusQueryKey = (token: string | null) => ['membership', 'freeVip', token] as const;

export function freeVipStatusQueryOptions(token: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: freeVipStatusQueryKey(token),
    queryFn: ({ signal }) => getFreeVipStatus(signal),
    enabled: enabled && token !== null,
  });
}

export function useFreeVipStatus(enabled: boolean) {
  const token = useAccessToken();
  return useQuery(freeVipStatusQueryOptions(token, enabled));
}
