import { Alert, Button, Card, Tag, Typography } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { Msg, TRIAL_VERSION_TYPE, UserType, userTypeLabel, type UserInfo } from '@xg/shared';
import { daysLeft, formatDate } from './account-format';

const TIER_COLORS: Readonly<Record<number, string>> = {
  0: '#8c8c8c',
  1: '#1677ff',
  2: '#722ed1',
  3: '#d48806',
  4: '#d4380d',
};

/**
 * 会员信息: the level, a trial label, the expiry and the 子账号 mark (§2.2, §3), with 续费/升级 to /member. A
 * sub-account cannot upgrade or renew until it is unbound (§6), so it gets that notice instead of the link.
 */
export function MembershipCard({ user, onUpgrade }: { user: UserInfo; onUpgrade: () => void }) {
  const sub = user.parentId !== null && user.parentId !== 0;
  const trial = user.versionType === TRIAL_VERSION_TYPE;
  const left = daysLeft(user.maturityTime);
  const free = user.userType === UserType.FREE;

  return (
    <Card
      title="会员信息"
      className="account-card"
      extra={
        sub ? null : (
          <Button type="link" onClick={onUpgrade} style={{ paddingInline: 0 }}>
            续费/升级
          </Button>
        )
      }
    >
      <div className="membership-summary">
        <CrownFilled
          className="membership-crown"
          style={{ color: TIER_COLORS[user.userType] ?? '#8c8c8c' }}
          aria-hidden
        />
        <div className="membership-summary-text">
          <div className="membership-level">
            <span>{userTypeLabel(user.userType)}</span>
            {trial ? <Tag color="orange">试用</Tag> : null}
            {sub ? <Tag color="purple">子账号</Tag> : null}
          </div>
          <Typography.Text type="secondary">
            {user.maturityTime
              ? `${formatDate(user.maturityTime)} 到期${left !== null && left > 0 ? `（剩余 ${left} 天）` : ''}`
              : free
                ? '免费版可使用基础搜索功能'
                : '长期有效'}
          </Typography.Text>
        </div>
      </div>
      {sub ? <Alert type="info" showIcon title={Msg.subAccountBlocked} style={{ marginTop: 16 }} /> : null}
      {!sub && (free || trial) ? (
        <Button type="primary" block style={{ marginTop: 16 }} onClick={onUpgrade}>
          {free ? '开通会员' : '转为正式会员'}
        </Button>
      ) : null}
    </Card>
  );
}
