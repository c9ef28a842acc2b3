import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

/**
 * A row's remove action with its confirmation (§4 "removal with confirmation"): a small danger link button named
 * `label` (its accessible name), the question `title` and the confirm button `okText`. `text` shows beside the
 * icon; without it the button is the icon alone.
 */
export function ConfirmRemove({
  title,
  label,
  text,
  okText = '移除',
  onConfirm,
}: {
  title: string;
  label: string;
  text?: string;
  okText?: string;
  onConfirm: () => void;
}) {
  return (
    <Popconfirm title={title} okText={okText} cancelText="取消" onConfirm={onConfirm}>
      <Button size="small" type="link" danger icon={<DeleteOutlined aria-hidden />} aria-label={label}>
        {text}
      </Button>
    </Popconfirm>
  );
}

/**
 * A delete's confirmation around its button (`children`): the question `title`, an optional `description`, and a
 * red 删除 beside 取消.
 */
export function DeleteConfirm({
  title,
  description,
  onConfirm,
  children,
}: {
  title: string;
  description?: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="删除"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
