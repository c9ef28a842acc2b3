import type { ReactNode } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import {
  AccountMsg,
  BIND_OTYPE,
  BindAccountParams,
  RegisterParams,
  SMS_TYPES,
  contactField,
  isPhone,
} from '@xg/shared';
import { CodeField } from '../../../components/code-field';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useCaptcha } from '../../../lib/use-captcha';
import { useBindAccountMutation, type BindAccountRequest } from '../api/bind-account';
import type { SessionAnswer } from '../api/session-answer';
import { SmsCodeButton, type CodeTarget } from './sms-code-button';
import { CaptchaField, PanelForm, SandboxHint, SubmitRow } from './verification-fields';
import { parsedOrSaid } from '../../../lib/parsed';
import { useApp } from '../../../lib/use-app';
import { signUpOrigin } from '../sign-up-origin';

interface BindFormValues {
  account: string;
  checkCode: string;
  verifyCode: string;
}

interface BindFormProps {
  /** The WeChat identity of the QR scan (from the URL). */
  taId: string;
  inviteCode?: string;
  onSuccess: (answer: SessionAnswer) => void;
  footer?: ReactNode;
}

/**
 * 绑定已有账号 (§3, §5, §7.1) after a QR scan by a WeChat without an account: one contact field — a phone
 * (pattern) binds with otype 1 and an SMS code of type 8, anything else is an e-mail (otype 2) with a mail
 * code. The phone's / e-mail's account gets the WeChat (one is created when there is none) and is signed in.
 */
export function BindForm({ taId, inviteCode, onSuccess, footer }: BindFormProps) {
  const { message } = useApp();
  const [form] = Form.useForm<BindFormValues>();
  const captcha = useCaptcha();
  const mutation = useBindAccountMutation();
  const account = trimmed(Form.useWatch('account', form));
  const byPhone = account === '' || isPhone(account);

  const getCodeTarget = async (): Promise<CodeTarget> => {
    const values = await form.validateFields(['account', 'checkCode']);
    const contact = trimmed(values.account);
    const checkCode = trimmed(values.checkCode);
    return isPhone(contact)
      ? { channel: 'sms', type: SMS_TYPES.BIND, phone: contact, checkCode }
      : { channel: 'email', email: contact, checkCode };
  };

  const handleFinish = async (values: BindFormValues): Promise<void> => {
    const contact = trimmed(values.account);
    const otype = isPhone(contact) ? BIND_OTYPE.PHONE : BIND_OTYPE.EMAIL;
    const checkCode = trimmed(values.checkCode);
    const extras = { inviteCode: inviteCode || undefined, ...signUpOrigin() };
    const params = parsedOrSaid(
      BindAccountParams.safeParse({
        otype,
        [otype === BIND_OTYPE.PHONE ? 'phone' : 'email']: contact,
        checkCode,
        verifyCode: trimmed(values.verifyCode),
        taId,
        bindingUser: 1,
        ...extras,
      }),
      message,
    );
    if (!params) return;
    const { account: destination, verifyCode } = params;
    const request: BindAccountRequest =
      params.otype === BIND_OTYPE.PHONE
        ? { otype: BIND_OTYPE.PHONE, phone: destination, checkCode, verifyCode, taId, ...extras }
        : { otype: BIND_OTYPE.EMAIL, email: destination, checkCode, verifyCode, taId, ...extras };
    try {
      onSuccess(await mutation.mutateAsync(request));
    } catch {
      captcha.refresh(); // the api client has shown the server's message
    }
  };

  return (
    <PanelForm form={form} onFinish={handleFinish}>
      <Alert
        type="success"
        showIcon
        title="微信扫码成功"
        description="请绑定手机号或邮箱：已注册的账号将关联此微信，未注册的将自动创建新账号，以后可直接扫码登录。"
        style={{ marginBottom: 16 }}
      />
      <Form.Item label="手机号或邮箱" name="account" rules={[schemaRule(contactField)]}>
        <Input
          prefix={<UserOutlined aria-hidden />}
          placeholder="请输入手机号或邮箱"
          autoComplete="username"
          maxLength={254}
          allowClear
        />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <CodeField
        name="verifyCode"
        rule={schemaRule(RegisterParams.shape.verifyCode)}
        label={byPhone ? '短信验证码' : '邮箱验证码'}
        placeholder={byPhone ? '请输入短信验证码' : '请输入邮箱验证码'}
        addon={<SmsCodeButton getTarget={getCodeTarget} onFailed={captcha.refresh} />}
      />
      <SandboxHint>沙箱模式：验证码会写入服务器日志</SandboxHint>
      <SubmitRow label="绑定并登录" loading={mutation.isPending} footer={footer} />
    </PanelForm>
  );
}

/** The bind panel without a scan: the server needs the taId of a QR scan first (AccountMsg.taIdRequired). */
export function BindNeedsScan({ onScan }: { onScan: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      title={AccountMsg.taIdRequired}
      description="绑定账号需要先使用微信扫描登录二维码，扫码后将自动回到此页面。"
      action={
        <Button size="small" type="primary" onClick={onScan}>
          去扫码
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
