import type { ReactNode } from 'react';
import { Alert, Button, Card, Tabs, Typography } from 'antd';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AccountMsg, Msg, QR_FLAGS } from '@xg/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { safeRedirect, useAppNavigate } from '../../../lib/use-app-navigate';
import type { SessionAnswer } from '../api/session-answer';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { BindForm, BindNeedsScan } from './bind-form';
import { ForgetForm } from './forget-form';
import { LoginForm } from './login-form';
import { QrSignIn, type QrFlag } from './qr-sign-in';
import { RegisterForm } from './register-form';
import { useApp } from '../../../lib/use-app';

export type SignInStatus = 'login' | 'register' | 'forget' | 'bind';
/** The login and register panels each have a password/phone tab and a QR tab (?tab=qr). */
type PanelTab = 'form' | 'qr';

const PANEL_TITLES: Record<SignInStatus, string> = {
  login: '欢迎登录',
  register: '注册账号',
  forget: '找回密码',
  bind: '绑定账号',
};

function toStatus(raw: string | null): SignInStatus {
  return raw === 'register' || raw === 'forget' || raw === 'bind' ? raw : 'login';
}

/** The phone handed over by the forgot-password panel (navigation state, never the URL). */
function loginnameFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('loginname' in state)) return undefined;
  return typeof state.loginname === 'string' ? state.loginname : undefined;
}

/**
 * /login (§2.4): one page, four panels chosen by ?status= — login (password or QR), register (phone or QR),
 * forget (reset by SMS) and bind (after a QR scan by a WeChat without an account, ?taId=). After a login,
 * registration or bind the user goes to / (or the redirect query).
 */
export function SignInPage() {
  const { message } = useApp();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useAppNavigate();
  const completeSignIn = useCompleteSignIn();
  const status = toStatus(searchParams.get('status'));
  const tab: PanelTab = searchParams.get('tab') === 'qr' ? 'qr' : 'form';
  const taId = searchParams.get('taId') ?? '';
  const inviteCode = searchParams.get('inviteCode') ?? undefined;

  const go = (next: SignInStatus, options: { tab?: PanelTab; taId?: string; loginname?: string } = {}): void => {
    const params = new URLSearchParams(searchParams);
    params.set('status', next);
    if (options.tab === 'qr') params.set('tab', 'qr');
    else params.delete('tab');
    if (options.taId) params.set('taId', options.taId);
    else if (next !== 'register' && next !== 'bind') params.delete('taId');
    navigate(
      { pathname: '/login', search: `?${params.toString()}` },
      options.loginname ? { state: { loginname: options.loginname } } : undefined,
    );
  };

  const handleTab = (key: string): void => go(status, { tab: key === 'qr' ? 'qr' : 'form', taId: taId || undefined });

  const handleSuccess = (answer: SessionAnswer, text: string): void => {
    completeSignIn(answer);
    void message.success(text);
    navigate(safeRedirect(searchParams.get('redirect')) ?? { pathname: '/' }, { replace: true });
  };

  const handleTaId = (next: string): void => go('bind', { taId: next });

  const link = (label: string, next: SignInStatus, options?: { tab?: PanelTab; taId?: string }) => (
    <Button type="link" size="small" onClick={() => go(next, options)} style={{ paddingInline: 0 }}>
      {label}
    </Button>
  );

  const toRegister = <span>没有账号？{link('立即注册', 'register')}</span>;
  const toLogin = <span>已有账号？{link('立即登录', 'login')}</span>;

  /**
   * 登录 and 注册 (`status`): the form in one tab, the QR code in the other; under the code the way to the other
   * panel (`other`) and back to the form tab, named like it.
   */
  const formOrQr = (
    status: SignInStatus,
    form: { label: string; panel: ReactNode },
    qr: { label: string; flag: QrFlag; other: ReactNode; onUsePassword?: () => void },
  ) => (
    <Tabs
      className="sign-in-tabs"
      centered
      activeKey={tab}
      onChange={handleTab}
      destroyOnHidden
      items={[
        { key: 'form', label: form.label, children: form.panel },
        {
          key: 'qr',
          label: qr.label,
          children: (
            <>
              <QrSignIn
                flag={qr.flag}
                onSession={(answer) => handleSuccess(answer, Msg.loginOk)}
                onTaId={handleTaId}
                onUsePassword={qr.onUsePassword}
              />
              <div className="sign-in-links" style={{ marginTop: 16 }}>
                {qr.other}
                {link(form.label, status)}
              </div>
            </>
          ),
        },
      ]}
    />
  );

  const loginPanel = formOrQr(
    'login',
    {
      label: '密码登录',
      panel: (
        <LoginForm
          initialLoginname={loginnameFromState(location.state)}
          onSuccess={(answer) => handleSuccess(answer, Msg.loginOk)}
          footer={
            <div className="sign-in-links">
              {toRegister}
              {link('忘记密码', 'forget')}
            </div>
          }
        />
      ),
    },
    { label: '扫码登录', flag: QR_FLAGS.LOGIN, other: toRegister, onUsePassword: () => go('login') },
  );

  const registerForm = (
    <RegisterForm
      inviteCode={inviteCode}
      taId={taId || undefined}
      onSuccess={(answer) => handleSuccess(answer, Msg.registerOk)}
      footer={<div className="sign-in-links">{toLogin}</div>}
    />
  );

  const registerPanel = taId ? (
    <>
      <Alert
        type="success"
        showIcon
        title="微信扫码成功"
        description="注册完成后，此微信将关联新账号，以后可直接扫码登录。"
        style={{ marginBottom: 16 }}
      />
      {registerForm}
    </>
  ) : (
    formOrQr(
      'register',
      { label: '手机号注册', panel: registerForm },
      { label: '扫码注册', flag: QR_FLAGS.REGISTER, other: toLogin },
    )
  );

  const bindPanel = taId ? (
    <BindForm
      taId={taId}
      inviteCode={inviteCode}
      onSuccess={(answer) => handleSuccess(answer, AccountMsg.bindOk)}
      footer={
        <div className="sign-in-links">
          {link('返回登录', 'login')}
          {link('注册新账号', 'register', { taId })}
        </div>
      }
    />
  ) : (
    <>
      <BindNeedsScan onScan={() => go('login', { tab: 'qr' })} />
      <div className="sign-in-links">{link('返回登录', 'login')}</div>
    </>
  );

  return (
    <Card className="sign-in-card" variant="borderless">
      <div className="sign-in-brand">
        <BrandLogo size={40} />
      </div>
      <Typography.Title level={3} className="sign-in-title">
        {PANEL_TITLES[status]}
      </Typography.Title>
      {status === 'login' ? loginPanel : null}
      {status === 'register' ? registerPanel : null}
      {status === 'forget' ? (
        <ForgetForm
          onDone={(phone) => go('login', { loginname: phone })}
          footer={<div className="sign-in-links">{link('返回登录', 'login')}</div>}
        />
      ) : null}
      {status === 'bind' ? bindPanel : null}
    </Card>
  );
}
