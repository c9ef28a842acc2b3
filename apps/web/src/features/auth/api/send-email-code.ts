import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { number, object, text, type Decoder } from '../../../lib/decode';

interface MailAnswer {
  code: number;
  message: string;
}
const mailAnswerDecoder: Decoder<MailAnswer> = object<MailAnswer>({ code: number, message: text });

/** POST /api/emailVerifyCode {email, checkCode, type 8}: the bind panel's e-mail code (AccountMsg.mailSent). */
export function sendEmailCode(params: { email: string; checkCode: string }): Promise<MailAnswer> {
  return apiPost(
    '/api/emailVerifyCode',
    { email: params.email, checkCode: params.checkCode, type: 8 },
    mailAnswerDecoder,
  );
}

export function useSendEmailCodeMutation() {
  return useMutation({ mutationKey: ['auth', 'mail'], mutationFn: sendEmailCode });
}
