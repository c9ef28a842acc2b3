import { useState } from 'react';
import { Button, Input, Modal, Segmented, Space, Table, Tag } from 'antd';
import { userTypeLabel } from '@xg/shared';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleQuery } from '../api/console-api';

interface ApplicationRow {
  id: number;
  userId: number;
  username: string;
  userType: number;
  company: string;
  contactName: string;
  phone: string;
  position: string;
  needs: string;
  status: 'pending' | 'granted' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
  rejectReason: string;
  decidedBy: string;
}

const STATUS = {
  pending: <Tag color="orange">待审核</Tag>,
  granted: <Tag color="green">已通过</Tag>,
  rejected: <Tag color="red">已拒绝</Tag>,
};

/** 免费企业版申请: the poster modal's applications — approve (7-day 企业版 trial) or reject with a reason. */
export function FreeVipScreen() {
  const { message } = useApp();
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const list = useConsoleQuery<{ list: ApplicationRow[]; mode: string }>('/api/console/freeVip', { status });
  const decide = useConsoleAction('/api/console/freeVip/decide');
  const [rejecting, setRejecting] = useState<ApplicationRow | null>(null);
  const [reason, setReason] = useState('');
  const done = (a: { message: string }) => {
    void message.success(a.message);
    setRejecting(null);
    setReason('');
  };
  const failed = (e: unknown) => void message.error(errorText(e));
  if (list.isError) return <QueryFailed title="申请加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={status}
          onChange={(v) => setStatus(v as 'pending' | 'all')}
          options={[
            { value: 'pending', label: '待审核' },
            { value: 'all', label: '全部' },
          ]}
        />
        {list.data ? (
          <span className="console-hint">
            {list.data.mode === 'auto'
              ? '当前为自动开通模式：免费用户提交即开通，仅已是会员的申请需要审核'
              : '当前为人工审核模式'}
          </span>
        ) : null}
      </Space>
      <Table<ApplicationRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无申请' }}
        columns={[
          {
            title: '申请时间',
            dataIndex: 'createdAt',
            width: 140,
            render: (v: string) => dayjs(v).format('MM-DD HH:mm'),
          },
          { title: '公司', dataIndex: 'company' },
          { title: '联系人', key: 'c', width: 160, render: (_, r) => `${r.contactName}（${r.position}）${r.phone}` },
          { title: '需求', dataIndex: 'needs' },
          { title: '账号', key: 'u', width: 160, render: (_, r) => `${r.username}（${userTypeLabel(r.userType)}）` },
          {
            title: '状态',
            key: 's',
            width: 150,
            render: (_, r) => (
              <>
                {STATUS[r.status]}
                {r.rejectReason ? <div className="console-hint">{r.rejectReason}</div> : null}
              </>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 130,
            render: (_, r) =>
              r.status === 'pending' ? (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    onClick={() =>
                      decide.mutate({ id: r.id, decision: 'approve' }, { onSuccess: done, onError: failed })
                    }
                  >
                    通过
                  </Button>
                  <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
                    拒绝
                  </Button>
                </Space>
              ) : (
                (r.decidedBy && `由 ${r.decidedBy} 处理`) || '—'
              ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={`拒绝申请：${rejecting?.company ?? ''}`}
        onCancel={() => setRejecting(null)}
        confirmLoading={decide.isPending}
        onOk={() =>
          rejecting &&
          decide.mutate({ id: rejecting.id, decision: 'reject', reason }, { onSuccess: done, onError: failed })
        }
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          aria-label="拒绝原因"
          placeholder="拒绝原因（必填）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
