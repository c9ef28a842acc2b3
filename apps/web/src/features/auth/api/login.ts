import { useMutation } from '@tanstack/react-query';
import type { LoginParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { sessionAnswerDecoder, type SessionAnswer } from './session-answer';

/** POST /api/gologin {loginname, loginpwd} → { user_token, userInfoMap } */
export function login(params: LoginParams): Promise<SessionAnswer> {
  return apiPost('/api/gologin', { loginname: params.loginname, loginpwd: params.loginpwd }, sessionAnswerDecoder);
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
