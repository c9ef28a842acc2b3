import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { plainAnswerDecoder, type PlainAnswer } from './user-info-change-answer';

/** POST /api/user/subAccount/unbind {id} (by the parent) → 已解除绑定. */
export function unbindSubAccount(id: number): Promise<PlainAnswer> {
  return apiPost('/api/user/subAccount/unbind', { id }, plainAnswerDecoder);
}

export function useUnbindSubAccountMutation() {
  return useMutation({ mutationKey: ['account', 'sub-accounts', 'unbind'], mutationFn: unbindSubAccount });
}
