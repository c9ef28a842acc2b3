import { useState, type ReactNode } from 'react';
import { Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginParams } from '@xg/shared';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useCaptcha } from '../../../lib/use-captcha';
import { needsCaptcha, useLoginMutation } from '../api/login';
import type { SessionAnswer } from '../api/session-answer';
import { CaptchaField, PanelForm, SubmitRow } from './verification-fields';

interface LoginFormValues {
  loginname: string;
  loginpwd: string;
  checkCode?: string;
}

interface LoginFormProps {
  onSuccess: (answer: SessionAnswer) => void;
  /** Extra links under the submit button (register / forgot password). */
  footer?: ReactNode;
  /** Filled in after a password reset. */
  initialLoginname?: string;
}

/**
 * Account login: phone or e-mail and password (§3 login form), validated with the shared rules. After a
 * few failed sign-ins of the account the server asks for the image captcha, and the form shows it from then on.
 */
export function LoginForm({ onSuccess, footer, initialLoginname }: LoginFormProps) {
  const [form] = Form.useForm<LoginFormValues>();
  const mutation = useLoginMutation();
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha();

  const handleFinish = async (values: LoginFormValues): Promise<void> => {
    const params = LoginParams.safeParse({
      loginname: trimmed(values.loginname),
      loginpwd: trimmed(values.loginpwd),
      checkCode: captchaShown ? trimmed(values.checkCode ?? '') : undefined,
    });
    if (!params.success) return; // the field rules already show the message
    try {
      onSuccess(await mutation.mutateAsync(params.data));
    } catch (error) {
      form.setFieldValue('loginpwd', ''); // the api client has shown the server's message
      if (needsCaptcha(error)) {
        setCaptchaShown(true);
        form.setFieldValue('checkCode', '');
        captcha.refresh(); // a captcha answers once, right or wrong
      }
    }
  };

  return (
    <PanelForm form={form} initialValues={{ loginname: initialLoginname ?? '' }} onFinish={handleFinish}>
      <Form.Item label="账号" name="loginname" rules={[schemaRule(LoginParams.shape.loginname)]}>
        <Input
          prefix={<UserOutlined aria-hidden />}
          placeholder="请输入手机号或邮箱"
          autoComplete="username"
          allowClear
        />
      </Form.Item>
      <Form.Item label="密码" name="loginpwd" rules={[schemaRule(LoginParams.shape.loginpwd)]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="请输入密码"
          autoComplete="current-password"
        />
      </Form.Item>
      {captchaShown && <CaptchaField captcha={captcha} />}
      <SubmitRow label="登录" loading={mutation.isPending} footer={footer} />
    </PanelForm>
  );
}
