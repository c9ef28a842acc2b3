import { useMutation } from '@tanstack/react-query';
import type { UpdatePhoneParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { userInfoChangeDecoder, type UserInfoChangeAnswer } from './user-info-change-answer';

/** POST /api/user/updatePhone {phone, verifyCode, ticket} → { userInfoMap }, 修改成功 (step 4). */
export function updatePhone(params: UpdatePhoneParams): Promise<UserInfoChangeAnswer> {
  return apiPost(
    '/api/user/updatePhone',
    { phone: params.phone, verifyCode: params.verifyCode, ticket: params.ticket || undefined },
    userInfoChangeDecoder,
  );
}

export function useUpdatePhoneMutation() {
  return useMutation({ mutationKey: ['account', 'phone', 'update'], mutationFn: updatePhone });
}
