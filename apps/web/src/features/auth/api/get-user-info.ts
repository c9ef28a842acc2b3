import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { object, type Decoder } from '../../../lib/decode';
import { readStoredUserInfo, saveUserInfo, useAccessToken } from '../../../lib/session';
import { userInfoDecoder } from '../../../lib/user-info';

const answerDecoder: Decoder<{ userInfoMap: UserInfo }> = object({ userInfoMap: userInfoDecoder });

/** GET /api/user/userInfo → { userInfoMap } (also saved locally, §3). */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const answer = await apiGet('/api/user/userInfo', undefined, answerDecoder, { signal });
  saveUserInfo(answer.userInfoMap);
  return answer.userInfoMap;
}

export const userInfoQueryKey = (token: string | null) => ['user', 'info', token] as const;

export function userInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: userInfoQueryKey(token),
    queryFn: ({ signal }) => getUserInfo(signal),
    enabled: token !== null,
    // Show the stored user at once, then refresh it from the server.
    initialData: () => (token ? (readStoredUserInfo() ?? undefined) : undefined),
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user, or undefined when signed out or not loaded yet. */
export function useCurrentUser() {
  const token = useAccessToken();
  const query = useQuery(userInfoQueryOptions(token));
  return { ...query, user: token ? query.data : undefined, signedIn: token !== null };
}
