import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Spin, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { Msg, QR_FLAGS, QR_LOGIN_POLLS, QR_REGISTER_POLLS } from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import { getQrCode, type QrCode } from '../api/get-qr-code';
import { getQrStatus } from '../api/get-qr-status';
import type { SessionAnswer } from '../api/session-answer';
import './qr-sign-in.css';

/** The status is polled once a second (§4, §9). */
export const QR_POLL_INTERVAL_MS = 1_000;

export type QrFlag = (typeof QR_FLAGS)[keyof typeof QR_FLAGS];

type QrState =
  | { phase: 'loading' }
  | { phase: 'waiting'; qr: QrCode }
  | { phase: 'expired'; qr: QrCode }
  | { phase: 'done'; qr: QrCode }
  | { phase: 'failed'; message: string };

interface QrSignInProps {
  /** 1 login, 2 register (§7.1). */
  flag: QrFlag;
  /** A known WeChat: signed in. */
  onSession: (answer: SessionAnswer) => void;
  /** A WeChat without an account: register or bind with this taId. */
  onTaId: (taId: string) => void;
  /** Offered when QR sign-in is unavailable (e.g. the official account is not configured). */
  onUsePassword?: () => void;
}

/**
 * 扫码登录 / 扫码注册 through the WeChat official account (§4): GET /api/getQRCode, then
 * GET /api/getQRCodeStatus once a second. After 40 polls (login) or 60 (register), or when the server says
 * the QR is gone, it shows 二维码已失效 with a refresh button. Polling stops on unmount. In sandbox mode the
 * QR's page is offered as a 模拟扫码 link so a desktop demo needs no phone.
 */
export function QrSignIn({ flag, onSession, onTaId, onUsePassword }: QrSignInProps) {
  const [state, setState] = useState<QrState>({ phase: 'loading' });
  const [round, setRound] = useState(0);
  const handleSession = useEffectEvent(onSession);
  const handleTaId = useEffectEvent(onTaId);
  const pollLimit = flag === QR_FLAGS.LOGIN ? QR_LOGIN_POLLS : QR_REGISTER_POLLS;

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    let polls = 0;

    const poll = async (qr: QrCode): Promise<void> => {
      polls += 1;
      try {
        const answer = await getQrStatus(qr.sign, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.status) {
          setState({ phase: 'done', qr });
          if (answer.taId) handleTaId(answer.taId);
          else if (answer.user_token && answer.userInfoMap)
            handleSession({
              code: 200,
              message: Msg.loginOk,
              user_token: answer.user_token,
              userInfoMap: answer.userInfoMap,
            });
          return;
        }
        if (answer.expired) {
          setState({ phase: 'expired', qr });
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        // A failed poll (network, rate limit) is retried until the poll count runs out.
        console.warn('[qr] status poll failed', error);
      }
      if (polls >= pollLimit) {
        setState({ phase: 'expired', qr });
        return;
      }
      timer = window.setTimeout(() => void poll(qr), QR_POLL_INTERVAL_MS);
    };

    const start = async (): Promise<void> => {
      try {
        const qr = await getQrCode(flag, controller.signal);
        if (controller.signal.aborted) return;
        setState({ phase: 'waiting', qr });
        timer = window.setTimeout(() => void poll(qr), QR_POLL_INTERVAL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ phase: 'failed', message: errorText(error) });
      }
    };
    void start();

    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [flag, pollLimit, round]);

  const handleRefresh = (): void => {
    setState({ phase: 'loading' });
    setRound((value) => value + 1);
  };

  const action = flag === QR_FLAGS.LOGIN ? '登录' : '注册';
  const qr = state.phase === 'loading' || state.phase === 'failed' ? null : state.qr;

  return (
    <div className="qr-sign-in" data-testid="qr-sign-in" data-phase={state.phase}>
      <div className="qr-sign-in-frame">
        {state.phase === 'loading' ? <Spin aria-label="二维码加载中" /> : null}
        {qr ? <img src={qr.imgUrl} alt={`微信扫码${action}二维码`} width={180} height={180} /> : null}
        {state.phase === 'expired' ? (
          <div className="qr-sign-in-overlay" role="alert">
            <ExclamationCircleFilled className="qr-sign-in-overlay-icon" aria-hidden />
            <span>{Msg.qrExpired}</span>
            <Button type="primary" size="small" icon={<ReloadOutlined aria-hidden />} onClick={handleRefresh}>
              刷新二维码
            </Button>
          </div>
        ) : null}
        {state.phase === 'done' ? (
          <div className="qr-sign-in-overlay" role="status">
            <CheckCircleFilled className="qr-sign-in-overlay-icon is-success" aria-hidden />
            <span>扫码成功</span>
          </div>
        ) : null}
        {state.phase === 'failed' ? (
          <div className="qr-sign-in-failed" role="alert">
            <ExclamationCircleFilled className="qr-sign-in-overlay-icon" aria-hidden />
            <span>{state.message}</span>
            <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={handleRefresh}>
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      <p className="qr-sign-in-tip">
        <WechatOutlined className="qr-sign-in-wechat" aria-hidden />
        请使用微信扫描二维码{action}
      </p>
      <Typography.Text type="secondary" className="qr-sign-in-note">
        {flag === QR_FLAGS.LOGIN
          ? '扫码并关注公众号后自动登录，首次扫码需绑定手机号或邮箱'
          : '扫码并关注公众号后，绑定手机号或邮箱即可完成注册'}
      </Typography.Text>
      {qr?.sandboxScanUrl && state.phase === 'waiting' ? (
        <Typography.Text type="secondary" className="qr-sign-in-sandbox">
          沙箱模式：
          <a href={qr.sandboxScanUrl} target="_blank" rel="noopener noreferrer">
            模拟扫码
          </a>
        </Typography.Text>
      ) : null}
      {state.phase === 'failed' && onUsePassword ? (
        <Button type="link" onClick={onUsePassword}>
          使用账号密码登录
        </Button>
      ) : null}
    </div>
  );
}
