import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';

type ModalKind = keyof ModalHookAPI;
type ModalInstance = ReturnType<ModalHookAPI['confirm']>;

/** The modal API, once its holder (loaded on the first dialog) has mounted. */
let modalApi: Promise<ModalHookAPI> | null = null;
let resolveModalApi: ((api: ModalHookAPI) => void) | null = null;

const ModalHolder = lazy(() => import('./modal-holder').then((m) => ({ default: m.ModalHolder })));

/** A dialog opened before the modal code is loaded: it opens once it is, and forwards destroy / update. */
function deferredDialog(kind: ModalKind, config: ModalFuncProps, request: () => Promise<ModalHookAPI>): ModalInstance {
  // boxed: the instance is itself a thenable (it settles when the dialog closes)
  const ready = request().then((api) => ({ instance: api[kind](config) }));
  return {
    destroy: () => void ready.then(({ instance }) => instance.destroy()),
    update: (next) => void ready.then(({ instance }) => instance.update(next)),
    then: (resolve, reject) => ready.then(({ instance }) => instance.then(resolve, reject)),
  };
}

/**
 * antd's <App> context (useApp(): message, notification, modal) without antd's <App>: message and
 * notification as antd's own hooks, the modal API loaded with its holder the first time a dialog opens.
 * antd's <App> creates the modal hook up front, which put the whole Modal into every page's first load.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = useMessage({ maxCount: 3 });
  const [notificationApi, notificationHolder] = useNotification();
  const [modalWanted, setModalWanted] = useState(false);

  useEffect(
    () => () => {
      modalApi = null;
      resolveModalApi = null;
    },
    [],
  );

  const value = useMemo<useAppProps>(() => {
    const request = (): Promise<ModalHookAPI> => {
      if (!modalApi) {
        modalApi = new Promise((resolve) => {
          resolveModalApi = resolve;
        });
        setModalWanted(true);
      }
      return modalApi;
    };
    const dialog =
      (kind: ModalKind) =>
      (config: ModalFuncProps): ModalInstance =>
        deferredDialog(kind, config, request);
    const modal: ModalHookAPI = {
      info: dialog('info'),
      success: dialog('success'),
      error: dialog('error'),
      warning: dialog('warning'),
      confirm: dialog('confirm'),
    };
    return { message: messageApi, notification: notificationApi, modal };
  }, [messageApi, notificationApi]);

  return (
    <AppContext.Provider value={value}>
      {children}
      {messageHolder}
      {notificationHolder}
      {modalWanted && (
        <Suspense fallback={null}>
          <ModalHolder onReady={(api) => resolveModalApi?.(api)} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
