import { useMutation } from '@tanstack/react-query';
import type { SendNewPhoneCodeParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { plainAnswerDecoder, type PlainAnswer } from './user-info-change-answer';

/** POST /api/user/sendNewPhoneCode {phone, checkCode, ticket}: SMS type 4 to the new phone (step 3). */
export function sendNewPhoneCode(params: SendNewPhoneCodeParams): Promise<PlainAnswer> {
  return apiPost(
    '/api/user/sendNewPhoneCode',
    { phone: params.phone, checkCode: params.checkCode, ticket: params.ticket || undefined },
    plainAnswerDecoder,
  );
}

export function useSendNewPhoneCodeMutation() {
  return useMutation({ mutationKey: ['account', 'phone', 'new-code'], mutationFn: sendNewPhoneCode });
}
