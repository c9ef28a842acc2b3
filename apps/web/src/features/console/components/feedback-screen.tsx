import { useState } from 'react';
import { Button, Input, Modal, Segmented, Table, Tag } from 'antd';
import type { FeedbackItem } from '@xg/shared';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleList } from '../api/console-api';

type InboxRow = FeedbackItem & { userId: number | null; username: string };

/** 反馈: the inbox (unanswered or all) and the reply the user sees in 我的反馈. */
export function FeedbackScreen() {
  const { message } = useApp();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const list = useConsoleList<InboxRow>('/api/console/feedback', { status });
  const reply = useConsoleAction('/api/console/feedback/reply');
  const [target, setTarget] = useState<InboxRow | null>(null);
  const [text, setText] = useState('');
  if (list.isError) return <QueryFailed title="反馈加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'all')}
        options={[
          { value: 'open', label: '待回复' },
          { value: 'all', label: '全部' },
        ]}
      />
      <Table<InboxRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 760 }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => dayjs(v).format('MM-DD HH:mm') },
          { title: '用户', key: 'user', width: 140, render: (_, r) => r.username || r.contact || '访客' },
          { title: '问题', dataIndex: 'content' },
          { title: '建议', dataIndex: 'content2' },
          {
            title: '回复',
            key: 'reply',
            render: (_, r) => (r.reply ? r.reply : <Tag>待回复</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, r) => (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setTarget(r);
                  setText(r.reply ?? '');
                }}
              >
                回复
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={target !== null}
        title="回复反馈"
        okText="发送回复"
        confirmLoading={reply.isPending}
        onCancel={() => setTarget(null)}
        onOk={() =>
          target &&
          reply.mutate(
            { id: target.id, reply: text },
            {
              onSuccess: (a) => {
                void message.success(a.message);
                setTarget(null);
              },
              onError: (e) => void message.error(errorText(e)),
            },
          )
        }
      >
        <p>{target?.content || target?.content2}</p>
        <Input.TextArea
          aria-label="回复内容"
          rows={4}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Modal>
    </>
  );
}
