import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { plainAnswerDecoder, type PlainAnswer } from './user-info-change-answer';

/** POST /api/user/sendOldPhoneCode: SMS type 3 to the account's own phone (phone change, step 1). */
export function sendOldPhoneCode(): Promise<PlainAnswer> {
  return apiPost('/api/user/sendOldPhoneCode', undefined, plainAnswerDecoder);
}

export function useSendOldPhoneCodeMutation() {
  return useMutation({ mutationKey: ['account', 'phone', 'old-code'], mutationFn: sendOldPhoneCode });
}
