import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginParams } from '@xg/shared';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useLoginMutation } from '../api/login';
import type { SessionAnswer } from '../api/session-answer';

interface LoginFormValues {
  loginname: string;
  loginpwd: string;
}

interface LoginFormProps {
  onSuccess: (answer: SessionAnswer) => void;
  /** Extra links under the submit button (register / forgot password). */
  footer?: ReactNode;
  /** Filled in after a password reset. */
  initialLoginname?: string;
}

/** Account login: phone or e-mail and password (§3 login form), validated with the shared rules. */
export function LoginForm({ onSuccess, footer, initialLoginname }: LoginFormProps) {
  const [form] = Form.useForm<LoginFormValues>();
  const mutation = useLoginMutation();

  const handleFinish = async (values: LoginFormValues): Promise<void> => {
    const params = LoginParams.safeParse({ loginname: trimmed(values.loginname), loginpwd: trimmed(values.loginpwd) });
    if (!params.success) return; // the field rules already show the message
    try {
      onSuccess(await mutation.mutateAsync(params.data));
    } catch {
      form.setFieldValue('loginpwd', ''); // the api client has shown the server's message
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      size="large"
      initialValues={{ loginname: initialLoginname ?? '' }}
    >
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
      <Form.Item style={{ marginBottom: footer ? 12 : 0 }}>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          登录
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
