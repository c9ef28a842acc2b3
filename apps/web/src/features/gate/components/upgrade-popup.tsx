import { Button, Modal, Tag, Typography } from 'antd';
import { CheckCircleFilled, CrownFilled } from '@ant-design/icons';
import { COMING_SOON, Msg, featuresGained, userTypeLabel } from '@xg/shared';
import { useAppHref } from '../../../lib/use-app-navigate';
import '../gate.css';

export interface UpgradePopupProps {
  open: boolean;
  onClose: () => void;
  /** the caller's userType */
  userType: number;
  /** the tier offered (popupTarget: upgradeTarget of §4, at least the feature's level) */
  target: number;
  /** the gate's own text (e.g. 48H监测需专业版及以上会员…); the title already says 开通会员，即可订阅服务 */
  message?: string;
  /** the feature that was asked for, to name it */
  label?: string | null;
}

/**
 * The membership upgrade popup of §2.6: title 开通会员，即可订阅服务, the target level, and a link that opens
 * /member in a new tab (with the target level preselected).
 */
export function UpgradePopup({ open, onClose, userType, target, message, label }: UpgradePopupProps) {
  const href = useAppHref();
  const targetLabel = userTypeLabel(target);
  // What the offered tier adds over the current one (policy table), split by whether the screen exists.
  const gained = featuresGained(userType, target);
  const unlocked = gained.filter((f) => f.built).map((f) => f.label);
  const soon = gained.filter((f) => !f.built).map((f) => f.label);
  const memberHref = href({ pathname: '/member', search: `?level=${target}` });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={Msg.upgradeTitle}
      width={440}
      centered
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          暂不升级
        </Button>,
        <Button
          key="go"
          type="primary"
          href={memberHref}
          target="_blank"
          rel="noopener noreferrer"
          icon={<CrownFilled aria-hidden />}
          onClick={onClose}
        >
          升级{targetLabel}
        </Button>,
      ]}
    >
      <div className="upgrade-popup" data-testid="upgrade-popup">
        <div className="upgrade-popup-levels">
          <span>
            当前版本 <Tag>{userTypeLabel(userType)}</Tag>
          </span>
          <span aria-hidden>→</span>
          <span>
            目标版本{' '}
            <Tag color="gold" className="upgrade-popup-target">
              {targetLabel}
            </Tag>
          </span>
        </div>
        {message && message !== Msg.upgradeTitle ? (
          <Typography.Paragraph className="upgrade-popup-message">{message}</Typography.Paragraph>
        ) : label ? (
          <Typography.Paragraph className="upgrade-popup-message">
            「{label}」为{targetLabel}及以上会员功能，升级后即可使用。
          </Typography.Paragraph>
        ) : null}
        {unlocked.length > 0 ? (
          <>
            <Typography.Text type="secondary">升级{targetLabel}后可使用：</Typography.Text>
            <ul className="upgrade-popup-list">
              {unlocked.map((item) => (
                <li key={item}>
                  <CheckCircleFilled aria-hidden /> {item}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {soon.length > 0 ? (
          <Typography.Paragraph type="secondary" className="upgrade-popup-soon" data-testid="upgrade-popup-soon">
            {COMING_SOON}（上线后{targetLabel}直接可用）：{soon.join('、')}
          </Typography.Paragraph>
        ) : null}
      </div>
    </Modal>
  );
}
