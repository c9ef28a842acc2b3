import { ExclamationCircleFilled } from '@ant-design/icons';
import { NoticeModal } from './notice-modal';

interface ServeWarnModalProps {
  open: boolean;
  onClose: () => void;
  /** the operator's title and text (console → content_settings serveWarn); empty: the default texts */
  title: string;
  text: string;
}

/**
 * 服务提示 (serve-warn, §2.6): shown while the activity state flag is set (site config `activityState`, which
 * the operator switches on in the console), e.g. during maintenance or a data-source incident.
 */
export function ServeWarnModal({ open, onClose, title, text }: ServeWarnModalProps) {
  return (
    <NoticeModal
      open={open}
      onClose={onClose}
      width={440}
      icon={<ExclamationCircleFilled aria-hidden />}
      title={title || '服务提示'}
      titleClass="serve-warn-title"
    >
      {text ? (
        <p className="serve-warn-text">{text}</p>
      ) : (
        <>
          <p>平台正在进行服务升级，部分数据可能延迟更新，功能使用可能受到短暂影响。</p>
          <p>给您带来的不便，敬请谅解。如有疑问，请联系客服。</p>
        </>
      )}
    </NoticeModal>
  );
}
