import { type App, message as staticMessage, notification as staticNotification, type ModalFuncProps } from 'antd';

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

const fallback: Feedback = {
  message: staticMessage,
  notification: staticNotification,
  // loaded on use: the static Modal is not part of every page's first load
  modal: { warning: (config) => void import('antd/es/modal').then(({ default: Modal }) => Modal.warning(config)) },
};
let current: Feedback | null = null;

export function registerFeedback(value: Feedback): void {
  current = value;
}

export function feedback(): Feedback {
  return current ?? fallback;
}
