import { Button } from 'antd';
import { AccountMsg, Msg } from '@xg/shared';
import { isApiError } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/use-countdown';
import { useSendEmailCodeMutation } from '../api/send-email-code';
import { useSendSmsCodeMutation } from '../api/send-sms-code';
import { useApp } from '../../../lib/use-app';

/** SMS cooldown after a successful send (§4, §9). */
export const SMS_COOLDOWN_SECONDS = 60;

/** Where the code goes: an SMS of type 1 register / 2 forgot / 8 bind, or the bind panel's e-mail code. */
export type CodeTarget =
  | { channel: 'sms'; type: 1 | 2 | 8; phone: string; checkCode: string }
  | { channel: 'email'; email: string; checkCode: string };

interface SmsCodeButtonProps {
  /** Validates and returns the destination and the image captcha; rejects when one is missing (§5). */
  getTarget: () => Promise<CodeTarget>;
  /** After a failed send (the captcha is usually spent: refresh it). */
  onFailed?: () => void;
  disabled?: boolean;
}

/**
 * 获取验证码 (§4): needs the phone (or e-mail) and the image captcha filled; after a successful send it is
 * disabled with a 60 s countdown; on an error it resets at once.
 */
export function SmsCodeButton({ getTarget, onFailed, disabled = false }: SmsCodeButtonProps) {
  const { message } = useApp();
  const countdown = useCountdown(SMS_COOLDOWN_SECONDS);
  const sms = useSendSmsCodeMutation();
  const mail = useSendEmailCodeMutation();

  const handleClick = async (): Promise<void> => {
    let target: CodeTarget;
    try {
      target = await getTarget();
    } catch {
      return; // the form shows which of phone / captcha is missing
    }
    try {
      if (target.channel === 'sms') {
        await sms.mutateAsync({ type: target.type, phone: target.phone, checkCode: target.checkCode });
      } else {
        await mail.mutateAsync({ email: target.email, checkCode: target.checkCode });
      }
      countdown.start();
      void message.success(target.channel === 'sms' ? Msg.smsSent : AccountMsg.mailSent);
    } catch (error) {
      countdown.reset();
      if (isApiError(error)) onFailed?.();
    }
  };

  return (
    <Button
      onClick={() => void handleClick()}
      disabled={disabled || countdown.running}
      loading={sms.isPending || mail.isPending}
      style={{ minWidth: 112 }}
    >
      {countdown.running ? `${countdown.left}秒后重发` : '获取验证码'}
    </Button>
  );
}
