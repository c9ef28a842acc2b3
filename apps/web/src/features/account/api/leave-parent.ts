import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { plainAnswerDecoder, type PlainAnswer } from './user-info-change-answer';

/**
 * POST /api/user/subAccount/leave (by the sub-account) → 已解除绑定. The account becomes an independent 免费版
 * account and keeps its data.
 */
export function leaveParent(): Promise<PlainAnswer> {
  return apiPost('/api/user/subAccount/leave', undefined, plainAnswerDecoder);
}

export function useLeaveParentMutation() {
  return useMutation({ mutationKey: ['account', 'sub-accounts', 'leave'], mutationFn: leaveParent });
}
