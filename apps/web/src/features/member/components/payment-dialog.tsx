import { useState } from 'react';
import { Button, Modal, Radio, Spin, Typography } from 'antd';
import { AlipayCircleFilled, BankOutlined, ExportOutlined, ReloadOutlined, WechatFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from '../../../lib/dayjs';
import { ApiCode, MemberMsg, PAY_TYPE_LABELS, PayType, userTypeLabel, type ConfirmPayParams } from '@xg/shared';
import { errorText, isApiError } from '../../../lib/api-client';
import { saveUserInfo } from '../../../lib/session';
import { usePaymentCode } from '../api/confirm-pay';
import { usePayQueryMutation } from '../api/pay-query';
import { BankTransferPanel } from './bank-transfer-panel';
import { OrderLine, PurchaseNotes } from './order-parts';
import { bonusDaysText, formatExpiryDay, formatYuan, wechatAllowed } from '../purchase-rules';
import '../member.css';
import { useApp } from '../../../lib/use-app';

/** What the dialog pays for (chosen on the purchase screen). */
export interface PaymentOrder {
  /** the userType bought */
  level: number;
  title: string;
  monthNum: number;
  priceId: number;
  /** confirmPay type: 1 new, 2 renew or upgrade */
  orderType: number;
  /** the amount shown before the server answers (the option's price) */
  payAmount: number;
  /** days an upgrade's credit adds (0 otherwise) */
  bonusDays: number;
  /** the expiry paying now gives (buyPrice), shown before paying */
  newMaturityTime: string | null;
}

interface PaymentDialogProps {
  order: PaymentOrder | null;
  onClose: () => void;
}

/** After a successful payment the page reloads (§4 step 3), once the success toast has been seen. */
const RELOAD_DELAY_MS = 1_200;

/** The sandbox QR opens the server's local pay page; the dialog links to it so a desktop demo needs no phone. */
function isSandboxPayUrl(codeUrl: string): boolean {
  try {
    return new URL(codeUrl, window.location.href).pathname === '/api/sandbox/pay';
  } catch {
    return false; // not a URL at all: a live provider's own scheme
  }
}

function PaymentBody({
  order,
  onClose,
  onMethod,
}: {
  order: PaymentOrder;
  onClose: () => void;
  /** Told which method is chosen, so the dialog's title names it (扫码支付 or 对公转账). */
  onMethod: (bank: boolean) => void;
}) {
  const { message } = useApp();
  const queryClient = useQueryClient();
  const [payType, setPayType] = useState<PayType>(PayType.ALIPAY);
  // Every switch of method or retry is a new payment (the server closes the previous order).
  const [attempt, setAttempt] = useState(0);
  // 对公转账 makes no QR: its panel asks for a bank order instead (finance confirms the money in the console)
  const bank = payType === PayType.BANK;
  const params: ConfirmPayParams | null = bank ? null : { type: order.orderType, priceId: order.priceId, payType };
  const code = usePaymentCode(params, attempt);
  const paid = usePayQueryMutation();
  const wechatOk = wechatAllowed(order.payAmount);
  const amount = code.data?.amount ?? order.payAmount;
  const method = PAY_TYPE_LABELS[payType] ?? '';

  const handleSwitch = (next: PayType): void => {
    onMethod(next === PayType.BANK);
    if (next === payType) return;
    setPayType(next);
    setAttempt((value) => value + 1);
  };

  const handlePaid = async (): Promise<void> => {
    try {
      const answer = await paid.mutateAsync();
      message.success(answer.message || MemberMsg.paySuccess);
      if (answer.userInfoMap) saveUserInfo(answer.userInfoMap);
      void queryClient.invalidateQueries();
      onClose();
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch (error) {
      // 202: still pending — the client showed the warning; the dialog stays open.
      if (isApiError(error) && error.kind === 'envelope' && error.code === ApiCode.PENDING) return;
      // Anything else: the client showed the error; the dialog closes (§4 step 3).
      onClose();
    }
  };

  return (
    <div className="pay-dialog">
      <dl className="pay-dialog-order">
        <OrderLine term="开通版本">
          {userTypeLabel(order.level)} · {order.title}（{order.monthNum}个月
          {order.bonusDays > 0 ? ` ${bonusDaysText(order.bonusDays)}` : ''}）
        </OrderLine>
        {order.newMaturityTime ? (
          <OrderLine term="支付后到期" className="pay-dialog-expiry" testId="pay-new-expiry">
            {formatExpiryDay(order.newMaturityTime)}
          </OrderLine>
        ) : null}
        <OrderLine term="应付金额" className="pay-dialog-amount" testId="pay-amount">
          {formatYuan(amount)}
        </OrderLine>
        {code.data ? (
          <OrderLine term="订单号" className="pay-dialog-order" testId="pay-order-no">
            {code.data.payResult.orderNo}
          </OrderLine>
        ) : null}
      </dl>

      <Radio.Group
        className="pay-methods"
        aria-label="支付方式"
        value={payType}
        onChange={(event) =>
          handleSwitch(
            event.target.value === PayType.WECHAT
              ? PayType.WECHAT
              : event.target.value === PayType.BANK
                ? PayType.BANK
                : PayType.ALIPAY,
          )
        }
        optionType="button"
        buttonStyle="solid"
        options={[
          {
            value: PayType.ALIPAY,
            label: (
              <span>
                <AlipayCircleFilled aria-hidden /> 支付宝
              </span>
            ),
          },
          {
            value: PayType.WECHAT,
            disabled: !wechatOk,
            label: (
              <span>
                <WechatFilled aria-hidden /> 微信支付
              </span>
            ),
          },
          {
            value: PayType.BANK,
            label: (
              <span>
                <BankOutlined aria-hidden /> 对公转账
              </span>
            ),
          },
        ]}
      />
      {wechatOk ? null : <p className="pay-dialog-hint">{MemberMsg.wechatLimit}</p>}

      <div className="pay-qr" aria-live="polite">
        {bank ? (
          <BankTransferPanel type={order.orderType} priceId={order.priceId} />
        ) : code.isPending ? (
          <Spin description="正在生成支付二维码…">
            <div className="pay-qr-box" />
          </Spin>
        ) : code.isError ? (
          <div className="pay-qr-box pay-qr-error" role="alert">
            <Typography.Text type="danger">{errorText(code.error)}</Typography.Text>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => setAttempt((value) => value + 1)}>
              重新获取
            </Button>
          </div>
        ) : (
          <>
            <img className="pay-qr-image" src={code.data.imgStr} alt={`${method}付款二维码`} width={200} height={200} />
            <p className="pay-qr-caption">
              请使用<strong>{method}</strong>扫码支付
            </p>
            {code.data.expireTime ? (
              <p className="pay-qr-expiry">二维码有效期至 {dayjs(code.data.expireTime).format('MM-DD HH:mm')}</p>
            ) : null}
            {isSandboxPayUrl(code.data.codeUrl) ? (
              <a className="pay-sandbox-link" href={code.data.codeUrl} target="_blank" rel="noopener noreferrer">
                <ExportOutlined aria-hidden /> 打开沙箱支付页
              </a>
            ) : null}
          </>
        )}
      </div>

      <PurchaseNotes className="pay-notes" />

      <div className="pay-dialog-actions">
        <Button onClick={onClose}>取消</Button>
        {bank ? (
          <Button
            type="primary"
            onClick={() => {
              void message.info('财务确认到账后会员自动开通，请留意会员中心');
              onClose();
            }}
          >
            我已完成转账
          </Button>
        ) : (
          <Button type="primary" loading={paid.isPending} disabled={!code.data} onClick={() => void handlePaid()}>
            我已完成支付
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The payment dialog of §4: the QR of the default method (支付宝), switching method requests a new payment,
 * WeChat Pay only up to 3000 yuan, the notes, and 我已完成支付 → payQuery (200 success and reload, 202
 * warning and stay, anything else close with the error).
 */
export function PaymentDialog({ order, onClose }: PaymentDialogProps) {
  const [bank, setBank] = useState(false);
  const close = (): void => {
    setBank(false);
    onClose();
  };
  return (
    <Modal
      open={order !== null}
      onCancel={close}
      title={bank ? '对公转账' : '扫码支付'}
      footer={null}
      width={460}
      centered
      destroyOnHidden
      mask={{ closable: false }}
    >
      {order ? <PaymentBody order={order} onClose={close} onMethod={setBank} /> : null}
    </Modal>
  );
}
