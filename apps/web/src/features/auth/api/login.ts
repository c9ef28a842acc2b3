import { useMutation } from '@tanstack/react-query';
import type { LoginParams } from '@xg/shared';
import { apiPost, isApiError } from '../../../lib/api-client';
import { sessionAnswerDecoder, type SessionAnswer } from './session-answer';

/**
 * POST /api/gologin {loginname, loginpwd, checkCode?} → { user_token, userInfoMap }. After a few failed
 * sign-ins of the account the server asks for the image captcha (`needCaptcha: true` in the failure).
 */
export function login(params: LoginParams): Promise<SessionAnswer> {
  return apiPost(
    '/api/gologin',
    { loginname: params.loginname, loginpwd: params.loginpwd, checkCode: params.checkCode || undefined },
    sessionAnswerDecoder,
  );
}

/** True when a failed sign-in says the next one needs the image captcha. */
export function needsCaptcha(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const body: unknown = error.body;
  return typeof body === 'object' && body !== null && 'needCaptcha' in body && body.needCaptcha === true;
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
