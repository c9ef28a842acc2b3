import { useMutation } from '@tanstack/react-query';
import { BIND_OTYPE } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { sessionAnswerDecoder, type SessionAnswer } from './session-answer';

/**
 * The bind call sends "a fixed placeholder password" (§7.1); the server ignores it (an account made by the
 * bind has no password of its own: isOldPassword 0, set later in the account centre).
 */
const BIND_PLACEHOLDER_PASSWORD = 'wechat-bind';

export type BindAccountRequest = (
  { otype: typeof BIND_OTYPE.PHONE; phone: string } | { otype: typeof BIND_OTYPE.EMAIL; email: string }
) & {
  checkCode: string;
  verifyCode: string;
  taId: string;
  inviteCode?: string;
  parent?: string;
  source?: string;
};

/**
 * POST /api/bindAccount: links the scanned WeChat (taId) to the account of the phone (otype 1, SMS type 8)
 * or e-mail (otype 2, mail code), creating it when there is none → { user_token, userInfoMap } (signed in).
 */
export function bindAccount(request: BindAccountRequest): Promise<SessionAnswer> {
  return apiPost(
    '/api/bindAccount',
    {
      otype: request.otype,
      phone: request.otype === BIND_OTYPE.PHONE ? request.phone : undefined,
      email: request.otype === BIND_OTYPE.EMAIL ? request.email : undefined,
      checkCode: request.checkCode,
      verifyCode: request.verifyCode,
      taId: request.taId,
      bindingUser: 1,
      password: BIND_PLACEHOLDER_PASSWORD,
      inviteCode: request.inviteCode || undefined,
      parent: request.parent || undefined,
      source: request.source || undefined,
    },
    sessionAnswerDecoder,
  );
}

export function useBindAccountMutation() {
  return useMutation({ mutationKey: ['auth', 'bind'], mutationFn: bindAccount });
}
