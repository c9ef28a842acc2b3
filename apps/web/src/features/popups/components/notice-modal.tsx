import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';

interface NoticeModalProps {
  open: boolean;
  onClose: () => void;
  width: number;
  /** the title's icon (its colour comes from `titleClass`) and text */
  icon: ReactNode;
  title: ReactNode;
  titleClass: string;
  children: ReactNode;
}

/** A notice the user only acknowledges: its icon and title, the text, and 我知道了. */
export function NoticeModal({ open, onClose, width, icon, title, titleClass, children }: NoticeModalProps) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={width}
      centered
      title={
        <span className={titleClass}>
          {icon} {title}
        </span>
      }
      footer={
        <Button type="primary" onClick={onClose}>
          我知道了
        </Button>
      }
    >
      {children}
    </Modal>
  );
}
