import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCodeAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, object, string, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { ACCOUNT_QUERY_ROOT } from './get-account-info';

export type InviteInfo = Pick<InviteCodeAnswer, 'inviteCode' | 'inviteUrl' | 'invitedCount'>;
const inviteDecoder: Decoder<InviteInfo> = object<InviteInfo>({
  inviteCode: string,
  inviteUrl: string,
  invitedCount: count,
});

/** GET /api/user/getUserInviteCode → { inviteCode, inviteUrl, invitedCount }. */
export function getInviteCode(signal?: AbortSignal): Promise<InviteInfo> {
  return apiGet('/api/user/getUserInviteCode', undefined, inviteDecoder, { signal });
}

export function inviteCodeQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...ACCOUNT_QUERY_ROOT, 'invite', token],
    queryFn: ({ signal }) => getInviteCode(signal),
    enabled: token !== null,
  });
}

export function useInviteCode() {
  return useQuery(inviteCodeQueryOptions(useAccessToken()));
}
