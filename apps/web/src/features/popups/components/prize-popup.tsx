import { Button, Modal, Typography } from 'antd';
import { CheckCircleFilled, GiftFilled } from '@ant-design/icons';
import { FREE_VIP_TRIAL_DAYS, FREE_VIP_TRIAL_LEVEL, userTypeLabel } from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import { useSiteConfig } from '../../../lib/site-config';
import { useApp } from '../../../lib/use-app';
import { usePrizeOffer, useReceivePrize } from '../api/prize';

/** What a new 免费版 account can use at once. */
const WELCOME_ITEMS = [
  'UP主搜索：按名称或UID查找UP主',
  'UP主详情：粉丝、播放与点赞趋势',
  '个人中心：邀请好友、微信扫码登录',
];

interface PrizePopupProps {
  open: boolean;
  onClose: () => void;
  /** 了解会员权益 (→ /member). */
  onMembership: () => void;
}

/**
 * The popup 1 s after a registration (§4): it welcomes the new user, says what the free account includes and
 * offers the prize the operator configured (GET /api/user/prize: trial days of a tier, taken once per account
 * with 立即领取), else the free enterprise-tier application. It does not block the page (no mask).
 */
export function PrizePopup({ open, onClose, onMembership }: PrizePopupProps) {
  const { data: site } = useSiteConfig();
  const { message } = useApp();
  const offer = usePrizeOffer(open);
  const receive = useReceivePrize();
  const prize = offer.data?.prize ?? null;
  const level = userTypeLabel(FREE_VIP_TRIAL_LEVEL);
  const take = () =>
    receive.mutate(undefined, {
      onSuccess: (answer) => {
        void message.success(answer.message);
        onClose();
      },
      onError: (error) => void message.error(errorText(error)),
    });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={420}
      centered
      mask={false}
      scrollLock={false}
      focusable={{ trap: false }}
      styles={{ wrapper: { pointerEvents: 'none' } }}
      title={null}
      className="prize-popup"
      aria-label="注册成功"
    >
      <div className="prize-popup-head">
        <GiftFilled className="prize-popup-icon" aria-hidden />
        <Typography.Title level={4} className="prize-popup-title">
          注册成功，欢迎加入{site?.productName ?? ''}
        </Typography.Title>
        <p>您的免费版账号已开通，现在就可以使用：</p>
      </div>
      <ul className="prize-popup-list">
        {WELCOME_ITEMS.map((item) => (
          <li key={item}>
            <CheckCircleFilled aria-hidden /> {item}
          </li>
        ))}
      </ul>
      {prize ? (
        <div className="prize-popup-offer">
          <strong>{prize.title}</strong>
          <span>
            {prize.text}：{userTypeLabel(prize.level)}会员{prize.days}天
          </span>
        </div>
      ) : (
        <div className="prize-popup-offer">
          <strong>新用户福利</strong>
          <span>
            限时免费申请{level}会员，审核通过即可体验{FREE_VIP_TRIAL_DAYS}天{level}全部功能。
          </span>
        </div>
      )}
      <div className="prize-popup-actions">
        <Button onClick={onMembership}>了解会员权益</Button>
        {prize ? (
          <Button type="primary" onClick={take} loading={receive.isPending}>
            立即领取
          </Button>
        ) : (
          <Button type="primary" onClick={onClose}>
            开始使用
          </Button>
        )}
      </div>
    </Modal>
  );
}
