import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { ArgsProps as MessageArgs, JointContent, MessageInstance, MessageType } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { ArgsProps as NotificationArgs, NotificationInstance } from 'antd/es/notification/interface';

type ModalKind = keyof ModalHookAPI;
type ModalInstance = ReturnType<ModalHookAPI['confirm']>;

/** An API loaded on first use: `request()` asks for its holder once and settles when the holder is mounted. */
class LazyApi<T> {
  private promise: Promise<T> | null = null;
  private resolveApi: ((api: T) => void) | null = null;

  constructor(private readonly onWanted: () => void) {}

  request(): Promise<T> {
    if (!this.promise) {
      this.promise = new Promise((resolve) => {
        this.resolveApi = resolve;
      });
      this.onWanted();
    }
    return this.promise;
  }

  /** the API if it was ever asked for */
  asked(): Promise<T> | null {
    return this.promise;
  }

  readonly ready = (api: T): void => this.resolveApi?.(api);
}

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
  const [wanted, setWanted] = useState({ message: false, modal: false, notification: false });
  const [apis] = useState(() => ({
    message: new LazyApi<MessageInstance>(() => setWanted((w) => ({ ...w, message: true }))),
    modal: new LazyApi<ModalHookAPI>(() => setWanted((w) => ({ ...w, modal: true }))),
    notification: new LazyApi<NotificationInstance>(() => setWanted((w) => ({ ...w, notification: true }))),
  }));

  const value = useMemo<useAppProps>(() => {
    const request = (): Promise<ModalHookAPI> => apis.modal.request();
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
    const requestNotification = (): Promise<NotificationInstance> => apis.notification.request();
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
      destroy: (key) => void apis.notification.asked()?.then((api) => api.destroy(key)),
    };
    const requestMessage = (): Promise<MessageInstance> => apis.message.request();
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
      destroy: (key) => void apis.message.asked()?.then((api) => api.destroy(key)),
    };
    return { message, notification, modal };
  }, [apis]);

  return (
    <AppContext.Provider value={value}>
      {children}
      {wanted.message && (
        <Suspense fallback={null}>
          <MessageHolder onReady={apis.message.ready} />
        </Suspense>
      )}
      {wanted.notification && (
        <Suspense fallback={null}>
          <NotificationHolder onReady={apis.notification.ready} />
        </Suspense>
      )}
      {wanted.modal && (
        <Suspense fallback={null}>
          <ModalHolder onReady={apis.modal.ready} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
