import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { userTypeLabel, type ConsoleUserRow } from '@xg/shared';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleList, useConsoleQuery } from '../api/console-api';

interface UserDetail {
  user: ConsoleUserRow;
  orders: { orderNo: string; level: number; monthNum: number; amountFen: number; status: string; createdAt: string }[];
  sessions: { id: number; createdAt: string; lastSeenAt: string; revokedReason: string; ip: string }[];
  subAccounts: ConsoleUserRow[];
  periods: { level: number; startAt: string; endAt: string; source: string }[];
  loginFailures: number;
}

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
const tierText = (u: ConsoleUserRow) =>
  `${userTypeLabel(u.userType)}${u.versionType === 2 ? '（试用）' : ''}${u.parentId ? ' · 子账号' : ''}`;
const SOURCE: Record<string, string> = { order: '订单', trial: '试用', admin: '运营调整' };

function UserDetailDrawer({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { message } = useApp();
  const detail = useConsoleQuery<UserDetail>('/api/console/users/detail', { userId });
  const extend = useConsoleAction('/api/console/users/extend');
  const disable = useConsoleAction('/api/console/users/disable');
  const unlock = useConsoleAction('/api/console/users/unlock');
  const [dialog, setDialog] = useState<'extend' | 'disable' | null>(null);
  const [form] = Form.useForm<{ level: number; days: number; reason: string }>();
  const done = (a: { message: string }) => {
    void message.success(a.message);
    setDialog(null);
    form.resetFields();
  };
  const failed = (e: unknown) => void message.error(errorText(e));
  const d = detail.data;
  return (
    <Drawer open onClose={onClose} size={820} rootClassName="console-drawer" title="用户详情">
      {detail.isError ? (
        <QueryFailed title="用户加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !d ? null : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label="用户">
              {d.user.username}（ID {d.user.id}）
            </Descriptions.Item>
            <Descriptions.Item label="联系方式">{d.user.phone || d.user.email}</Descriptions.Item>
            <Descriptions.Item label="等级">{tierText(d.user)}</Descriptions.Item>
            <Descriptions.Item label="到期">{fmt(d.user.maturityTime)}</Descriptions.Item>
            <Descriptions.Item label="注册">{fmt(d.user.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {d.user.disabledAt ? (
                <Tag color="red">已停用：{d.user.disabledReason}</Tag>
              ) : (
                <Tag color="green">正常</Tag>
              )}
              {d.loginFailures >= 5 ? <Tag color="orange">登录已锁定</Tag> : null}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap style={{ margin: '12px 0' }}>
            <Button type="primary" onClick={() => setDialog('extend')} disabled={d.user.parentId !== null}>
              延长 / 调整会员
            </Button>
            <Button danger={!d.user.disabledAt} onClick={() => setDialog('disable')}>
              {d.user.disabledAt ? '恢复账号' : '停用账号'}
            </Button>
            <Button
              disabled={d.loginFailures === 0}
              loading={unlock.isPending}
              onClick={() => unlock.mutate({ userId: d.user.id }, { onSuccess: done, onError: failed })}
            >
              解除登录锁定（{d.loginFailures}次失败）
            </Button>
          </Space>
          <h4>订单</h4>
          <Table
            size="small"
            rowKey="orderNo"
            pagination={false}
            dataSource={d.orders}
            scroll={{ x: 600 }}
            locale={{ emptyText: '暂无订单' }}
            columns={[
              { title: '订单号', dataIndex: 'orderNo' },
              {
                title: '版本',
                key: 'l',
                render: (_, o) => `${userTypeLabel(o.level)} ${o.monthNum}个月`,
              },
              { title: '金额', dataIndex: 'amountFen', render: (v: number) => `¥${(v / 100).toFixed(2)}` },
              { title: '状态', dataIndex: 'status' },
              { title: '时间', dataIndex: 'createdAt', render: fmt },
            ]}
          />
          <h4>会员记录</h4>
          <Table
            size="small"
            rowKey={(p) => p.startAt + p.source}
            pagination={false}
            dataSource={d.periods}
            locale={{ emptyText: '暂无记录' }}
            columns={[
              { title: '等级', dataIndex: 'level', render: (v: number) => userTypeLabel(v) },
              { title: '开始', dataIndex: 'startAt', render: fmt },
              { title: '结束', dataIndex: 'endAt', render: fmt },
              { title: '来源', dataIndex: 'source', render: (v: string) => SOURCE[v] ?? v },
            ]}
          />
          <h4>最近登录</h4>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.sessions}
            locale={{ emptyText: '暂无登录' }}
            columns={[
              { title: '登录时间', dataIndex: 'createdAt', render: fmt },
              { title: '最近活动', dataIndex: 'lastSeenAt', render: fmt },
              { title: 'IP', dataIndex: 'ip' },
              { title: '状态', dataIndex: 'revokedReason', render: (v: string) => (v ? v : '在线') },
            ]}
          />
          {d.subAccounts.length > 0 ? (
            <>
              <h4>子账号</h4>
              <p>{d.subAccounts.map((s) => `${s.username}（${s.phone || s.email}）`).join('，')}</p>
            </>
          ) : null}
          <Modal
            open={dialog !== null}
            title={dialog === 'extend' ? '延长 / 调整会员' : d.user.disabledAt ? '恢复账号' : '停用账号'}
            onCancel={() => setDialog(null)}
            onOk={() => form.submit()}
            confirmLoading={extend.isPending || disable.isPending}
          >
            <Form
              form={form}
              layout="vertical"
              initialValues={{ level: Math.max(1, d.user.userType), days: 30 }}
              onFinish={(v) =>
                dialog === 'extend'
                  ? extend.mutate(
                      { userId: d.user.id, level: v.level, days: v.days, reason: v.reason },
                      { onSuccess: done, onError: failed },
                    )
                  : disable.mutate(
                      { userId: d.user.id, disabled: d.user.disabledAt ? 'false' : 'true', reason: v.reason },
                      { onSuccess: done, onError: failed },
                    )
              }
            >
              {dialog === 'extend' ? (
                <Space wrap>
                  <Form.Item name="level" label="等级">
                    <Select
                      style={{ width: 160 }}
                      options={[1, 2, 3, 4].map((l) => ({ value: l, label: userTypeLabel(l) }))}
                    />
                  </Form.Item>
                  <Form.Item name="days" label="天数" rules={[{ required: true, message: '天数须为1至3650的整数' }]}>
                    <InputNumber min={1} max={3650} precision={0} />
                  </Form.Item>
                </Space>
              ) : null}
              <Form.Item
                name="reason"
                label="原因"
                rules={[{ required: true, whitespace: true, message: '请填写原因' }]}
              >
                <Input.TextArea rows={2} maxLength={200} aria-label="原因" />
              </Form.Item>
            </Form>
          </Modal>
        </>
      )}
    </Drawer>
  );
}

/** 用户: find by id / phone / e-mail / name; detail with tier, orders, sessions; extend, disable, unlock. */
export function UsersScreen() {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = useConsoleList<ConsoleUserRow>('/api/console/users', { keyword });
  return (
    <>
      <Input.Search
        placeholder="用户ID / 手机号 / 邮箱 / 用户名"
        allowClear
        enterButton="搜索"
        style={{ maxWidth: 420, marginBottom: 12 }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      {list.isError ? (
        <QueryFailed title="用户加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<ConsoleUserRow>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 760 }}
          locale={{ emptyText: '没有找到用户' }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            { title: '用户名', dataIndex: 'username' },
            { title: '手机 / 邮箱', key: 'c', render: (_, u) => u.phone || u.email },
            { title: '等级', key: 't', width: 150, render: (_, u) => tierText(u) },
            { title: '到期', dataIndex: 'maturityTime', width: 150, render: fmt },
            {
              title: '状态',
              dataIndex: 'disabledAt',
              width: 80,
              render: (v: string | null) => (v ? <Tag color="red">停用</Tag> : <Tag color="green">正常</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              width: 80,
              render: (_, u) => (
                <Button size="small" type="link" onClick={() => setOpen(u.id)}>
                  详情
                </Button>
              ),
            },
          ]}
        />
      )}
      {open !== null ? <UserDetailDrawer userId={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
