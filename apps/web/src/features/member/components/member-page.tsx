import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { MemberMsg, Msg, TRIAL_VERSION_TYPE, userTypeLabel, type OrderKind } from '@xg/shared';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useBuyPrice } from '../api/get-buy-price';
import { useMemberState } from '../api/get-operate-limits';
import {
  bonusDaysText,
  defaultChoice,
  defaultLevel,
  formatExpiryDay,
  formatYuan,
  heldPaidLevel,
  isLevelBlocked,
  orderTypeOf,
  priceChoices,
} from '../purchase-rules';
import { CurrentPlan } from './current-plan';
import { LevelPicker } from './level-picker';
import { PaymentDialog, type PaymentOrder } from './payment-dialog';
import { OrderLine, PurchaseNotes } from './order-parts';
import { PriceCards } from './price-cards';
import '../member.css';
import { useApp } from '../../../lib/use-app';

export type MemberPageMode = 'renew' | 'buy';

interface MemberPageProps {
  /** /member (renewal and upgrade) or /member/pay (buy) */
  mode: MemberPageMode;
  /** this month's quotas, composed by the app */
  quotas?: ReactNode;
  /** the feature comparison per tier and the gate previews, composed by the app */
  features?: ReactNode;
}

const KIND_TEXT: Readonly<Record<OrderKind, string>> = {
  new: '新开通：支付成功后立即生效',
  renew: '续费：在当前到期时间基础上顺延',
  upgrade: '升级：支付成功后立即生效，当前版本剩余时长按新套餐日均价格折算为新版本时长',
};

function wantedLevel(raw: string | null): number | null {
  if (!raw || !/^[1-4]$/.test(raw)) return null;
  return Number(raw);
}

/**
 * /member and /member/pay (§4 payment flow): the current level and expiry, the four levels (lower ones
 * disabled), the level's durations from buyPrice with the expiry each gives (an upgrade's credit converted
 * into days), 立即开通 → the payment dialog (a sub-account gets the blocking notice instead), and the feature
 * comparison.
 */
export function MemberPage({ mode, quotas, features }: MemberPageProps) {
  const { modal } = useApp();
  const href = useAppHref();
  const [searchParams] = useSearchParams();
  const stateQuery = useMemberState();
  const state = stateQuery.data;
  const held = state ? heldPaidLevel(state) : 0;
  const [chosenLevel, setChosenLevel] = useState<number | null>(null);
  const level = state
    ? chosenLevel !== null && !isLevelBlocked(chosenLevel, held)
      ? chosenLevel
      : defaultLevel(held, wantedLevel(searchParams.get('level')))
    : null;
  const priceQuery = useBuyPrice(level);
  const prices = priceQuery.data;
  const choices = prices ? priceChoices(prices.monthlyPriceInfos, held, prices.buyMonthNum) : [];
  const [chosenPrice, setChosenPrice] = useState<{ level: number; key: string } | null>(null);
  const choice =
    (chosenPrice && chosenPrice.level === level
      ? choices.find((entry) => entry.key === chosenPrice.key && entry.selectable)
      : undefined) ?? defaultChoice(choices);
  const option = choice?.option ?? null;
  const [order, setOrder] = useState<PaymentOrder | null>(null);

  const handleBuy = (): void => {
    if (!state || !prices || !option || level === null) return;
    if (state.isSubAccount) {
      modal.warning({ title: '暂无法购买', content: Msg.subAccountBlocked, okText: '我知道了' });
      return;
    }
    setOrder({
      level,
      title: choice?.title ?? option.title,
      monthNum: option.monthNum,
      priceId: option.id,
      orderType: orderTypeOf(prices.orderKind),
      payAmount: option.payAmount,
      bonusDays: option.bonusDays,
      newMaturityTime: option.newMaturityTime,
    });
  };

  const heading = mode === 'buy' ? '购买会员' : '续费升级';
  const trial = state?.versionType === TRIAL_VERSION_TYPE;

  return (
    <div className="page-stack member-page">
      <div className="member-heading">
        <Typography.Title level={3}>{heading}</Typography.Title>
        <Typography.Text type="secondary">
          {mode === 'buy'
            ? '选择适合团队的会员版本，扫码支付后立即生效'
            : '续费延长会员时长，或升级到更高版本解锁更多功能'}
        </Typography.Text>
      </div>

      {state?.isSubAccount ? <Alert type="warning" showIcon title={Msg.subAccountBlocked} /> : null}
      {state && trial ? (
        <Alert
          type="info"
          showIcon
          title={`当前为${userTypeLabel(state.userType)}试用，可直接购买任一版本，支付成功后按所购版本生效`}
        />
      ) : null}

      <CurrentPlan state={state} loading={stateQuery.isPending} quotas={quotas} />

      <Card variant="borderless" title="选择会员版本" className="member-buy">
        {level === null ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <>
            <LevelPicker value={level} held={held} onChange={setChosenLevel} />
            <Typography.Title level={5} className="member-section-title">
              选择购买时长
            </Typography.Title>
            {priceQuery.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : priceQuery.isError ? (
              <Alert
                type="error"
                showIcon
                title="价格加载失败"
                action={
                  <Button size="small" onClick={() => void priceQuery.refetch()}>
                    重试
                  </Button>
                }
              />
            ) : (
              <PriceCards
                choices={choices}
                value={choice?.key ?? null}
                onChange={(key) => setChosenPrice({ level, key })}
                blockedText={MemberMsg.premiumYearlyOnly}
              />
            )}

            {prices ? (
              <div className="member-summary">
                <dl className="member-summary-lines">
                  <OrderLine term="开通版本">
                    {userTypeLabel(level)}
                    {choice ? ` · ${choice.title}` : ''}
                  </OrderLine>
                  {option ? <OrderLine term="套餐价格">{formatYuan(option.price)}</OrderLine> : null}
                  {prices.surplusPrice > 0 && option ? (
                    <OrderLine term="剩余时长折算" className="member-credit" testId="member-bonus">
                      {formatYuan(prices.surplusPrice)} → {userTypeLabel(level)}
                      {bonusDaysText(option.bonusDays) ?? '0天'}
                    </OrderLine>
                  ) : null}
                  {option?.newMaturityTime ? (
                    <OrderLine term="支付后到期" className="member-expiry" testId="member-new-expiry">
                      {formatExpiryDay(option.newMaturityTime)}
                    </OrderLine>
                  ) : null}
                  <OrderLine term="应付金额" className="member-pay-amount" testId="member-pay-amount">
                    {option ? formatYuan(option.payAmount) : '—'}
                  </OrderLine>
                </dl>
                <div className="member-summary-action">
                  <Typography.Text type="secondary" className="member-kind">
                    {option ? KIND_TEXT[prices.orderKind] : '该版本暂未开放在线购买，请联系客服开通'}
                  </Typography.Text>
                  <Button
                    type="primary"
                    size="large"
                    disabled={!option}
                    onClick={handleBuy}
                    className="member-buy-button"
                  >
                    立即开通
                  </Button>
                  <Typography.Text type="secondary" className="member-agree">
                    开通即表示您已阅读并同意
                    <a href={href('/agreement')} target="_blank" rel="noopener noreferrer">
                      《会员服务协议》
                    </a>
                  </Typography.Text>
                </div>
              </div>
            ) : null}
            <PurchaseNotes className="member-notes" />
          </>
        )}
      </Card>

      {features ? (
        <Card variant="borderless" title="会员权益对比" className="member-features">
          {features}
        </Card>
      ) : null}

      <PaymentDialog order={order} onClose={() => setOrder(null)} />
    </div>
  );
}
