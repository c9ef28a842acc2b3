import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { ArgsProps as MessageArgs, JointContent, MessageInstance, MessageType } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { ArgsProps as NotificationArgs, NotificationInstance } from 'antd/es/notification/interface';

type ModalKind = keyof ModalHookAPI;
type ModalInstance = ReturnType<ModalHookAPI['confirm']>;

/** The modal API, once its holder (loaded on the first dialog) has mounted. */
let modalApi: Promise<ModalHookAPI> | null = null;
let resolveModalApi: ((api: ModalHookAPI) => void) | null = null;

/** The notification API, once its holder (loaded on the first notification) has mounted. */
let notificationApi: Promise<NotificationInstance> | null = null;
let resolveNotificationApi: ((api: NotificationInstance) => void) | null = null;

/** The message API, once its holder (loaded on the first message) has mounted. */
let messageApi: Promise<MessageInstance> | null = null;
let resolveMessageApi: ((api: MessageInstance) => void) | null = null;

const MessageHolder = lazy(() => import('./message-holder').then((m) => ({ default: m.MessageHolder })));
const ModalHolder = lazy(() => import('./modal-holder').then((m) => ({ default: m.ModalHolder })));
const NotificationHolder = lazy(() => import('./notification-holder').then((m) => ({ default: m.NotificationHolder })));

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
 * antd's <App> context (App.useApp(): message, notification, modal) without antd's <App>: each API is
 * loaded with its holder the first time it is used (a toast, a notification, a dialog). antd's <App> creates
 * all three up front, which put Message, Notification and Modal into every page's first load.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageWanted, setMessageWanted] = useState(false);
  const [modalWanted, setModalWanted] = useState(false);
  const [notificationWanted, setNotificationWanted] = useState(false);

  useEffect(
    () => () => {
      modalApi = null;
      resolveModalApi = null;
      notificationApi = null;
      resolveNotificationApi = null;
      messageApi = null;
      resolveMessageApi = null;
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
    const requestNotification = (): Promise<NotificationInstance> => {
      if (!notificationApi) {
        notificationApi = new Promise((resolve) => {
          resolveNotificationApi = resolve;
        });
        setNotificationWanted(true);
      }
      return notificationApi;
    };
    const notify =
      (kind: Exclude<keyof NotificationInstance, 'destroy'>) =>
      (args: NotificationArgs): void =>
        void requestNotification().then((api) => api[kind](args));
    const notification: NotificationInstance = {
      success: notify('success'),
      error: notify('error'),
      info: notify('info'),
      warning: notify('warning'),
      open: notify('open'),
      destroy: (key) => void notificationApi?.then((api) => api.destroy(key)),
    };
    const requestMessage = (): Promise<MessageInstance> => {
      if (!messageApi) {
        messageApi = new Promise((resolve) => {
          resolveMessageApi = resolve;
        });
        setMessageWanted(true);
      }
      return messageApi;
    };
    /** A toast: shown once the message code is loaded; the answer closes it / settles when it closes. */
    const toast = (open: (api: MessageInstance) => MessageType): MessageType => {
      const ready = requestMessage().then((api) => ({ close: open(api) })); // boxed: MessageType is a thenable
      const hide = (() => void ready.then(({ close }) => close())) as MessageType;
      hide.then = (resolve, reject) => ready.then(({ close }) => close.then(resolve, reject));
      return hide;
    };
    const typed =
      (kind: 'info' | 'success' | 'error' | 'warning' | 'loading') =>
      (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction): MessageType =>
        toast((api) => api[kind](content, duration, onClose));
    const message: MessageInstance = {
      info: typed('info'),
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      loading: typed('loading'),
      open: (args: MessageArgs) => toast((api) => api.open(args)),
      destroy: (key) => void messageApi?.then((api) => api.destroy(key)),
    };
    return { message, notification, modal };
  }, []);

  return (
    <AppContext.Provider value={value}>
      {children}
      {messageWanted && (
        <Suspense fallback={null}>
          <MessageHolder onReady={(api) => resolveMessageApi?.(api)} />
        </Suspense>
      )}
      {notificationWanted && (
        <Suspense fallback={null}>
          <NotificationHolder onReady={(api) => resolveNotificationApi?.(api)} />
        </Suspense>
      )}
      {modalWanted && (
        <Suspense fallback={null}>
          <ModalHolder onReady={(api) => resolveModalApi?.(api)} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
