import { useState } from 'react';
import { Button, Result, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined, PictureOutlined } from '@ant-design/icons';
import {
  AccountMsg,
  IDENTITY_TYPES,
  Msg,
  TRIAL_VERSION_TYPE,
  UserType,
  userTypeLabel,
  type AccountInfo,
  type UserInfo,
} from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useCurrentUser } from '../../../lib/current-user';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useAccountInfo } from '../api/get-account-info';
import { useLeaveParentMutation } from '../api/leave-parent';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { formatDate } from './account-format';
import { CoverModal } from './cover-modal';
import { InviteCard } from './invite-card';
import { MembershipCard } from './membership-card';
import { ProfileModal } from './profile-modal';
import { SecurityCard } from './security-card';
import { ParentCard, SubAccountsCard, SubAccountsUpsell } from './sub-accounts-card';
import '../account.css';
import { useApp } from '../../../lib/use-app';

const MEMBER_PATH = '/member';

function identityLabel(type: number | null): string | null {
  return IDENTITY_TYPES.find((item) => item.value === type)?.label ?? null;
}

function ProfileHeader({
  account,
  user,
  presetAvatars,
  presetCovers,
}: {
  account: AccountInfo;
  user: UserInfo;
  presetAvatars: readonly string[];
  presetCovers: readonly string[];
}) {
  const [dialog, setDialog] = useState<'profile' | 'cover' | null>(null);
  const identity = identityLabel(account.identityType);
  const sub = user.parentId !== null && user.parentId !== 0;
  return (
    <section className="account-profile" aria-label="个人资料">
      <div
        className="account-cover"
        style={account.coverImage ? { backgroundImage: `url("${encodeURI(account.coverImage)}")` } : undefined}
        data-testid="account-cover"
      >
        <Button
          className="account-cover-button"
          size="small"
          icon={<PictureOutlined aria-hidden />}
          onClick={() => setDialog('cover')}
        >
          更换封面
        </Button>
      </div>
      <div className="account-profile-body">
        <div className="account-avatar">
          <RemoteAvatar src={account.userImage} alt={account.username} size={88} />
        </div>
        <div className="account-profile-text">
          <Typography.Title level={3} className="account-username">
            {account.username}
          </Typography.Title>
          <div className="account-tags">
            <Tag color="gold">{userTypeLabel(user.userType)}</Tag>
            {user.versionType === TRIAL_VERSION_TYPE ? <Tag color="orange">试用</Tag> : null}
            {sub ? <Tag color="purple">子账号</Tag> : null}
            {identity ? <Tag>{identity}</Tag> : null}
            <Typography.Text type="secondary">注册于 {formatDate(account.registeredAt)}</Typography.Text>
          </div>
        </div>
        <Button
          icon={<EditOutlined aria-hidden />}
          onClick={() => setDialog('profile')}
          className="account-edit-button"
        >
          编辑资料
        </Button>
      </div>
      <ProfileModal
        open={dialog === 'profile'}
        onClose={() => setDialog(null)}
        username={account.username}
        userImage={account.userImage}
        presetAvatars={presetAvatars}
      />
      <CoverModal
        open={dialog === 'cover'}
        onClose={() => setDialog(null)}
        coverImage={account.coverImage}
        presetCovers={presetCovers}
      />
    </section>
  );
}

/**
 * 个人中心 /account (component key `account`, §2.5): profile, cover, password, phone, invite code, the bound
 * WeChat, the membership summary, and sub-accounts — managed by a parent on 企业版 or above; a sub-account
 * sees its parent and may leave.
 */
export function AccountPage() {
  const { modal, message } = useApp();
  const navigate = useAppNavigate();
  const { user } = useCurrentUser();
  const info = useAccountInfo();
  const leave = useLeaveParentMutation();
  const { refreshTier } = useAccountRefresh();

  const goMember = (): void => navigate({ pathname: MEMBER_PATH });

  const handleLeave = (): void => {
    modal.confirm({
      title: '解除绑定',
      content: '解除绑定后，当前账号将成为独立的免费版账号，不再共享主账号的会员权益，已有数据会保留。确定解除吗？',
      okText: '解除绑定',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await leave.mutateAsync();
          refreshTier();
          void message.success(answer.message || AccountMsg.subAccountUnbound);
        } catch {
          // the api client has shown the server's message
        }
      },
    });
  };

  if (info.isError) {
    return (
      <Result
        status="warning"
        title="个人信息加载失败"
        subTitle={info.error.message || Msg.serverError}
        extra={
          <Button type="primary" onClick={() => void info.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (!info.data || !user) return <Skeleton active avatar paragraph={{ rows: 6 }} />;

  const { accountInfo, presetAvatars, presetCovers } = info.data;
  const sub = user.parentId !== null && user.parentId !== 0;
  const parentTier = !sub && user.userType >= UserType.ENTERPRISE;

  return (
    <div className="account-page">
      <ErrorBoundary title="个人资料加载失败">
        <ProfileHeader account={accountInfo} user={user} presetAvatars={presetAvatars} presetCovers={presetCovers} />
      </ErrorBoundary>
      <div className="account-grid">
        <div className="account-column">
          <ErrorBoundary title="账号安全加载失败">
            <SecurityCard account={accountInfo} />
          </ErrorBoundary>
          <ErrorBoundary title="子账号加载失败">
            {sub && user.parentId !== null ? (
              <ParentCard
                parentId={user.parentId}
                userType={user.userType}
                onLeave={handleLeave}
                leaving={leave.isPending}
              />
            ) : parentTier ? (
              <SubAccountsCard />
            ) : (
              <SubAccountsUpsell onUpgrade={goMember} />
            )}
          </ErrorBoundary>
        </div>
        <div className="account-column">
          <ErrorBoundary title="会员信息加载失败">
            <MembershipCard user={user} onUpgrade={goMember} />
          </ErrorBoundary>
          <ErrorBoundary title="邀请信息加载失败">
            <InviteCard />
          </ErrorBoundary>
        </div>
      </div>
    </div>
  );
}
