import { useMutation } from '@tanstack/react-query';
import type { RegisterParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { sessionAnswerDecoder, type SessionAnswer } from './session-answer';

/** POST /api/goregister (§5, §7.1) → { user_token, userInfoMap } */
export function register(params: RegisterParams): Promise<SessionAnswer> {
  return apiPost(
    '/api/goregister',
    {
      phone: params.phone,
      checkCode: params.checkCode,
      verifyCode: params.verifyCode,
      password: params.password,
      rePassword: params.rePassword,
      type: params.type,
      inviteCode: params.inviteCode || undefined,
      parent: params.parent || undefined,
      source: params.source || undefined,
      taId: params.taId || undefined,
    },
    sessionAnswerDecoder,
  );
}

export function useRegisterMutation() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
}
