import type { ReactNode } from 'react';
import { Card, Skeleton, Tag } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import dayjs from '../../../lib/dayjs';
import { TRIAL_VERSION_TYPE, UserType, userTypeLabel } from '@xg/shared';
import type { MemberState } from '../api/get-operate-limits';

const TIER_COLORS: Readonly<Record<number, string>> = { 0: 'default', 1: 'blue', 2: 'purple', 3: 'gold', 4: 'volcano' };

function expiryLine(state: MemberState): string {
  if (!state.maturityTime) return state.userType === UserType.FREE ? '免费版长期有效' : '—';
  const end = dayjs(state.maturityTime);
  if (!end.isValid()) return state.maturityTime;
  const days = end.diff(dayjs(), 'day');
  if (end.isBefore(dayjs())) return `${end.format('YYYY-MM-DD')} 已到期`;
  return `${end.format('YYYY-MM-DD')} 到期（剩余 ${days} 天）`;
}

interface CurrentPlanProps {
  state: MemberState | undefined;
  loading: boolean;
  /** this month's quotas (composed by the app) */
  quotas?: ReactNode;
}

/** The account's level, trial and sub-account marks, expiry and this month's quotas. */
export function CurrentPlan({ state, loading, quotas }: CurrentPlanProps) {
  return (
    <Card variant="borderless" className="current-plan">
      {loading || !state ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <div className="current-plan-body">
          <span className="icon-tile current-plan-icon">
            <CrownFilled aria-hidden />
          </span>
          <div className="current-plan-main">
            <div className="current-plan-line" data-testid="current-plan">
              <span className="current-plan-label">当前版本</span>
              <Tag color={TIER_COLORS[state.userType] ?? 'default'}>{userTypeLabel(state.userType)}</Tag>
              {state.versionType === TRIAL_VERSION_TYPE ? <Tag color="orange">试用</Tag> : null}
              {state.isSubAccount ? <Tag color="cyan">子账号</Tag> : null}
            </div>
            <div className="current-plan-expiry">
              <span className="current-plan-label">到期时间</span> {expiryLine(state)}
            </div>
          </div>
          {quotas ? <div className="current-plan-quotas">{quotas}</div> : null}
        </div>
      )}
    </Card>
  );
}
