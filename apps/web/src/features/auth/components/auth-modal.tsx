import { Button, Modal, Result, Tabs } from 'antd';
import { Msg, QR_FLAGS } from '@xg/shared';
import type { SessionAnswer } from '../api/session-answer';
import type { AuthTab } from '../hooks/use-auth-modal';
import { LoginForm } from './login-form';
import { QrSignIn } from './qr-sign-in';
import { RegisterForm } from './register-form';

function toTab(key: string): AuthTab {
  return key === 'register' || key === 'qr' ? key : 'login';
}

export interface AuthModalProps {
  open: boolean;
  tab: AuthTab;
  /** the success text once signed in (the modal shows it until it closes) */
  succeeded: string | null;
  onTab: (tab: AuthTab) => void;
  onClose: () => void;
  onSuccess: (answer: SessionAnswer, text: string) => void;
  /** a WeChat without an account: bind on the sign-in page */
  onTaId: (taId: string) => void;
  onForgot: () => void;
}

/**
 * The login / register / QR modal (§2.4). Loaded on demand by AuthModalProvider the first time it opens, so
 * the public pages do not carry its forms.
 */
export function AuthModal({ open, tab, succeeded, onTab, onClose, onSuccess, onTaId, onForgot }: AuthModalProps) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={440}
      destroyOnHidden
      centered
      title={null}
      className="auth-modal"
    >
      {succeeded ? (
        <Result status="success" title={succeeded} subTitle="窗口将在2秒后自动关闭" />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => onTab(toTab(key))}
          centered
          destroyOnHidden
          items={[
            {
              key: 'login',
              label: '登录',
              children: (
                <LoginForm
                  onSuccess={(answer) => onSuccess(answer, Msg.loginOk)}
                  footer={
                    <div className="sign-in-links">
                      <span>
                        没有账号？
                        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onTab('register')}>
                          立即注册
                        </Button>
                      </span>
                      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={onForgot}>
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
              children: <RegisterForm onSuccess={(answer) => onSuccess(answer, Msg.registerOk)} />,
            },
            {
              key: 'qr',
              label: '扫码登录',
              children: (
                <QrSignIn
                  flag={QR_FLAGS.LOGIN}
                  onSession={(answer) => onSuccess(answer, Msg.loginOk)}
                  onTaId={onTaId}
                  onUsePassword={() => onTab('login')}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
