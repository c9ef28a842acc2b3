import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Switch, Table, Tag } from 'antd';
import { MONEY_PATTERN, userTypeLabel, yuanTextToFen, type ConsolePriceRow } from '@xg/shared';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleList } from '../api/console-api';

interface PriceForm {
  title: string;
  price: string;
  originalPrice: string;
  enabled: boolean;
  isDefault: boolean;
}

/** An amount in yuan (`what`: 售价, 原价), required, with at most two decimals. */
function MoneyItem({ name, what, label }: { name: keyof PriceForm; what: string; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: `请输入${what}` },
        { pattern: MONEY_PATTERN, message: `${what}须为最多两位小数的金额` },
      ]}
    >
      <Input inputMode="decimal" maxLength={10} aria-label={what} />
    </Form.Item>
  );
}
/** Fen as yuan text, exactly. */
const fenText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** 价格表: the membership price options — exact amounts (text, never floats); a change applies to new orders only. */
export function PricesScreen() {
  const { message } = useApp();
  const list = useConsoleList<ConsolePriceRow>('/api/console/prices');
  const save = useConsoleAction('/api/console/prices/save');
  const [editing, setEditing] = useState<ConsolePriceRow | null>(null);
  const [form] = Form.useForm<PriceForm>();
  const price = Form.useWatch('price', form) ?? '';
  const original = Form.useWatch('originalPrice', form) ?? '';
  if (list.isError)
    return <QueryFailed title="价格表加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  const valid = MONEY_PATTERN.test(price) && MONEY_PATTERN.test(original) && editing;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="修改价格只影响之后创建的订单；已支付和待支付订单的金额不变。每次修改都会记入审计日志（修改前后）。"
      />
      <Table<ConsolePriceRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        columns={[
          { title: '版本', dataIndex: 'level', width: 110, render: (v: number) => userTypeLabel(v) },
          { title: '名称', dataIndex: 'title', width: 110 },
          { title: '时长', dataIndex: 'monthNum', width: 80, render: (v: number) => `${v}个月` },
          { title: '售价', dataIndex: 'price', width: 100, render: (v: string) => `¥${v}` },
          { title: '原价', dataIndex: 'originalPrice', width: 100, render: (v: string) => `¥${v}` },
          { title: '月均', dataIndex: 'unitPrice', width: 90, render: (v: string) => `¥${v}` },
          {
            title: '状态',
            key: 's',
            width: 120,
            render: (_, r) => (
              <>
                {r.enabled ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>}
                {r.isDefault ? <Tag color="blue">默认</Tag> : null}
              </>
            ),
          },
          {
            title: '更新时间',
            dataIndex: 'updatedAt',
            width: 140,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setEditing(r);
                  form.setFieldsValue(r);
                }}
              >
                修改
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `修改价格：${userTypeLabel(editing.level)} ${editing.monthNum}个月` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okText="保存"
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            editing &&
            save.mutate(
              {
                id: editing.id,
                title: v.title,
                price: v.price,
                originalPrice: v.originalPrice,
                enabled: v.enabled ? 'true' : 'false',
                isDefault: v.isDefault ? 'true' : 'false',
              },
              {
                onSuccess: (a) => {
                  void message.success(a.message);
                  setEditing(null);
                },
                onError: (e) => void message.error(errorText(e)),
              },
            )
          }
        >
          <Form.Item name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
            <Input maxLength={20} />
          </Form.Item>
          <MoneyItem name="price" what="售价" label="售价（元，最多两位小数）" />
          <MoneyItem name="originalPrice" what="原价" label="原价（元）" />
          {valid ? (
            <p aria-label="预览">
              预览：立省 ¥{fenText(Math.max(0, yuanTextToFen(original) - yuanTextToFen(price)))}，月均约 ¥
              {fenText(Math.round(yuanTextToFen(price) / editing.monthNum))}
            </p>
          ) : null}
          <Form.Item name="enabled" label="上架" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isDefault" label="默认选中" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
