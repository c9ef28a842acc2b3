import type { ReactNode } from 'react';
import { Form } from 'antd';
import { AccountMsg, ForgetPwdParams } from '@xg/shared';
import { useCaptcha } from '../../../lib/use-captcha';
import { useForgetPasswordMutation } from '../api/forget-pwd';
import { PanelForm, PhoneCodePasswordFields, phoneCodePassword, SubmitRow } from './verification-fields';
import { parsedOrSaid } from '../../../lib/parsed';
import { useApp } from '../../../lib/use-app';

interface ForgetFormValues {
  phone: string;
  checkCode: string;
  verifyCode: string;
  password: string;
  rePassword: string;
}

interface ForgetFormProps {
  /** After the reset: the login panel, with the phone filled in. */
  onDone: (phone: string) => void;
  footer?: ReactNode;
}

/**
 * 找回密码 (§5, §7.1): phone, image captcha, SMS code (type 2), new password twice → POST /api/forgetpwd.
 * The server ends every session of the account; the user signs in again with the new password.
 */
export function ForgetForm({ onDone, footer }: ForgetFormProps) {
  const { message } = useApp();
  const [form] = Form.useForm<ForgetFormValues>();
  const captcha = useCaptcha();
  const mutation = useForgetPasswordMutation();

  const handleFinish = async (values: ForgetFormValues): Promise<void> => {
    const params = parsedOrSaid(ForgetPwdParams.safeParse(phoneCodePassword(values)), message);
    if (!params) return;
    try {
      const answer = await mutation.mutateAsync(params);
      void message.success(answer.message || AccountMsg.resetPwdOk);
      onDone(params.phone);
    } catch {
      captcha.refresh(); // the api client has shown the server's message
    }
  };

  return (
    <PanelForm form={form} onFinish={handleFinish}>
      <PhoneCodePasswordFields form={form} captcha={captcha} purpose="forget" />
      <SubmitRow label="重置密码" loading={mutation.isPending} footer={footer} />
    </PanelForm>
  );
}
