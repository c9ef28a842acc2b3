import { Statistic, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useInviteCode } from '../api/get-invite-code';
import { AccountCard } from './account-card';

/** 邀请好友: the invite code and the register link carrying it (copy buttons), and how many signed up with it. */
export function InviteCard() {
  const query = useInviteCode();
  const data = query.data;
  return (
    <AccountCard icon={<GiftOutlined aria-hidden />} title="邀请好友" query={query}>
      {data ? (
        <div className="invite-body">
          <div className="invite-row">
            <span className="invite-label">邀请码</span>
            <Typography.Text
              strong
              className="invite-code"
              copyable={{ text: data.inviteCode, tooltips: ['复制邀请码', '已复制'] }}
            >
              {data.inviteCode}
            </Typography.Text>
          </div>
          <div className="invite-row">
            <span className="invite-label">邀请链接</span>
            <Typography.Text
              className="invite-url"
              ellipsis={{ tooltip: data.inviteUrl }}
              copyable={{ text: data.inviteUrl, tooltips: ['复制邀请链接', '已复制'] }}
            >
              {data.inviteUrl}
            </Typography.Text>
          </div>
          <Statistic title="已邀请" value={data.invitedCount} suffix="人" />
          <Typography.Text type="secondary" className="invite-note">
            好友通过邀请链接注册，或注册时填写您的邀请码，即计入邀请人数。
          </Typography.Text>
        </div>
      ) : null}
    </AccountCard>
  );
}
