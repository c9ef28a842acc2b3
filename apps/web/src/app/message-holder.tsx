import { useEffect } from 'react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** antd's message hook (at most 3 toasts) and its holder, loaded by FeedbackProvider on the first toast. */
export function MessageHolder({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
