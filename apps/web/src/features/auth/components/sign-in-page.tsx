import { App, Button, Card, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { Msg } from '@xg/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { safeRedirect, useAppNavigate } from '../../../lib/use-app-navigate';
import type { SessionAnswer } from '../api/session-answer';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { ComingSoonAccountForm } from './coming-soon-account-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type SignInStatus = 'login' | 'register' | 'forget' | 'bind';

const PANEL_TITLES: Record<SignInStatus, string> = {
  login: '账号登录',
  register: '注册账号',
  forget: '找回密码',
  bind: '绑定已有账号',
};

function toStatus(raw: string | null): SignInStatus {
  return raw === 'register' || raw === 'forget' || raw === 'bind' ? raw : 'login';
}

/** /login (§2.4): one page, four panels chosen by ?status= (login, register, forget, bind). */
export function SignInPage() {
  const { message } = App.useApp();
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const completeSignIn = useCompleteSignIn();
  const status = toStatus(searchParams.get('status'));

  const handleSwitch = (next: SignInStatus): void => {
    const params = new URLSearchParams(searchParams);
    params.set('status', next);
    navigate({ pathname: '/login', search: `?${params.toString()}` });
  };

  const handleSuccess = (answer: SessionAnswer, text: string): void => {
    completeSignIn(answer);
    void message.success(text);
    navigate(safeRedirect(searchParams.get('redirect')) ?? { pathname: '/' }, { replace: true });
  };

  const link = (label: string, next: SignInStatus) => (
    <Button type="link" size="small" onClick={() => handleSwitch(next)} style={{ paddingInline: 0 }}>
      {label}
    </Button>
  );

  return (
    <Card className="sign-in-card" variant="borderless">
      <div className="sign-in-brand">
        <BrandLogo size={40} />
      </div>
      <Typography.Title level={3} className="sign-in-title">
        {PANEL_TITLES[status]}
      </Typography.Title>
      {status === 'login' ? (
        <LoginForm
          onSuccess={(answer) => handleSuccess(answer, Msg.loginOk)}
          footer={
            <div className="sign-in-links">
              <span>没有账号？{link('立即注册', 'register')}</span>
              {link('忘记密码', 'forget')}
            </div>
          }
        />
      ) : null}
      {status === 'register' ? (
        <RegisterForm
          inviteCode={searchParams.get('inviteCode') ?? undefined}
          taId={searchParams.get('taId') ?? undefined}
          onSuccess={(answer) => handleSuccess(answer, Msg.registerOk)}
          footer={
            <div className="sign-in-links">
              <span>已有账号？{link('立即登录', 'login')}</span>
            </div>
          }
        />
      ) : null}
      {status === 'forget' || status === 'bind' ? (
        <ComingSoonAccountForm
          kind={status}
          footer={
            <div className="sign-in-links">
              {link('返回登录', 'login')}
              {status === 'bind' ? link('注册新账号', 'register') : null}
            </div>
          }
        />
      ) : null}
    </Card>
  );
}
