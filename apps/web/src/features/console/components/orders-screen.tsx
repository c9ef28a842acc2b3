import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Table, Tag } from 'antd';
import { userTypeLabel } from '@xg/shared';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleGet, useConsoleList } from '../api/console-api';

interface OrderRow {
  orderNo: string;
  userId: number;
  username: string;
  phone: string;
  email: string;
  level: number;
  monthNum: number;
  amountFen: number;
  provider: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
}
interface PriceOption {
  id: number;
  level: number;
  title: string;
  monthNum: number;
  price: string;
}
const STATUS: Record<string, { label: string; color: string }> = {
  created: { label: '待支付', color: 'blue' },
  paid: { label: '已支付', color: 'green' },
  closed: { label: '已关闭', color: 'default' },
  failed: { label: '失败', color: 'red' },
};
const PROVIDER: Record<string, string> = { alipay: '支付宝', wechatpay: '微信', sandbox: '沙箱', bank: '对公转账' };

/**
 * A user's own 对公转账 order (chosen in the payment dialog): finance enters the bank's reference and the amount
 * received (it must equal the order's); the server settles it through the online payment's path.
 */
function ConfirmTransferModal({ order, onClose }: { order: OrderRow | null; onClose: () => void }) {
  const { message } = useApp();
  const confirm = useConsoleAction('/api/console/orders/confirmTransfer');
  const [form] = Form.useForm<{ amount: number; tradeNo: string }>();
  return (
    <Modal
      open={order !== null}
      title="确认对公转账到账"
      okText="确认到账并开通"
      confirmLoading={confirm.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {order ? (
        <Form
          form={form}
          name="confirmTransfer"
          layout="vertical"
          preserve={false}
          initialValues={{ amount: order.amountFen / 100 }}
          onFinish={(v) =>
            confirm.mutate(
              { orderNo: order.orderNo, amount: v.amount, tradeNo: v.tradeNo },
              {
                onSuccess: (a) => {
                  void message.success(a.message);
                  onClose();
                },
                onError: (e) => void message.error(errorText(e)),
              },
            )
          }
        >
          <p>
            订单 {order.orderNo}：{order.username}（{order.phone || order.email || order.userId}），
            {userTypeLabel(order.level)} {order.monthNum}个月，应付 ¥{(order.amountFen / 100).toFixed(2)}
          </p>
          <Form.Item name="amount" label="到账金额（元）" rules={[{ required: true, message: '请输入到账金额' }]}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="tradeNo" label="银行流水号" rules={[{ required: true, message: '请输入银行流水号' }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** 订单: search by order number, user id, phone or e-mail; record an offline bank transfer as paid. */
export function OrdersScreen() {
  const { message } = useApp();
  const [keyword, setKeyword] = useState('');
  const list = useConsoleList<OrderRow>('/api/console/orders', { keyword });
  const options = useConsoleGet<{ list: PriceOption[] }>('/api/console/priceOptions');
  const transfer = useConsoleAction<{ orderNo: string }>('/api/console/orders/bankTransfer');
  const [form] = Form.useForm<{ user: string; priceId: number; amount: number; tradeNo: string }>();
  const [confirming, setConfirming] = useState<OrderRow | null>(null);
  return (
    <>
      <Card title="登记对公转账到账" size="small" style={{ marginBottom: 16 }}>
        <Form
          form={form}
          layout="inline"
          className="console-transfer"
          onFinish={(v) =>
            transfer.mutate(
              { user: v.user, priceId: v.priceId, amount: v.amount, tradeNo: v.tradeNo },
              {
                onSuccess: (a) => {
                  void message.success(`${a.message}（订单 ${a.orderNo}）`);
                  form.resetFields();
                },
                onError: (e) => void message.error(errorText(e)),
              },
            )
          }
        >
          <Form.Item name="user" rules={[{ required: true, message: '请输入用户' }]}>
            <Input placeholder="用户ID / 手机号 / 邮箱" aria-label="用户" />
          </Form.Item>
          <Form.Item name="priceId" rules={[{ required: true, message: '请选择价格选项' }]}>
            <Select
              aria-label="价格选项"
              placeholder="价格选项"
              style={{ width: 220 }}
              loading={options.isPending}
              options={(options.data?.list ?? []).map((o) => ({
                value: o.id,
                label: `${userTypeLabel(o.level)} ${o.monthNum}个月 ¥${o.price}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="amount" rules={[{ required: true, message: '请输入到账金额' }]}>
            <InputNumber
              aria-label="到账金额"
              placeholder="到账金额（元）"
              min={0.01}
              precision={2}
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item name="tradeNo" rules={[{ required: true, message: '请输入银行流水号' }]}>
            <Input aria-label="银行流水号" placeholder="银行流水号" maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={transfer.isPending}>
            确认到账并开通
          </Button>
        </Form>
      </Card>
      <Input.Search
        placeholder="订单号 / 用户ID / 手机号 / 邮箱"
        allowClear
        enterButton="搜索"
        style={{ maxWidth: 420, marginBottom: 12 }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      {list.isError ? (
        <QueryFailed title="订单加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<OrderRow>
          rowKey="orderNo"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1000 }}
          columns={[
            { title: '订单号', dataIndex: 'orderNo', width: 200 },
            { title: '用户', key: 'u', render: (_, r) => `${r.username}（${r.phone || r.email || r.userId}）` },
            { title: '版本', key: 'l', width: 150, render: (_, r) => `${userTypeLabel(r.level)} ${r.monthNum}个月` },
            { title: '金额', dataIndex: 'amountFen', width: 100, render: (v: number) => `¥${(v / 100).toFixed(2)}` },
            { title: '方式', dataIndex: 'provider', width: 90, render: (v: string) => PROVIDER[v] ?? v },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: string) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.label ?? v}</Tag>,
            },
            {
              title: '创建时间',
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              key: 'op',
              width: 100,
              render: (_, r) =>
                r.provider === 'bank' && r.status !== 'paid' ? (
                  <Button size="small" type="link" onClick={() => setConfirming(r)}>
                    确认到账
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      <ConfirmTransferModal order={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
