import { useState } from 'react';
import { Button, Form, Modal, Steps } from 'antd';
import { AccountMsg, Msg, SendNewPhoneCodeParams, UpdatePhoneParams, phoneField, requiredText } from '@xg/shared';
import { CaptchaField, CodeField } from '../../../components/code-field';
import { PhoneField } from '../../../components/password-fields';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { parsedOrSaid } from '../../../lib/parsed';
import { useCaptcha } from '../../../lib/use-captcha';
import { useSendNewPhoneCodeMutation } from '../api/send-new-phone-code';
import { useSendOldPhoneCodeMutation } from '../api/send-old-phone-code';
import { useUpdatePhoneMutation } from '../api/update-phone';
import { useVerifyOldPhoneMutation } from '../api/verify-old-phone';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { CodeButton } from './code-button';
import { useApp } from '../../../lib/use-app';

interface PhoneModalProps {
  open: boolean;
  onClose: () => void;
  /** The account's phone, masked (null: an e-mail-only account binds its first phone, no old-phone step). */
  maskedPhone: string | null;
}

const verifyCodeRule = schemaRule(requiredText(Msg.verifyCodeRequired));
const checkCodeRule = schemaRule(requiredText(Msg.checkCodeRequired));

/** Step 1: the code sent to the old phone → a ticket proving it (10 minutes, single use). */
function OldPhoneStep({ maskedPhone, onVerified }: { maskedPhone: string; onVerified: (ticket: string) => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<{ verifyCode: string }>();
  const send = useSendOldPhoneCodeMutation();
  const verify = useVerifyOldPhoneMutation();

  const handleSend = async (): Promise<boolean> => {
    const answer = await send.mutateAsync();
    void message.success(answer.message || Msg.smsSent);
    return true;
  };

  const handleFinish = async (values: { verifyCode: string }): Promise<void> => {
    try {
      const { ticket } = await verify.mutateAsync({ verifyCode: trimmed(values.verifyCode) });
      onVerified(ticket);
    } catch {
      form.setFieldValue('verifyCode', ''); // the api client has shown the server's message
    }
  };

  return (
    <Form
      name="old-phone"
      form={form}
      layout="vertical"
      requiredMark={false}
      className="account-modal-form"
      onFinish={(values) => void handleFinish(values)}
    >
      <p className="account-muted">为了账号安全，请先验证当前手机号 {maskedPhone}</p>
      <CodeField
        name="verifyCode"
        rule={verifyCodeRule}
        label="短信验证码"
        inputLabel="原手机号验证码"
        placeholder="请输入原手机号收到的验证码"
        addon={<CodeButton send={handleSend} loading={send.isPending} />}
      />
      <Button type="primary" htmlType="submit" block loading={verify.isPending}>
        下一步
      </Button>
    </Form>
  );
}

interface NewPhoneValues {
  phone: string;
  checkCode: string;
  verifyCode: string;
}

/** Step 2: the new phone with the image captcha and its own code → POST /api/user/updatePhone. */
function NewPhoneStep({ ticket, onDone }: { ticket: string | undefined; onDone: () => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<NewPhoneValues>();
  const captcha = useCaptcha();
  const send = useSendNewPhoneCodeMutation();
  const update = useUpdatePhoneMutation();
  const { applyUserInfo } = useAccountRefresh();

  const handleSend = async (): Promise<boolean> => {
    let values: Pick<NewPhoneValues, 'phone' | 'checkCode'>;
    try {
      values = await form.validateFields(['phone', 'checkCode']);
    } catch {
      return false; // the form shows which of phone / captcha is missing (§5)
    }
    const params = parsedOrSaid(
      SendNewPhoneCodeParams.safeParse({ phone: trimmed(values.phone), checkCode: trimmed(values.checkCode), ticket }),
      message,
    );
    if (!params) return false;
    const answer = await send.mutateAsync(params);
    void message.success(answer.message || Msg.smsSent);
    return true;
  };

  const handleFinish = async (values: NewPhoneValues): Promise<void> => {
    const params = parsedOrSaid(
      UpdatePhoneParams.safeParse({ phone: trimmed(values.phone), verifyCode: trimmed(values.verifyCode), ticket }),
      message,
    );
    if (!params) return;
    try {
      const answer = await update.mutateAsync(params);
      applyUserInfo(answer.userInfoMap);
      void message.success(answer.message || AccountMsg.updateOk);
      onDone();
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Form
      name="new-phone"
      form={form}
      layout="vertical"
      requiredMark={false}
      className="account-modal-form"
      onFinish={(values) => void handleFinish(values)}
    >
      <PhoneField label="新手机号" rule={schemaRule(phoneField)} placeholder="请输入新手机号" />
      <CaptchaField captcha={captcha} rule={checkCodeRule} />
      <CodeField
        name="verifyCode"
        rule={verifyCodeRule}
        label="短信验证码"
        inputLabel="新手机号验证码"
        placeholder="请输入新手机号收到的验证码"
        addon={<CodeButton send={handleSend} loading={send.isPending} onFailed={captcha.refresh} />}
      />
      <Button type="primary" htmlType="submit" block loading={update.isPending}>
        确认更换
      </Button>
    </Form>
  );
}

/**
 * 更换手机号 (two steps): verify the old phone (sendOldPhoneCode → verifyOldPhone gives a ticket), then the
 * new phone with the image captcha (sendNewPhoneCode → updatePhone). An account without a phone starts at
 * the second step and sends no ticket.
 */
export function PhoneModal({ open, onClose, maskedPhone }: PhoneModalProps) {
  const [ticket, setTicket] = useState<string | undefined>(undefined);
  const hasPhone = maskedPhone !== null && maskedPhone !== '';
  const step = hasPhone && !ticket ? 0 : 1;

  const handleClose = (): void => {
    setTicket(undefined);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={hasPhone ? '更换手机号' : '绑定手机号'}
      footer={null}
      onCancel={handleClose}
      destroyOnHidden
      width={460}
    >
      {hasPhone ? (
        <Steps
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={step}
          items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }]}
          style={{ margin: '8px 0 24px' }}
        />
      ) : null}
      {step === 0 && maskedPhone ? (
        <OldPhoneStep maskedPhone={maskedPhone} onVerified={setTicket} />
      ) : (
        <NewPhoneStep ticket={ticket} onDone={handleClose} />
      )}
    </Modal>
  );
}
