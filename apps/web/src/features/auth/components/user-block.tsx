import { Dropdown, Skeleton, Tag, type MenuProps } from 'antd';
import { DownOutlined, FileExcelOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { TRIAL_VERSION_TYPE, userTypeLabel, type UserInfo } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useCurrentUser } from '../../../lib/current-user';
import { localDay } from '../../../lib/local-day';
import { useLogout } from '../hooks/use-logout';
import { useFeature } from '../../gate/hooks/use-feature';

const TIER_COLORS: Readonly<Record<number, string>> = { 0: 'default', 1: 'blue', 2: 'purple', 3: 'gold', 4: 'volcano' };

function formatExpiry(value: string | null): string | null {
  if (!value) return null;
  // not dayjs: the header is on every signed-in page (lib/local-day.ts)
  return localDay(value) ?? value;
}

/** Expiry line: a sub-account shows 子账号 before the expiry (§2.2). */
export function expiryText(user: UserInfo): string | null {
  const expiry = formatExpiry(user.maturityTime);
  const sub = user.parentId !== null && user.parentId !== 0;
  if (!expiry) return sub ? '子账号' : null;
  return `${sub ? '子账号 · ' : ''}${expiry} 到期`;
}

interface UserBlockProps {
  /** Light text on a dark or gradient header. */
  inverted?: boolean;
  /** Avatar only (narrow screens). */
  compact?: boolean;
}

/** Avatar, name, membership level, trial label, expiry and the personal-centre / logout dropdown (§2.2). */
export function UserBlock({ inverted = false, compact = false }: UserBlockProps) {
  const { user, isPending } = useCurrentUser();
  const navigate = useAppNavigate();
  const handleLogout = useLogout();
  // the server's verdict: a sub-account has its parent's tier
  const canExport = useFeature('export.excel').allowed;

  if (!user) return isPending ? <Skeleton.Avatar active /> : null;

  const items: MenuProps['items'] = [
    { key: 'account', icon: <UserOutlined aria-hidden />, label: '个人中心' },
    // 导出记录 for tiers that have Excel export (the server's menu row has the same minimum, §6)
    ...(canExport ? [{ key: 'exportRecords', icon: <FileExcelOutlined aria-hidden />, label: '导出记录' }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录', danger: true },
  ];
  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') navigate({ pathname: '/account' });
    if (key === 'exportRecords') navigate({ pathname: '/exportRecords' });
    if (key === 'logout') handleLogout();
  };
  const expiry = expiryText(user);

  return (
    <Dropdown menu={{ items, onClick: handleMenuClick }} trigger={['click', 'hover']} placement="bottomRight">
      <button
        type="button"
        data-testid="user-block"
        className={`user-block${inverted ? ' user-block-inverted' : ''}`}
        aria-label={`用户菜单：${user.username}`}
      >
        <RemoteAvatar size={compact ? 32 : 36} src={user.userImage} alt={user.username} />
        {compact ? null : (
          <span className="user-block-text">
            <span className="user-block-line">
              <span className="user-block-name">{user.username}</span>
              <Tag color={TIER_COLORS[user.userType] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                {userTypeLabel(user.userType)}
              </Tag>
              {user.versionType === TRIAL_VERSION_TYPE ? (
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                  试用
                </Tag>
              ) : null}
            </span>
            {expiry ? <span className="user-block-expiry">{expiry}</span> : null}
          </span>
        )}
        <DownOutlined className="user-block-arrow" aria-hidden />
      </button>
    </Dropdown>
  );
}
