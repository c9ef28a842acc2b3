import { Alert, Button, Card, Form, Input } from 'antd';
import { OPERATOR_PASSWORD_WEAK, isStrongPassword } from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import { useConsoleAction } from '../api/console-api';

/** Operators need a strong password: after the TOTP check, one without it sets it here first. */
export function PasswordStep() {
  const change = useConsoleAction('/api/console/password');
  return (
    <Card title="设置运营密码" className="console-totp">
      <p>{OPERATOR_PASSWORD_WEAK}。修改后请使用新密码登录。</p>
      <Form
        layout="vertical"
        onFinish={(v: { oldPassword: string; newPassword: string }) =>
          change.mutate({ oldPassword: v.oldPassword, newPassword: v.newPassword })
        }
      >
        <Form.Item name="oldPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="新密码"
          rules={[
            { required: true, message: OPERATOR_PASSWORD_WEAK },
            {
              validator: (_, v: string) =>
                isStrongPassword(v ?? '') ? Promise.resolve() : Promise.reject(new Error(OPERATOR_PASSWORD_WEAK)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} block>
          保存密码
        </Button>
      </Form>
      {change.isError ? (
        <Alert type="error" showIcon title={errorText(change.error)} style={{ marginTop: 12 }} />
      ) : null}
    </Card>
  );
}
