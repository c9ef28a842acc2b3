import { useEffect } from 'react';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** antd's notification hook and its holder, loaded by FeedbackProvider the first time a notification opens. */
export function NotificationHolder({ onReady }: { onReady: (api: NotificationInstance) => void }) {
  const [api, holder] = notification.useNotification();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
