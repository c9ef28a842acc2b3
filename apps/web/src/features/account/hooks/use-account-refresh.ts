import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@xg/shared';
import { USER_INFO_QUERY_ROOT, userInfoQueryKey } from '../../../lib/current-user';
import { saveUserInfo, useAccessToken } from '../../../lib/session';
import { ACCOUNT_QUERY_ROOT } from '../api/get-account-info';

/** The guard's menu query key prefix (features/auth get-menu): a tier change changes the menu. */
const MENU_QUERY_ROOT = ['menu'] as const;

/**
 * After an account change: the header's user info (and the stored copy) take the answer's userInfoMap, and
 * the account centre's own queries load again. A change of tier (a sub-account leaving its parent) also
 * reloads the user info and the menu from the server.
 */
export function useAccountRefresh() {
  const queryClient = useQueryClient();
  const token = useAccessToken();

  const applyUserInfo = useCallback(
    (user: UserInfo) => {
      queryClient.setQueryData(userInfoQueryKey(token), user);
      saveUserInfo(user);
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_ROOT });
    },
    [queryClient, token],
  );

  const refreshAccount = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_ROOT });
  }, [queryClient]);

  const refreshTier = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: USER_INFO_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: MENU_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_ROOT });
  }, [queryClient]);

  return { applyUserInfo, refreshAccount, refreshTier };
}
