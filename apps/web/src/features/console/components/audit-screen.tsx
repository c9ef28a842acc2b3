import { useState } from 'react';
import { Table } from 'antd';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { useConsoleList } from '../api/console-api';

const ROLE_NAMES: Record<string, string> = { content: '内容编辑', service: '客服', finance: '财务', admin: '管理员' };

interface AuditRow {
  id: number;
  operatorName: string;
  role: string;
  action: string;
  target: string;
  detail: unknown;
  ip: string;
  createdAt: string;
}

/** 审计日志 (admin): every operator action, newest first; append-only in the database. */
export function AuditScreen() {
  const [pageNo, setPageNo] = useState(1);
  const list = useConsoleList<AuditRow>('/api/console/audit', { pageNo });
  if (list.isError)
    return <QueryFailed title="审计日志加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Table<AuditRow>
      rowKey="id"
      loading={list.isPending}
      dataSource={list.data?.list ?? []}
      scroll={{ x: 1200 }}
      pagination={{ current: pageNo, pageSize: 50, total: list.data?.total ?? 0, onChange: setPageNo }}
      columns={[
        {
          title: '时间',
          dataIndex: 'createdAt',
          width: 160,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        { title: '操作人', dataIndex: 'operatorName', width: 140 },
        { title: '角色', dataIndex: 'role', width: 90, render: (v: string) => ROLE_NAMES[v] ?? v },
        { title: '操作', dataIndex: 'action', width: 160 },
        { title: '对象', dataIndex: 'target', width: 160 },
        {
          title: '详情',
          dataIndex: 'detail',
          width: 360,
          render: (v: unknown) => <code className="console-detail">{JSON.stringify(v)}</code>,
        },
        { title: 'IP', dataIndex: 'ip', width: 120 },
      ]}
    />
  );
}
