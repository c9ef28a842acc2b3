import { useContext } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';

/**
 * antd's useApp() (message, notification, modal) from the context app/feedback-provider.tsx provides.
 * Importing antd's `App` for its static `useApp` would bring antd's <App> — and its Modal — into the bundle.
 */
export function useApp(): useAppProps {
  return useContext(AppContext);
}
