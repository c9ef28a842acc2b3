import type { ReactNode } from 'react';
import { Button, Form, Typography } from 'antd';
import { AccountMsg, ForgetPwdParams, Msg, RegisterParams, SMS_TYPES } from '@xg/shared';
import { NewPasswordFields, PhoneField } from '../../../components/password-fields';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useCaptcha } from '../../../lib/use-captcha';
import { useForgetPasswordMutation } from '../api/forget-pwd';
import { useSandboxMode } from '../hooks/use-sandbox-mode';
import { type CodeTarget } from './sms-code-button';
import { CaptchaField, SmsCodeField } from './verification-fields';
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
  const sandbox = useSandboxMode();
  const mutation = useForgetPasswordMutation();

  const getSmsTarget = async (): Promise<CodeTarget> => {
    const values = await form.validateFields(['phone', 'checkCode']);
    return {
      channel: 'sms',
      type: SMS_TYPES.FORGOT,
      phone: trimmed(values.phone),
      checkCode: trimmed(values.checkCode),
    };
  };

  const handleFinish = async (values: ForgetFormValues): Promise<void> => {
    const params = ForgetPwdParams.safeParse({
      phone: trimmed(values.phone),
      checkCode: trimmed(values.checkCode),
      verifyCode: trimmed(values.verifyCode),
      password: trimmed(values.password),
      rePassword: trimmed(values.rePassword),
    });
    if (!params.success) {
      void message.error(params.error.issues[0]?.message ?? Msg.badRequest);
      return;
    }
    try {
      const answer = await mutation.mutateAsync(params.data);
      void message.success(answer.message || AccountMsg.resetPwdOk);
      onDone(params.data.phone);
    } catch {
      captcha.refresh(); // the api client has shown the server's message
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => void handleFinish(values)}
    >
      <PhoneField rule={schemaRule(RegisterParams.shape.phone)} placeholder="请输入注册手机号" />
      <CaptchaField captcha={captcha} />
      <SmsCodeField getTarget={getSmsTarget} captcha={captcha} />
      {sandbox.data ? (
        <Typography.Text type="secondary" className="sandbox-hint">
          沙箱模式：验证码会写入服务器日志
        </Typography.Text>
      ) : null}
      <NewPasswordFields
        label="新密码"
        passwordRule={schemaRule(RegisterParams.shape.password)}
        confirmRule={schemaRule(RegisterParams.shape.rePassword)}
      />
      <Form.Item style={{ marginBottom: footer ? 12 : 0 }}>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          重置密码
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
