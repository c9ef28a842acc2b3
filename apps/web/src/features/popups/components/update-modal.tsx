import { Typography } from 'antd';
import { RocketFilled } from '@ant-design/icons';
import { useAppVersion } from '../../../lib/site-config';
import { NoticeModal } from './notice-modal';
import { RELEASE_NOTES } from './release-notes';

/** 版本更新: what is new in this version (§2.6), shown at most once per day. */
export function UpdateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const version = useAppVersion();
  return (
    <NoticeModal
      open={open}
      onClose={onClose}
      width={460}
      icon={<RocketFilled aria-hidden />}
      title={`版本更新${version ? ` v${version}` : ''}`}
      titleClass="update-modal-title"
    >
      <Typography.Paragraph type="secondary">本次更新内容：</Typography.Paragraph>
      <ol className="update-modal-list">
        {RELEASE_NOTES.map((note) => (
          <li key={note.title}>
            <strong>{note.title}</strong>
            <span>{note.detail}</span>
          </li>
        ))}
      </ol>
    </NoticeModal>
  );
}
