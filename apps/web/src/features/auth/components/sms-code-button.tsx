import { App, Button } from 'antd';
import { Msg } from '@xg/shared';
import { isApiError } from '../../../lib/api-client';
import { useSendSmsCodeMutation } from '../api/send-sms-code';
import { useCountdown } from '../hooks/use-countdown';

/** SMS cooldown after a successful send (§4, §9). */
export const SMS_COOLDOWN_SECONDS = 60;

interface SmsCodeButtonProps {
  /** 1 register, 2 forgot, 8 bind (§7.1). */
  type: 1 | 2 | 8;
  /** Validates and returns the phone and the image captcha; rejects when one is missing (§5). */
  getTarget: () => Promise<{ phone: string; checkCode: string }>;
  /** After a failed send (the captcha is usually spent: refresh it). */
  onFailed?: () => void;
  disabled?: boolean;
}

/** 获取验证码: disabled with a 60 s countdown after a successful send; reset on error (§4). */
export function SmsCodeButton({ type, getTarget, onFailed, disabled = false }: SmsCodeButtonProps) {
  const { message } = App.useApp();
  const countdown = useCountdown(SMS_COOLDOWN_SECONDS);
  const mutation = useSendSmsCodeMutation();

  const handleClick = async (): Promise<void> => {
    let target: { phone: string; checkCode: string };
    try {
      target = await getTarget();
    } catch {
      return; // the form shows which of phone / captcha is missing
    }
    try {
      await mutation.mutateAsync({ type, ...target });
      countdown.start();
      void message.success(Msg.smsSent);
    } catch (error) {
      countdown.reset();
      if (isApiError(error)) onFailed?.();
    }
  };

  return (
    <Button
      onClick={() => void handleClick()}
      disabled={disabled || countdown.running}
      loading={mutation.isPending}
      style={{ minWidth: 112 }}
    >
      {countdown.running ? `${countdown.left}秒后重发` : '获取验证码'}
    </Button>
  );
}
