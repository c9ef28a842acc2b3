import { useState, type ReactNode } from 'react';
import { Button, Drawer, Form, InputNumber, Popconfirm, Space, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';

/**
 * What the console's editor screens (帮助中心, 教程视频, 弹窗公告, 内容报告) share: the row open in the editor
 * ('new' for a new one), the toasts after an action, and the callbacks a save passes to its mutation (toast, close).
 */
export function useEditor<R extends { id: number }, F>(
  form: FormInstance<F>,
  toForm: (row: R | 'new') => Parameters<FormInstance<F>['setFieldsValue']>[0],
  onOpen?: (row: R | 'new') => void,
) {
  const { message } = useApp();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const done = (a: { message: string }) => void message.success(a.message);
  const failed = (e: unknown) => void message.error(errorText(e));
  const close = () => setEditing(null);
  const open = (row: R | 'new') => {
    setEditing(row);
    onOpen?.(row);
    form.setFieldsValue(toForm(row));
  };
  const acted = { onSuccess: done, onError: failed };
  return {
    editing,
    /** the row being edited, none when the editor is closed or holds a new one */
    row: editing && editing !== 'new' ? editing : null,
    open,
    close,
    /** the mutation options for one action from a row (publish, delete) */
    acted,
    /** the 操作 column: 编辑 opens the row in the editor, `more` adds the row's other buttons */
    actionsColumn: (width: number, more: (r: R) => Pick<RowActionsProps, 'toggle' | 'remove'>) => ({
      title: '操作',
      key: 'op',
      width,
      render: (_: unknown, r: R) => <RowActions id={r.id} onEdit={() => open(r)} acted={acted} {...more(r)} />,
    }),
    /** the mutation options for a save: toast, close the editor */
    saved: {
      onSuccess: (a: { message: string }) => {
        done(a);
        close();
      },
      onError: failed,
    },
    done,
    failed,
  };
}

/** A status column: a green tag when the row's flag is on, a plain one when it is off. */
export function flagColumn<R>(dataIndex: keyof R & string, on: string, off: string) {
  return {
    title: '状态',
    dataIndex,
    width: 90,
    render: (v: boolean) => (v ? <Tag color="green">{on}</Tag> : <Tag>{off}</Tag>),
  };
}

/** A console action (useConsoleAction) as a row's button calls it. */
interface RowAction {
  mutate(
    params: { id: number; published?: string },
    options: { onSuccess: (a: { message: string }) => void; onError: (e: unknown) => void },
  ): void;
}

/**
 * A row's buttons: 编辑, optionally a switch between two states (e.g. 发布 / 下线; the action gets the new state
 * as `published`) and 删除 behind a confirmation; `acted` toasts the outcome.
 */
interface RowActionsProps {
  id: number;
  onEdit: () => void;
  acted: { onSuccess: (a: { message: string }) => void; onError: (e: unknown) => void };
  /** `on`: the row's current state; `labels`: what the button says to turn it on, and off */
  toggle?: { on: boolean; labels: [string, string]; action: RowAction };
  /** `title`: the confirmation's question */
  remove?: { title: string; action: RowAction };
}

function RowActions({ id, onEdit, acted, toggle, remove }: RowActionsProps) {
  return (
    <Space size={0}>
      <Button size="small" type="link" onClick={onEdit}>
        编辑
      </Button>
      {toggle ? (
        <Button
          size="small"
          type="link"
          onClick={() => toggle.action.mutate({ id, published: toggle.on ? 'false' : 'true' }, acted)}
        >
          {toggle.on ? toggle.labels[1] : toggle.labels[0]}
        </Button>
      ) : null}
      {remove ? (
        <Popconfirm title={remove.title} onConfirm={() => remove.action.mutate({ id }, acted)}>
          <Button size="small" type="link" danger>
            删除
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}

/** The editor drawer: 新建… / 编辑… by the row, 保存 submits the form (`extra`: controls before 保存). */
export function EditorDrawer({
  editor: { editing, close },
  form,
  noun,
  size,
  saving,
  extra,
  children,
}: {
  editor: { editing: unknown; close: () => void };
  form: FormInstance;
  noun: string;
  size: number;
  saving: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const save = (
    <Button type="primary" loading={saving} onClick={() => form.submit()}>
      保存
    </Button>
  );
  return (
    <Drawer
      open={editing !== null}
      onClose={close}
      size={size}
      rootClassName="console-drawer"
      title={editing === 'new' ? `新建${noun}` : `编辑${noun}`}
      extra={
        extra ? (
          <Space>
            {extra}
            {save}
          </Space>
        ) : (
          save
        )
      }
    >
      {children}
    </Drawer>
  );
}

/** An editor's 排序 field (−9999 to 9999). */
export function SortField() {
  return (
    <Form.Item name="sort" label="排序">
      <InputNumber min={-9999} max={9999} />
    </Form.Item>
  );
}
