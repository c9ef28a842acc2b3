import { useMutation } from '@tanstack/react-query';
import type { SmsVerifyCodeParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { number, object, text, type Decoder } from '../../../lib/decode';

interface SmsAnswer {
  code: number;
  message: string;
}
const smsAnswerDecoder: Decoder<SmsAnswer> = object<SmsAnswer>({ code: number, message: text });

/** POST /api/smsVerifyCode {type 1 register | 2 forgot | 8 bind, phone, checkCode} */
export function sendSmsCode(params: SmsVerifyCodeParams): Promise<SmsAnswer> {
  return apiPost(
    '/api/smsVerifyCode',
    { type: params.type, phone: params.phone, checkCode: params.checkCode },
    smsAnswerDecoder,
  );
}

export function useSendSmsCodeMutation() {
  return useMutation({ mutationKey: ['auth', 'sms'], mutationFn: sendSmsCode });
}
