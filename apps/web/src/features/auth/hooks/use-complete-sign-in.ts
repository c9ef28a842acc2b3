import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setSession } from '../../../lib/session';
import type { SessionAnswer } from '../api/session-answer';
import { userInfoQueryKey } from '../../../lib/current-user';

/** Stores the token (ACCESS_TOKEN) and the user after a login or registration; no page reload needed. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: SessionAnswer) => {
      queryClient.removeQueries({ queryKey: ['menu'] });
      queryClient.setQueryData(userInfoQueryKey(answer.user_token), answer.userInfoMap);
      setSession(answer.user_token, answer.userInfoMap);
    },
    [queryClient],
  );
}
