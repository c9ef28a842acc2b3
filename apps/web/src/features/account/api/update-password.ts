import { useMutation } from '@tanstack/react-query';
import type { UpdatePwdParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { userInfoChangeDecoder, type UserInfoChangeAnswer } from './user-info-change-answer';

/**
 * POST /api/user/updatepwd {oldPassword (only when isOldPassword is 1), password, rePassword} → { userInfoMap }
 * (isOldPassword is then 1), 修改成功.
 */
export function updatePassword(params: UpdatePwdParams): Promise<UserInfoChangeAnswer> {
  return apiPost(
    '/api/user/updatepwd',
    { oldPassword: params.oldPassword || undefined, password: params.password, rePassword: params.rePassword },
    userInfoChangeDecoder,
  );
}

export function useUpdatePasswordMutation() {
  return useMutation({ mutationKey: ['account', 'password'], mutationFn: updatePassword });
}
