import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreeVipApplyParams, UserInfo } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { object, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { userInfoDecoder } from '../../../lib/user-info';
import { freeVipStateShape, freeVipStatusQueryKey, type FreeVipState } from './get-free-vip-status';

export interface FreeVipApplied extends FreeVipState {
  message: string;
  userInfoMap: UserInfo;
}

const answerDecoder: Decoder<FreeVipApplied> = object<FreeVipApplied>({
  ...freeVipStateShape,
  message: text,
  userInfoMap: userInfoDecoder,
});

/**
 * POST /api/freeVip/apply {company, contactName, phone, position, needs?} → the application's state; in
 * auto mode a free account is granted the 企业版 trial at once (status granted, userInfoMap updated).
 */
export function applyFreeVip(params: FreeVipApplyParams): Promise<FreeVipApplied> {
  return apiPost('/api/freeVip/apply', { ...params }, answerDecoder);
}

export function useApplyFreeVipMutation() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['membership', 'freeVip', 'apply'],
    mutationFn: applyFreeVip,
    onSuccess: ({ status, appliedAt, trialDays, level }) => {
      queryClient.setQueryData<FreeVipState>(freeVipStatusQueryKey(token), { status, appliedAt, trialDays, level });
    },
  });
}
