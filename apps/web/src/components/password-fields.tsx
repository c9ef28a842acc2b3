import type { FormRule } from 'antd';
import { Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Msg } from '@xg/shared';
import { trimmed } from '../lib/form-rules';

/** The phone-number field of register, forgotten password and 更换手机号 (11 digits, trimmed by its rule). */
export function PhoneField({
  rule,
  placeholder,
  label = '手机号',
}: {
  rule: FormRule;
  placeholder: string;
  label?: string;
}) {
  return (
    <Form.Item label={label} name="phone" rules={[rule]}>
      <Input
        prefix={<MobileOutlined aria-hidden />}
        placeholder={placeholder}
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        allowClear
      />
    </Form.Item>
  );
}

interface NewPasswordFieldsProps {
  /** 'password' / 'rePassword' labels: 密码 (register) or 新密码 (reset, change) */
  label: string;
  passwordRule: FormRule;
  confirmRule: FormRule;
}

/**
 * A new password and its confirmation (fields `password` and `rePassword`): register, forgotten password and
 * the account's change of password. The confirmation is checked against the password as typed (§5 trims both)
 * and re-checked when the password changes; a mismatch says Msg.passwordMismatch.
 */
export function NewPasswordFields({ label, passwordRule, confirmRule }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item label={label} name="password" rules={[passwordRule]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder={`请设置${label}（不少于6位）`}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        label={`确认${label}`}
        name="rePassword"
        dependencies={['password']}
        rules={[
          confirmRule,
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) => {
              const password = trimmed(getFieldValue('password'));
              const mismatch = trimmed(value) !== '' && password !== '' && trimmed(value) !== password;
              return mismatch ? Promise.reject(new Error(Msg.passwordMismatch)) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder={`请再次输入${label}`}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
