import type { ReactNode } from 'react';
import { Button, Form, Typography, type FormInstance } from 'antd';
import { RegisterParams, SMS_TYPES } from '@xg/shared';
import { CaptchaField as CaptchaCodeField, CodeField } from '../../../components/code-field';
import { NewPasswordFields, PhoneField } from '../../../components/password-fields';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useSandboxMode } from '../hooks/use-sandbox-mode';
import { SmsCodeButton, type CodeTarget } from './sms-code-button';

interface CaptchaControl {
  src: string;
  refresh: () => void;
}

/** The image captcha field (`checkCode`) with its picture; a click on the picture draws a new one. */
export function CaptchaField({ captcha }: { captcha: CaptchaControl }) {
  return <CaptchaCodeField captcha={captcha} rule={schemaRule(RegisterParams.shape.checkCode)} />;
}

/** The SMS code field (`verifyCode`) with the 获取验证码 button (§4: 60 s countdown, reset on error). */
export function SmsCodeField({
  getTarget,
  captcha,
}: {
  getTarget: () => Promise<CodeTarget>;
  captcha: CaptchaControl;
}) {
  return (
    <CodeField
      name="verifyCode"
      rule={schemaRule(RegisterParams.shape.verifyCode)}
      label="短信验证码"
      placeholder="请输入短信验证码"
      addon={<SmsCodeButton getTarget={getTarget} onFailed={captcha.refresh} />}
    />
  );
}

/** Where the codes go in sandbox mode (the server's log), under the code fields. */
export function SandboxHint({ children }: { children: ReactNode }) {
  const sandbox = useSandboxMode();
  return sandbox.data ? (
    <Typography.Text type="secondary" className="sandbox-hint">
      {children}
    </Typography.Text>
  ) : null;
}

/** By purpose: the SMS type, the phone's placeholder, the sandbox hint and the password's label. */
const PHONE_CODE_PASSWORD = {
  register: {
    smsType: SMS_TYPES.REGISTER,
    phonePlaceholder: '请输入手机号',
    sandboxHint: '沙箱模式：短信验证码会写入服务器日志',
    passwordLabel: '密码',
  },
  forget: {
    smsType: SMS_TYPES.FORGOT,
    phonePlaceholder: '请输入注册手机号',
    sandboxHint: '沙箱模式：验证码会写入服务器日志',
    passwordLabel: '新密码',
  },
} as const;

/**
 * Phone, image captcha and the SMS code (sent once phone and captcha are valid) with the sandbox hint, then the
 * new password twice: the fields of 注册 and 找回密码 (`purpose`).
 */
export function PhoneCodePasswordFields<T extends { phone: string; checkCode: string }>({
  form,
  captcha,
  purpose,
}: {
  form: FormInstance<T>;
  captcha: CaptchaControl;
  purpose: keyof typeof PHONE_CODE_PASSWORD;
}) {
  const texts = PHONE_CODE_PASSWORD[purpose];
  const getTarget = async (): Promise<CodeTarget> => {
    const values = await form.validateFields(['phone', 'checkCode']);
    return {
      channel: 'sms',
      type: texts.smsType,
      phone: trimmed(values.phone),
      checkCode: trimmed(values.checkCode),
    };
  };
  return (
    <>
      <PhoneField rule={schemaRule(RegisterParams.shape.phone)} placeholder={texts.phonePlaceholder} />
      <CaptchaField captcha={captcha} />
      <SmsCodeField getTarget={getTarget} captcha={captcha} />
      <SandboxHint>{texts.sandboxHint}</SandboxHint>
      <NewPasswordFields
        label={texts.passwordLabel}
        passwordRule={schemaRule(RegisterParams.shape.password)}
        confirmRule={schemaRule(RegisterParams.shape.rePassword)}
      />
    </>
  );
}

interface PhoneCodePassword {
  phone: string;
  checkCode: string;
  verifyCode: string;
  password: string;
  rePassword: string;
}

/** What 注册 and 找回密码 send from PhoneCodePasswordFields, trimmed (§5). */
export function phoneCodePassword(values: PhoneCodePassword): PhoneCodePassword {
  return {
    phone: trimmed(values.phone),
    checkCode: trimmed(values.checkCode),
    verifyCode: trimmed(values.verifyCode),
    password: trimmed(values.password),
    rePassword: trimmed(values.rePassword),
  };
}

/** A sign-in panel's form (登录, 注册, 找回密码, 绑定): labels above, large, no required marks. */
export function PanelForm<T>({
  form,
  initialValues,
  onFinish,
  children,
}: {
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  onFinish: (values: T) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={initialValues}
      onFinish={(values) => void onFinish(values)}
    >
      {children}
    </Form>
  );
}

/** The panel's submit button (full width), then its footer links. */
export function SubmitRow({ label, loading, footer }: { label: string; loading: boolean; footer?: ReactNode }) {
  return (
    <>
      <Form.Item style={{ marginBottom: footer ? 12 : 0 }}>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {label}
        </Button>
      </Form.Item>
      {footer}
    </>
  );
}
