import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperateLimitAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { boolean, count, nullable, object, string, text, withDefault, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

/** The part of GET /api/operateLimitList the purchase screens use: the account's effective tier. */
export type MemberState = Pick<
  OperateLimitAnswer,
  'userType' | 'versionType' | 'maturityTime' | 'isSubAccount' | 'month'
>;

const answerDecoder: Decoder<MemberState> = object<MemberState>({
  userType: count,
  versionType: count,
  maturityTime: nullable(string),
  isSubAccount: withDefault(boolean, false),
  month: text,
});

/**
 * GET /api/operateLimitList → the caller's tier (a sub-account's is its parent's), versionType, expiry and
 * whether it is a sub-account (§6: a sub-account cannot buy).
 */
export function getMemberState(signal?: AbortSignal): Promise<MemberState> {
  return apiGet('/api/operateLimitList', undefined, answerDecoder, { signal });
}

export function memberStateQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['membership', 'state', token],
    queryFn: ({ signal }) => getMemberState(signal),
    enabled: token !== null,
  });
}

export function useMemberState() {
  const token = useAccessToken();
  return useQuery(memberStateQueryOptions(token));
}
