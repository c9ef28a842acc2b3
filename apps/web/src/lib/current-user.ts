import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@xg/shared';
import { apiGet } from './api-client';
import { object, type Decoder } from './decode';
import { readStoredUserInfo, saveUserInfo, useAccessToken } from './session';
import { userInfoDecoder } from './user-info';

/**
 * The signed-in user (GET /api/user/userInfo → { userInfoMap }, also saved locally, §3). App-wide like the
 * site config: the header, the account centre and the membership screens all read it, and a feature that
 * changes the account (profile, password, sub-account) writes the new userInfoMap back with setCurrentUser.
 */
const answerDecoder: Decoder<{ userInfoMap: UserInfo }> = object({ userInfoMap: userInfoDecoder });

export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const answer = await apiGet('/api/user/userInfo', undefined, answerDecoder, { signal });
  saveUserInfo(answer.userInfoMap);
  return answer.userInfoMap;
}

/** Every user-info query starts with this; invalidating it refreshes the header everywhere. */
export const USER_INFO_QUERY_ROOT = ['user', 'info'] as const;
export const userInfoQueryKey = (token: string | null) => [...USER_INFO_QUERY_ROOT, token] as const;

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
