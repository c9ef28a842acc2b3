import { useState } from 'react';
import { Button, Empty, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { GROUP_NAME_MAX_LENGTH, ListMsg, type UserThemeInfo } from '@xg/shared';
import { feedback } from '../../../lib/feedback';
import { addCustomGroup, deleteCustomGroup, updateCustomGroup, useCustomGroups } from '../api/customize-sort';
import { LIST_QUERY_ROOT } from '../api/link-kol';
import { useListRefusal } from '../hooks/use-list-refusal';

/** The name rules of §5 (ours where the spec is silent), checked before the server checks them again. */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return ListMsg.groupNameRequired;
  if (trimmed.toLowerCase() === 'default_group') return ListMsg.groupNameReserved;
  if (trimmed.length > GROUP_NAME_MAX_LENGTH) return ListMsg.groupNameTooLong;
  return null;
}

/**
 * Custom groups (customizeSortList type 4): add, rename, order, delete. default_group is the ungrouped
 * holder: never listed here or offered as a choice (§5).
 */
export function GroupManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const groups = useCustomGroups();
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const items = (groups.data?.userThemeInfos ?? []).filter((g) => g.isDefault !== 1);
  const limit = groups.data?.limit ?? 0;

  const run = async (work: () => Promise<{ message: string }>): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await work();
      feedback().message.success({ content: result.message, key: 'groups' });
      return true;
    } catch (error) {
      handleRefusal(error);
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: LIST_QUERY_ROOT });
    }
  };

  const handleAdd = async () => {
    const found = nameProblem(name);
    setProblem(found);
    if (found) return;
    if (await run(() => addCustomGroup(name.trim()))) setName('');
  };

  const handleRename = async () => {
    if (!editing) return;
    const found = nameProblem(editing.name);
    if (found) {
      feedback().message.error(found);
      return;
    }
    if (await run(() => updateCustomGroup(editing.id, { themeName: editing.name.trim() }))) setEditing(null);
  };

  const renderItem = (group: UserThemeInfo, index: number) => (
    <List.Item
      actions={[
        <Button
          key="up"
          size="small"
          type="text"
          disabled={index === 0 || busy}
          aria-label={`上移${group.themeName}`}
          icon={<ArrowUpOutlined aria-hidden />}
          onClick={() => void run(() => updateCustomGroup(group.id, { sortFlag: index }))}
        />,
        <Button
          key="down"
          size="small"
          type="text"
          disabled={index === items.length - 1 || busy}
          aria-label={`下移${group.themeName}`}
          icon={<ArrowDownOutlined aria-hidden />}
          onClick={() => void run(() => updateCustomGroup(group.id, { sortFlag: index + 2 }))}
        />,
        <Button
          key="edit"
          size="small"
          type="text"
          aria-label={`重命名${group.themeName}`}
          icon={<EditOutlined aria-hidden />}
          onClick={() => setEditing({ id: group.id, name: group.themeName })}
        />,
        <Popconfirm
          key="del"
          title="确定删除该分组吗？"
          description="组内UP主将移至未分组"
          okText="删除"
          cancelText="取消"
          onConfirm={() => void run(() => deleteCustomGroup(group.id))}
        >
          <Button
            size="small"
            type="text"
            danger
            aria-label={`删除${group.themeName}`}
            icon={<DeleteOutlined aria-hidden />}
          />
        </Popconfirm>,
      ]}
    >
      {editing?.id === group.id ? (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            autoFocus
            aria-label="分组名称"
            value={editing.name}
            maxLength={GROUP_NAME_MAX_LENGTH + 5}
            onChange={(event) => setEditing({ id: group.id, name: event.target.value })}
            onPressEnter={() => void handleRename()}
          />
          <Button type="primary" loading={busy} onClick={() => void handleRename()}>
            保存
          </Button>
        </Space.Compact>
      ) : (
        <span>
          {group.themeName} <Typography.Text type="secondary">（{group.kolNum}位）</Typography.Text>
        </span>
      )}
    </List.Item>
  );

  return (
    <Modal open={open} onCancel={onClose} footer={null} title="管理分组" destroyOnHidden>
      <Typography.Paragraph type="secondary">
        已创建 {items.length} / {limit} 个分组，分组名称最多{GROUP_NAME_MAX_LENGTH}个字。
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%', marginBottom: 4 }}>
        <Input
          aria-label="新分组名称"
          placeholder="输入分组名称"
          value={name}
          status={problem ? 'error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onPressEnter={() => void handleAdd()}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} loading={busy} onClick={() => void handleAdd()}>
          添加分组
        </Button>
      </Space.Compact>
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      <List
        style={{ marginTop: 12 }}
        loading={groups.isPending}
        dataSource={items}
        renderItem={renderItem}
        locale={{ emptyText: <Empty description="还没有自定义分组" /> }}
      />
      {refusalHolder}
    </Modal>
  );
}
