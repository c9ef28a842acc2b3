import { useMutation } from '@tanstack/react-query';
import type { ForgetPwdParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { number, object, text, type Decoder } from '../../../lib/decode';

interface ForgetPwdAnswer {
  code: number;
  message: string;
}
const answerDecoder: Decoder<ForgetPwdAnswer> = object<ForgetPwdAnswer>({ code: number, message: text });

/**
 * POST /api/forgetpwd {phone, checkCode, verifyCode (SMS type 2), password, rePassword} → AccountMsg.resetPwdOk.
 * It ends every session of the account and does not sign in: the panel goes back to the login panel.
 */
export function forgetPassword(params: ForgetPwdParams): Promise<ForgetPwdAnswer> {
  return apiPost(
    '/api/forgetpwd',
    {
      phone: params.phone,
      checkCode: params.checkCode,
      verifyCode: params.verifyCode,
      password: params.password,
      rePassword: params.rePassword,
    },
    answerDecoder,
  );
}

export function useForgetPasswordMutation() {
  return useMutation({ mutationKey: ['auth', 'forgetpwd'], mutationFn: forgetPassword });
}
