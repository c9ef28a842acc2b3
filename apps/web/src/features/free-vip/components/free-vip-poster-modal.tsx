import { useState } from 'react';
import { Alert, Button, Modal, Result, Skeleton, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CrownFilled } from '@ant-design/icons';
import dayjs from '../../../lib/dayjs';
import {
  COMING_SOON,
  FREE_VIP_TRIAL_DAYS,
  FREE_VIP_TRIAL_LEVEL,
  Msg,
  TRIAL_VERSION_TYPE,
  userTypeLabel,
  type UserInfo,
} from '@xg/shared';
import { useSiteConfig } from '../../../lib/site-config';
import type { FreeVipApplied } from '../api/apply-free-vip';
import { useFreeVipStatus, type FreeVipState } from '../api/get-free-vip-status';
import { FreeVipApplyForm } from './free-vip-apply-form';
import '../free-vip.css';

export type FreeVipUser = Pick<UserInfo, 'versionType' | 'maturityTime' | 'parentId' | 'phone'>;

interface FreeVipPosterModalProps {
  open: boolean;
  onClose: () => void;
  /** what the enterprise tier offers (lines of the poster); built: false is shown as 即将上线, never checked */
  highlights: readonly { text: string; built: boolean }[];
  /** the signed-in user, when known */
  user: FreeVipUser | undefined;
  /** a trial was granted: the new user info, for the header */
  onGranted: (user: UserInfo) => void;
}

/** The trial's end: the account's expiry while it is on the trial, else the application day plus the trial. */
function trialEnd(state: FreeVipState, user: FreeVipUser | undefined): string | null {
  if (user?.versionType === TRIAL_VERSION_TYPE && user.maturityTime)
    return dayjs(user.maturityTime).format('YYYY-MM-DD HH:mm');
  if (!state.appliedAt) return null;
  return dayjs(state.appliedAt)
    .add(state.trialDays || FREE_VIP_TRIAL_DAYS, 'day')
    .format('YYYY-MM-DD HH:mm');
}

function StatusBlock({
  state,
  user,
  onApply,
}: {
  state: FreeVipState;
  user: FreeVipUser | undefined;
  onApply: () => void;
}) {
  const tier = userTypeLabel(state.level || FREE_VIP_TRIAL_LEVEL);
  const days = state.trialDays || FREE_VIP_TRIAL_DAYS;
  const appliedAt = state.appliedAt ? dayjs(state.appliedAt).format('YYYY-MM-DD HH:mm') : null;
  switch (state.status) {
    case 'granted': {
      const end = trialEnd(state, user);
      return (
        <Result
          className="free-vip-result"
          status="success"
          title={`已为您开通${days}天${tier}试用`}
          subTitle={end ? `试用有效期至 ${end}，到期后自动恢复为免费版` : undefined}
        />
      );
    }
    case 'pending':
      return (
        <Result
          className="free-vip-result"
          status="info"
          title="申请已提交，工作人员将尽快与您联系"
          subTitle={appliedAt ? `申请时间：${appliedAt}` : undefined}
        />
      );
    case 'rejected':
      return (
        <Result
          className="free-vip-result"
          status="warning"
          title="很抱歉，本次申请未通过审核"
          subTitle="如有疑问，请联系客服了解详情"
        />
      );
    case 'none':
      if (user?.parentId) return <Alert type="warning" showIcon title={Msg.subAccountBlocked} />;
      return (
        <Button type="primary" block size="large" onClick={onApply}>
          立即申请
        </Button>
      );
  }
}

function PosterContent({ highlights, user, onGranted }: Omit<FreeVipPosterModalProps, 'open' | 'onClose'>) {
  const [view, setView] = useState<'poster' | 'form'>('poster');
  const status = useFreeVipStatus(true);
  const { data: site } = useSiteConfig();
  const tier = userTypeLabel(FREE_VIP_TRIAL_LEVEL);

  const handleApplied = (answer: FreeVipApplied): void => {
    setView('poster');
    if (answer.status === 'granted') onGranted(answer.userInfoMap);
  };

  return (
    <div className="vip-poster">
      <div className="vip-poster-head">
        <CrownFilled className="vip-poster-crown" aria-hidden />
        <div className="vip-poster-badge">限时活动</div>
        <Typography.Title level={3} className="vip-poster-title">
          免费申请{tier}会员
        </Typography.Title>
        <p>
          面向企业团队的限时福利，提交申请即可体验{FREE_VIP_TRIAL_DAYS}天{tier}会员
        </p>
      </div>
      <div className="vip-poster-body">
        {view === 'form' ? (
          <FreeVipApplyForm phone={user?.phone} onApplied={handleApplied} onBack={() => setView('poster')} />
        ) : (
          <>
            <ul className="feature-check-list">
              {highlights.map((line) =>
                line.built ? (
                  <li key={line.text}>
                    <CheckCircleFilled aria-hidden /> {line.text}
                  </li>
                ) : (
                  <li key={line.text} className="is-soon">
                    <ClockCircleOutlined aria-hidden /> {COMING_SOON}：{line.text}
                  </li>
                ),
              )}
            </ul>
            {status.data ? (
              <StatusBlock state={status.data} user={user} onApply={() => setView('form')} />
            ) : status.isError ? (
              <Alert type="error" showIcon title="申请状态加载失败，请稍后重试" />
            ) : (
              <Skeleton.Button active block size="large" />
            )}
            <Typography.Text type="secondary" className="free-vip-contact">
              每个账号限申请一次
              {site?.companyPhone ? `，如需帮助请联系客服 ${site.companyPhone}` : ''}
            </Typography.Text>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The poster modal of the free enterprise-tier promotion (§2.2, §2.6): what the tier offers, the account's
 * application state (GET /api/freeVip/status), and 立即申请 → the application form (POST /api/freeVip/apply).
 */
export function FreeVipPosterModal({ open, onClose, ...content }: FreeVipPosterModalProps) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={480}
      centered
      title={null}
      destroyOnHidden
      className="vip-poster-modal"
    >
      <PosterContent {...content} />
    </Modal>
  );
}
