import { Switch, Table, Tag } from 'antd';
import { userTypeLabel } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleList } from '../api/console-api';

interface MenuRow {
  id: number;
  parentId: number | null;
  path: string;
  title: string;
  component: string;
  hidden: boolean;
  minUserType: number;
  enabled: boolean;
}

/** 菜单: the signed-in menu per tier (lowest tier that sees it) — an operator switches entries on or off. */
export function MenusScreen() {
  const { message } = useApp();
  const list = useConsoleList<MenuRow>('/api/console/menus');
  const toggle = useConsoleAction('/api/console/menus/toggle');
  if (list.isError) return <QueryFailed title="菜单加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Table<MenuRow>
      rowKey="id"
      loading={list.isPending}
      dataSource={list.data?.list ?? []}
      pagination={false}
      size="small"
      scroll={{ x: 640 }}
      columns={[
        {
          title: '菜单',
          key: 't',
          render: (_, r) => (
            <span style={{ paddingLeft: r.parentId ? 20 : 0, fontWeight: r.parentId ? 400 : 600 }}>
              {r.title} {r.hidden ? <Tag>隐藏路由</Tag> : null}
            </span>
          ),
        },
        { title: '路径', dataIndex: 'path', width: 240 },
        { title: '最低等级', dataIndex: 'minUserType', width: 120, render: (v: number) => userTypeLabel(v) },
        {
          title: '启用',
          key: 'e',
          width: 80,
          render: (_, r) => (
            <Switch
              size="small"
              checked={r.enabled}
              aria-label={`启用 ${r.title}`}
              onChange={(on) =>
                toggle.mutate(
                  { id: r.id, enabled: on ? 'true' : 'false' },
                  {
                    onSuccess: (a) => void message.success(a.message),
                    onError: (e) => void message.error(errorText(e)),
                  },
                )
              }
            />
          ),
        },
      ]}
    />
  );
}
