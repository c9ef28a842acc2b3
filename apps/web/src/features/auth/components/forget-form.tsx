import type { ReactNode } from 'react';
import { Form } from 'antd';
import { AccountMsg, ForgetPwdParams, RegisterParams, SMS_TYPES } from '@xg/shared';
import { NewPasswordFields } from '../../../components/password-fields';
import { schemaRule } from '../../../lib/form-rules';
import { useCaptcha } from '../../../lib/use-captcha';
import { useForgetPasswordMutation } from '../api/forget-pwd';
import { PanelForm, PhoneCodeFields, phoneCodePassword, SubmitRow } from './verification-fields';
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
      <PhoneCodeFields
        form={form}
        captcha={captcha}
        smsType={SMS_TYPES.FORGOT}
        phonePlaceholder="请输入注册手机号"
        sandboxHint="沙箱模式：验证码会写入服务器日志"
      />
      <NewPasswordFields
        label="新密码"
        passwordRule={schemaRule(RegisterParams.shape.password)}
        confirmRule={schemaRule(RegisterParams.shape.rePassword)}
      />
      <SubmitRow label="重置密码" loading={mutation.isPending} footer={footer} />
    </PanelForm>
  );
}
