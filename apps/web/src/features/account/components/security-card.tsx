import { useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import {
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { AccountInfo } from '@xg/shared';
import { AccountCard } from './account-card';
import { PasswordModal } from './password-modal';
import { PhoneModal } from './phone-modal';

function SettingRow({
  icon,
  label,
  value,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="setting-row">
      <span className="setting-row-icon" aria-hidden>
        {icon}
      </span>
      <span className="setting-row-label">{label}</span>
      <span className="setting-row-value">{value}</span>
      {action ? <span className="setting-row-action">{action}</span> : null}
    </li>
  );
}

/** 账号安全: phone (change), e-mail, password (change / set) and the bound third-party account. */
export function SecurityCard({ account }: { account: AccountInfo }) {
  const [dialog, setDialog] = useState<'password' | 'phone' | null>(null);
  const close = (): void => setDialog(null);
  const hasPassword = account.isOldPassword === 1;
  const wechat = account.thirdAccountInfo;

  return (
    <AccountCard icon={<SafetyCertificateOutlined aria-hidden />} title="账号安全">
      <ul className="setting-list">
        <SettingRow
          icon={<MobileOutlined />}
          label="手机号"
          value={account.phone || <span className="account-muted">未绑定</span>}
          action={
            <Button type="link" onClick={() => setDialog('phone')}>
              {account.phone ? '更换手机号' : '绑定手机号'}
            </Button>
          }
        />
        <SettingRow
          icon={<MailOutlined />}
          label="邮箱"
          value={account.email || <span className="account-muted">未绑定</span>}
        />
        <SettingRow
          icon={<LockOutlined />}
          label="登录密码"
          value={hasPassword ? '已设置' : <span className="account-muted">未设置（微信扫码创建的账号）</span>}
          action={
            <Button type="link" onClick={() => setDialog('password')}>
              {hasPassword ? '修改密码' : '设置密码'}
            </Button>
          }
        />
        <SettingRow
          icon={<WechatOutlined />}
          label="第三方账号"
          value={
            wechat ? (
              <span>
                <Tag color="green">微信</Tag>
                {wechat.nickname || '已绑定'}
              </span>
            ) : (
              <span className="account-muted">
                未绑定微信（退出后在登录页微信扫码，并绑定本账号手机号或邮箱即可关联）
              </span>
            )
          }
        />
      </ul>
      <PasswordModal open={dialog === 'password'} onClose={close} isOldPassword={account.isOldPassword} />
      <PhoneModal open={dialog === 'phone'} onClose={close} maskedPhone={account.phone} />
    </AccountCard>
  );
}
