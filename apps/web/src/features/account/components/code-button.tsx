import { Button } from 'antd';
import { useCountdown } from '../../../lib/use-countdown';

/** SMS cooldown after a successful send (§4, §9). */
const COOLDOWN_SECONDS = 60;

interface CodeButtonProps {
  /**
   * Sends the code. Resolves true when sent, false when nothing was sent (a field is missing: the form
   * shows it); rejects on a failed send (the api client has shown the message).
   */
  send: () => Promise<boolean>;
  loading?: boolean;
  disabled?: boolean;
  onFailed?: () => void;
}

/** 获取验证码 for the phone change: 60 s countdown after a successful send, reset on an error (§4). */
export function CodeButton({ send, loading = false, disabled = false, onFailed }: CodeButtonProps) {
  const countdown = useCountdown(COOLDOWN_SECONDS);
  const handleClick = async (): Promise<void> => {
    try {
      if (await send()) countdown.start();
    } catch {
      countdown.reset();
      onFailed?.();
    }
  };
  return (
    <Button
      onClick={() => void handleClick()}
      disabled={disabled || countdown.running}
      loading={loading}
      style={{ minWidth: 112 }}
    >
      {countdown.running ? `${countdown.left}秒后重发` : '获取验证码'}
    </Button>
  );
}
