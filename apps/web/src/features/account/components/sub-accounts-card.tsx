import { useState } from 'react';
import { Avatar, Button, Empty, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { LockOutlined, PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import {
  AccountMsg,
  Msg,
  SUB_ACCOUNT_LIMITS,
  SubAccountAddParams,
  USERNAME_MAX_LENGTH,
  UserType,
  userTypeLabel,
  type SubAccountItem,
} from '@xg/shared';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useAddSubAccountMutation } from '../api/add-sub-account';
import { useSubAccounts } from '../api/get-sub-accounts';
import { useUnbindSubAccountMutation } from '../api/unbind-sub-account';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { AccountCard } from './account-card';
import { formatDate, formatDateTime } from './account-format';
import { useApp } from '../../../lib/use-app';
import { AccountFormModal } from './account-form-modal';

interface AddValues {
  account: string;
  name: string;
  password: string;
}

/** 添加子账号: phone or e-mail, a name and an initial password (the sub-account signs in with them). */
function AddSubAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AddValues>();
  const mutation = useAddSubAccountMutation();
  const { refreshAccount } = useAccountRefresh();

  return (
    <AccountFormModal
      open={open}
      onClose={onClose}
      title="添加子账号"
      okText="添加"
      width={460}
      form={form}
      pending={mutation.isPending}
      parse={(values: AddValues) =>
        SubAccountAddParams.safeParse({
          account: trimmed(values.account),
          name: trimmed(values.name),
          password: trimmed(values.password),
        })
      }
      send={mutation.mutateAsync}
      refused={Msg.badRequest}
      saved={AccountMsg.addOk}
      onSaved={refreshAccount}
    >
      <Form.Item label="子账号（手机号或邮箱）" name="account" rules={[schemaRule(SubAccountAddParams.shape.account)]}>
        <Input prefix={<UserOutlined aria-hidden />} placeholder="请输入手机号或邮箱" maxLength={254} allowClear />
      </Form.Item>
      <Form.Item label="名称" name="name" rules={[schemaRule(SubAccountAddParams.shape.name)]}>
        <Input placeholder="如：市场部-小王" maxLength={USERNAME_MAX_LENGTH} showCount allowClear />
      </Form.Item>
      <Form.Item
        label="初始密码"
        name="password"
        rules={[schemaRule(SubAccountAddParams.shape.password)]}
        extra="子账号使用该手机号或邮箱和初始密码登录，登录后可在个人中心修改密码"
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="请设置初始密码（不少于6位）"
          autoComplete="new-password"
        />
      </Form.Item>
    </AccountFormModal>
  );
}

function SubAccountRow({ item }: { item: SubAccountItem }) {
  const { message } = useApp();
  const mutation = useUnbindSubAccountMutation();
  const { refreshAccount } = useAccountRefresh();

  const handleUnbind = async (): Promise<void> => {
    try {
      const answer = await mutation.mutateAsync(item.id);
      refreshAccount();
      void message.success(answer.message || AccountMsg.subAccountUnbound);
    } catch {
      // the api client has shown the server's message
    }
  };

  const contact = item.phone ?? item.email ?? '';
  return (
    <List.Item
      actions={[
        <Popconfirm
          key="unbind"
          title="解除绑定"
          description={`解除后「${item.username}」将成为独立的免费版账号，保留其数据。`}
          okText="解除绑定"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => void handleUnbind()}
        >
          <Button type="link" danger size="small" loading={mutation.isPending} aria-label={`解除绑定 ${item.username}`}>
            解除绑定
          </Button>
        </Popconfirm>,
      ]}
    >
      <List.Item.Meta
        avatar={<Avatar icon={<UserOutlined aria-hidden />} />}
        title={
          <span className="sub-account-title">
            {item.username}
            <Typography.Text type="secondary">{contact}</Typography.Text>
          </span>
        }
        description={`创建于 ${formatDate(item.createdAt)} · 最近登录 ${item.lastLoginAt ? formatDateTime(item.lastLoginAt) : '未登录'}`}
      />
    </List.Item>
  );
}

/**
 * 子账号管理 for a parent on 企业版 or above (§6): the list with count / limit, 添加子账号, and 解除绑定 with a
 * confirmation. Sub-accounts share the parent's tier and team data.
 */
export function SubAccountsCard() {
  const query = useSubAccounts(true);
  const [adding, setAdding] = useState(false);
  const data = query.data;
  const full = data ? data.count >= data.limit : true;

  return (
    <AccountCard
      icon={<TeamOutlined aria-hidden />}
      title="子账号管理"
      query={query}
      extra={
        data ? (
          <span className="sub-accounts-extra">
            <Typography.Text type="secondary">
              已添加 {data.count}/{data.limit}
            </Typography.Text>
            <Button
              type="primary"
              size="small"
              icon={<PlusOutlined aria-hidden />}
              disabled={full}
              onClick={() => setAdding(true)}
            >
              添加子账号
            </Button>
          </span>
        ) : null
      }
    >
      {data ? (
        <>
          <Typography.Paragraph type="secondary" className="account-card-lead">
            子账号共享主账号的会员权益与团队数据，不能单独升级或续费。
            {full && data.limit > 0 ? AccountMsg.subAccountLimit : null}
          </Typography.Paragraph>
          <List
            dataSource={data.list}
            rowKey="id"
            aria-label="子账号列表"
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无子账号" /> }}
            renderItem={(item) => <SubAccountRow item={item} />}
          />
        </>
      ) : null}
      <AddSubAccountModal open={adding} onClose={() => setAdding(false)} />
    </AccountCard>
  );
}

/** Below 企业版: what sub-accounts are and which tier allows how many. */
export function SubAccountsUpsell({ onUpgrade }: { onUpgrade: () => void }) {
  const enterprise = userTypeLabel(UserType.ENTERPRISE);
  const premium = userTypeLabel(UserType.PREMIUM);
  return (
    <AccountCard icon={<TeamOutlined aria-hidden />} title="子账号管理">
      <Typography.Paragraph type="secondary" className="account-card-lead">
        {AccountMsg.subAccountTierRequired}：{enterprise}可添加 {SUB_ACCOUNT_LIMITS[UserType.ENTERPRISE]} 个，{premium}
        可添加 {SUB_ACCOUNT_LIMITS[UserType.PREMIUM]} 个。子账号共享主账号的会员权益与团队数据。
      </Typography.Paragraph>
      <Button onClick={onUpgrade}>升级会员</Button>
    </AccountCard>
  );
}

/** A sub-account's side: whose tier it shares, and 解除绑定 (leave) with a confirmation. */
export function ParentCard({
  parentId,
  userType,
  onLeave,
  leaving,
}: {
  parentId: number;
  userType: number;
  onLeave: () => void;
  leaving: boolean;
}) {
  return (
    <AccountCard icon={<TeamOutlined aria-hidden />} title="主账号">
      <div className="parent-card-body">
        <div>
          <div className="parent-card-line">
            <Tag color="purple">子账号</Tag>
            <span>
              主账号 ID：<strong>{parentId}</strong>
            </span>
          </div>
          <Typography.Paragraph type="secondary" className="account-card-lead">
            当前账号共享主账号的{userTypeLabel(userType)}会员权益与团队数据。{Msg.subAccountBlocked}
          </Typography.Paragraph>
        </div>
        <Button danger onClick={onLeave} loading={leaving}>
          解除绑定
        </Button>
      </div>
    </AccountCard>
  );
}
