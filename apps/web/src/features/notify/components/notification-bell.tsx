import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNotifications } from '../api/notifications';
import '../notify.css';

const WebhookSettingsModal = lazy(() =>
  import('./webhook-settings-modal').then((m) => ({ default: m.WebhookSettingsModal })),
);
const NotificationPanel = lazy(() => import('./notification-panel').then((m) => ({ default: m.NotificationPanel })));

/**
 * The signed-in header's bell: the unread count (a plain badge: antd's Badge would add to every signed-in page);
 * the panel (list, 全部已读, robot settings: notification-panel.tsx, with its List / Drawer) loads the first time
 * the bell is pressed, so the shell does not carry it (e2e/bundle-budget). On a wide screen a plain popup under the
 * bell (a click outside or Escape closes it; antd's Popover would add to every signed-in page), on a phone a drawer
 * from the top.
 */
export function NotificationBell({ compact }: { compact: boolean }) {
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState(false);
  const query = useNotifications();
  const boxRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open || compact) return undefined;
    const onDown = (e: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, compact]);
  const unread = query.data?.unread ?? 0;
  const openSettings = () => {
    setOpen(false);
    setSettings(true);
  };
  const settingsModal = settings ? (
    <Suspense fallback={null}>
      <WebhookSettingsModal onClose={() => setSettings(false)} />
    </Suspense>
  ) : null;
  const loading = <div className="notify-panel notify-panel-loading">加载中…</div>;
  const trigger = (
    <span className="notify-bell">
      <Button
        type="text"
        shape="circle"
        icon={<BellOutlined />}
        aria-label={unread > 0 ? `消息通知（${unread}条未读）` : '消息通知'}
        size={compact ? 'middle' : 'large'}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      />
      {unread > 0 ? (
        <span className="notify-badge" aria-hidden>
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </span>
  );
  if (compact)
    return (
      <>
        {trigger}
        {open ? (
          <Suspense fallback={null}>
            <NotificationPanel drawer onClose={() => setOpen(false)} onSettings={openSettings} />
          </Suspense>
        ) : null}
        {settingsModal}
      </>
    );
  return (
    <span ref={boxRef} className="notify-anchor">
      {trigger}
      {open ? (
        <div className="notify-popup" role="dialog" aria-label="消息通知">
          <Suspense fallback={loading}>
            <NotificationPanel drawer={false} onClose={() => setOpen(false)} onSettings={openSettings} />
          </Suspense>
        </div>
      ) : null}
      {settingsModal}
    </span>
  );
}
