import { useEffect } from 'react';
import { Modal } from 'antd';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/** antd's modal hook and its context holder, loaded by FeedbackProvider the first time a dialog opens. */
export function ModalHolder({ onReady }: { onReady: (api: ModalHookAPI) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
