import type { ReactNode } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { LockOutlined, MessageOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Msg, RegisterParams, contactField } from '@xg/shared';
import { schemaRule } from '../../../lib/form-rules';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaImage } from './captcha-image';

interface ComingSoonAccountFormProps {
  /** forget: reset the password by phone (§5); bind: bind an existing account by phone or e-mail (§3). */
  kind: 'forget' | 'bind';
  footer?: ReactNode;
}

/**
 * The forgot-password and bind panels. Their server calls arrive with the next issue, so the form is shown
 * with a notice and cannot be submitted; nothing pretends to succeed.
 */
export function ComingSoonAccountForm({ kind, footer }: ComingSoonAccountFormProps) {
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const isForget = kind === 'forget';
  return (
    <Form form={form} layout="vertical" requiredMark={false} size="large">
      <Alert type="info" showIcon title="该功能即将开放" style={{ marginBottom: 16 }} />
      <Form.Item
        label={isForget ? '手机号' : '手机号或邮箱'}
        name="account"
        rules={[schemaRule(isForget ? RegisterParams.shape.phone : contactField)]}
      >
        <Input
          prefix={<MobileOutlined aria-hidden />}
          placeholder={isForget ? '请输入注册手机号' : '请输入手机号或邮箱'}
          allowClear
        />
      </Form.Item>
      <Form.Item label="图形验证码" required>
        <Space.Compact block>
          <Form.Item name="checkCode" noStyle>
            <Input
              prefix={<SafetyOutlined aria-hidden />}
              placeholder="请输入图形验证码"
              aria-label="图形验证码"
              autoComplete="off"
            />
          </Form.Item>
          <CaptchaImage src={captcha.src} onRefresh={captcha.refresh} />
        </Space.Compact>
      </Form.Item>
      <Form.Item label={isForget ? '短信验证码' : '验证码'} required>
        <Space.Compact block>
          <Form.Item name="verifyCode" noStyle>
            <Input
              prefix={<MessageOutlined aria-hidden />}
              placeholder="请输入验证码"
              aria-label={isForget ? '短信验证码' : '验证码'}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button disabled style={{ minWidth: 112 }}>
            获取验证码
          </Button>
        </Space.Compact>
      </Form.Item>
      {isForget ? (
        <>
          <Form.Item label="新密码" name="password" rules={[schemaRule(RegisterParams.shape.password)]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              placeholder="请设置新密码（不少于6位）"
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="rePassword"
            dependencies={['password']}
            rules={[
              schemaRule(RegisterParams.shape.rePassword),
              ({ getFieldValue }) => ({
                validator: (_rule, value: unknown) =>
                  value && value !== getFieldValue('password')
                    ? Promise.reject(new Error(Msg.passwordMismatch))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              placeholder="请再次输入新密码"
              autoComplete="new-password"
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item style={{ marginBottom: footer ? 12 : 0 }}>
        <Button type="primary" block disabled>
          {isForget ? '重置密码' : '绑定账号'}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
