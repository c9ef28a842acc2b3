import type { ReactNode } from 'react';
import { Form, Grid, Input, Radio } from 'antd';
import { IDENTITY_TYPES, RegisterParams } from '@xg/shared';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { markRegistered } from '../../../lib/prize-flag';
import { useRegisterMutation } from '../api/register';
import type { SessionAnswer } from '../api/session-answer';
import { useCaptcha } from '../../../lib/use-captcha';
import { PanelForm, PhoneCodePasswordFields, phoneCodePassword, SubmitRow } from './verification-fields';
import { parsedOrSaid } from '../../../lib/parsed';
import { useApp } from '../../../lib/use-app';
import { signUpOrigin } from '../sign-up-origin';

interface RegisterFormValues {
  phone: string;
  checkCode: string;
  verifyCode: string;
  password: string;
  rePassword: string;
  type?: number;
  inviteCode?: string;
}

interface RegisterFormProps {
  onSuccess: (answer: SessionAnswer) => void;
  /** From the register link's inviteCode query (§2.4). */
  inviteCode?: string;
  /** From a QR sign-in that asked to register (§4). */
  taId?: string;
  footer?: ReactNode;
}

/** Registration by phone with image captcha and SMS code (§5). */
export function RegisterForm({ onSuccess, inviteCode, taId, footer }: RegisterFormProps) {
  const { message } = useApp();
  const [form] = Form.useForm<RegisterFormValues>();
  const captcha = useCaptcha();
  const mutation = useRegisterMutation();
  const screens = Grid.useBreakpoint();
  // The student identity is offered only in the desktop layout (≥ 768 px, §5).
  const identities = IDENTITY_TYPES.filter((item) => !('desktopOnly' in item) || screens.md === true);

  const handleFinish = async (values: RegisterFormValues): Promise<void> => {
    const params = parsedOrSaid(
      RegisterParams.safeParse({
        ...phoneCodePassword(values),
        type: values.type,
        inviteCode: trimmed(values.inviteCode) || undefined,
        ...signUpOrigin(),
        taId: taId || undefined,
      }),
      message,
    );
    if (!params) return;
    let answer: SessionAnswer;
    try {
      answer = await mutation.mutateAsync(params);
    } catch {
      captcha.refresh(); // the api client has shown the server's message; a new captcha for the retry
      return;
    }
    markRegistered(); // the prize popup follows 1 s later (§4)
    onSuccess(answer);
  };

  return (
    <PanelForm form={form} initialValues={{ inviteCode: inviteCode ?? '' }} onFinish={handleFinish}>
      <PhoneCodePasswordFields form={form} captcha={captcha} purpose="register" />
      <Form.Item label="身份" name="type" rules={[schemaRule(RegisterParams.shape.type)]}>
        <Radio.Group optionType="button" buttonStyle="solid" className="identity-group">
          {identities.map((item) => (
            <Radio.Button key={item.value} value={item.value}>
              {item.label}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label="邀请码（选填）" name="inviteCode">
        <Input placeholder="如有邀请码请填写" maxLength={32} allowClear />
      </Form.Item>
      <SubmitRow label="注册" loading={mutation.isPending} footer={footer} />
    </PanelForm>
  );
}
