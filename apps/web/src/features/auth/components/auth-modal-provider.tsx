import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Modal, Result, Tabs } from 'antd';
import { Msg, QR_FLAGS } from '@xg/shared';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import type { SessionAnswer } from '../api/session-answer';
import { AuthModalContext, type AuthModalRequest, type AuthTab } from '../hooks/use-auth-modal';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { LoginForm } from './login-form';
import { QrSignIn } from './qr-sign-in';
import { RegisterForm } from './register-form';

function toTab(key: string): AuthTab {
  return key === 'register' || key === 'qr' ? key : 'login';
}

/** The modal closes 2 s after a successful sign-in (§2.4, §9). */
const CLOSE_AFTER_SUCCESS_MS = 2_000;

interface ModalState {
  open: boolean;
  tab: AuthTab;
  succeeded: string | null;
}

/** Provides openAuthModal() and renders the login/register modal once for the whole app. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const completeSignIn = useCompleteSignIn();
  const [state, setState] = useState<ModalState>({ open: false, tab: 'login', succeeded: null });
  const onSuccessRef = useRef<(() => void) | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const openAuthModal = useCallback((request?: AuthModalRequest) => {
    window.clearTimeout(closeTimer.current);
    onSuccessRef.current = request?.onSuccess;
    setState({ open: true, tab: request?.tab ?? 'login', succeeded: null });
  }, []);

  const handleClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setState((current) => ({ ...current, open: false }));
  }, []);

  const handleSuccess = (answer: SessionAnswer, text: string): void => {
    completeSignIn(answer); // the header and guard follow the new session without a reload
    void message.success(text);
    setState((current) => ({ ...current, succeeded: text }));
    const after = onSuccessRef.current;
    onSuccessRef.current = undefined;
    closeTimer.current = window.setTimeout(() => {
      setState((current) => ({ ...current, open: false }));
      after?.();
    }, CLOSE_AFTER_SUCCESS_MS);
  };

  // A WeChat without an account binds on the sign-in page (the bind panel keeps the taId in the URL).
  const handleTaId = (taId: string): void => {
    handleClose();
    navigate({ pathname: '/login', search: `?${new URLSearchParams({ status: 'bind', taId }).toString()}` });
  };

  const handleForgot = (): void => {
    handleClose();
    navigate({ pathname: '/login', search: '?status=forget' });
  };

  const api = useMemo(() => ({ openAuthModal }), [openAuthModal]);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      <Modal
        open={state.open}
        onCancel={handleClose}
        footer={null}
        width={440}
        destroyOnHidden
        centered
        title={null}
        className="auth-modal"
      >
        {state.succeeded ? (
          <Result status="success" title={state.succeeded} subTitle="窗口将在2秒后自动关闭" />
        ) : (
          <Tabs
            activeKey={state.tab}
            onChange={(key) => setState((current) => ({ ...current, tab: toTab(key) }))}
            centered
            destroyOnHidden
            items={[
              {
                key: 'login',
                label: '登录',
                children: (
                  <LoginForm
                    onSuccess={(answer) => handleSuccess(answer, Msg.loginOk)}
                    footer={
                      <div className="sign-in-links">
                        <span>
                          没有账号？
                          <Button
                            type="link"
                            size="small"
                            style={{ paddingInline: 0 }}
                            onClick={() => setState((c) => ({ ...c, tab: 'register' }))}
                          >
                            立即注册
                          </Button>
                        </span>
                        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={handleForgot}>
                          忘记密码
                        </Button>
                      </div>
                    }
                  />
                ),
              },
              {
                key: 'register',
                label: '注册',
                children: <RegisterForm onSuccess={(answer) => handleSuccess(answer, Msg.registerOk)} />,
              },
              {
                key: 'qr',
                label: '扫码登录',
                children: (
                  <QrSignIn
                    flag={QR_FLAGS.LOGIN}
                    onSession={(answer) => handleSuccess(answer, Msg.loginOk)}
                    onTaId={handleTaId}
                    onUsePassword={() => setState((c) => ({ ...c, tab: 'login' }))}
                  />
                ),
              },
            ]}
          />
        )}
      </Modal>
    </AuthModalContext.Provider>
  );
}
