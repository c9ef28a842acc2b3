import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { userInfoChangeDecoder, type UserInfoChangeAnswer } from './user-info-change-answer';

/** POST /api/user/updateProfile {username?, userImage?} → { userInfoMap }, 修改成功. */
export function updateProfile(params: UpdateProfileParams): Promise<UserInfoChangeAnswer> {
  return apiPost(
    '/api/user/updateProfile',
    { username: params.username, userImage: params.userImage },
    userInfoChangeDecoder,
  );
}

export function useUpdateProfileMutation() {
  return useMutation({ mutationKey: ['account', 'profile'], mutationFn: updateProfile });
}
