import type { App, ModalFuncProps } from 'antd';
import type { JointContent, MessageType } from 'antd/es/message/interface';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * Toasts, notifications and dialogs for code outside React (the api client). The app registers the
 * instances of antd's <App> (App.useApp) at start so they render with the theme and locale; the static
 * methods are only a fallback before that.
 */
export interface Feedback {
  message: AppApi['message'];
  notification: AppApi['notification'];
  modal: { warning: (config: ModalFuncProps) => unknown };
}

/** A toast before the app registered its instances: antd's static message, loaded on use. */
function staticToast(kind: 'info' | 'success' | 'error' | 'warning' | 'loading') {
  return (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction): MessageType => {
    const shown = import('antd/es/message').then(({ default: m }) => ({ close: m[kind](content, duration, onClose) }));
    const hide = (() => void shown.then(({ close }) => close())) as MessageType;
    hide.then = (resolve, reject) => shown.then(({ close }) => close.then(resolve, reject));
    return hide;
  };
}

// The static methods load on use: none of them is part of every page's first load.
const fallback: Feedback = {
  message: {
    info: staticToast('info'),
    success: staticToast('success'),
    error: staticToast('error'),
    warning: staticToast('warning'),
    loading: staticToast('loading'),
    open: (args) => {
      const shown = import('antd/es/message').then(({ default: m }) => ({ close: m.open(args) }));
      const hide = (() => void shown.then(({ close }) => close())) as MessageType;
      hide.then = (resolve, reject) => shown.then(({ close }) => close.then(resolve, reject));
      return hide;
    },
    destroy: (key) => void import('antd/es/message').then(({ default: m }) => m.destroy(key)),
  },
  notification: {
    success: (args) => void import('antd/es/notification').then(({ default: n }) => n.success(args)),
    error: (args) => void import('antd/es/notification').then(({ default: n }) => n.error(args)),
    info: (args) => void import('antd/es/notification').then(({ default: n }) => n.info(args)),
    warning: (args) => void import('antd/es/notification').then(({ default: n }) => n.warning(args)),
    open: (args) => void import('antd/es/notification').then(({ default: n }) => n.open(args)),
    destroy: (key) => void import('antd/es/notification').then(({ default: n }) => n.destroy(key)),
  },
  modal: { warning: (config) => void import('antd/es/modal').then(({ default: Modal }) => Modal.warning(config)) },
};
let current: Feedback | null = null;

export function registerFeedback(value: Feedback): void {
  current = value;
}

export function feedback(): Feedback {
  return current ?? fallback;
}
