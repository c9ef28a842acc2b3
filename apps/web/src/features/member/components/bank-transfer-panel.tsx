import { Button, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/api-client';
import { useBankOrder } from '../api/bank-transfer';
import { formatYuan } from '../purchase-rules';
import { OrderLine } from './order-parts';

/**
 * 对公转账 in the payment dialog: the order to pay by bank transfer, the payee account and the order number to
 * write as the transfer's remark. Finance confirms the money in the console; the tier then changes.
 */
export function BankTransferPanel({ type, priceId }: { type: number; priceId: number }) {
  const order = useBankOrder({ type: type === 1 ? 1 : 2, priceId });
  if (order.isPending)
    return (
      <Spin description="正在生成转账订单…">
        <div className="pay-bank" />
      </Spin>
    );
  if (order.isError)
    return (
      <div className="pay-bank pay-qr-error" role="alert">
        <Typography.Text type="danger">{errorText(order.error)}</Typography.Text>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void order.refetch()}>
          重新获取
        </Button>
      </div>
    );
  const { account } = order.data;
  return (
    <div className="pay-bank" aria-label="对公转账信息">
      <dl>
        <OrderLine term="收款户名">{account.accountName}</OrderLine>
        <OrderLine term="开户银行">{account.bankName}</OrderLine>
        <OrderLine term="银行账号">
          <Typography.Text copyable>{account.accountNo}</Typography.Text>
        </OrderLine>
        <OrderLine term="转账金额" className="pay-dialog-amount">
          {formatYuan(order.data.amount)}
        </OrderLine>
        <OrderLine term="转账备注">
          <Typography.Text copyable data-testid="bank-order-no">
            {order.data.orderNo}
          </Typography.Text>
        </OrderLine>
      </dl>
      <p className="pay-dialog-hint">
        请在 {dayjs(order.data.expireTime).format('YYYY-MM-DD')}{' '}
        前按以上金额转账，并在备注中填写订单号；财务确认到账后会员自动开通。
      </p>
    </div>
  );
}
