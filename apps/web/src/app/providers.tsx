import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { FeedbackProvider } from './feedback-provider';
// antd's ES module (antd/locale/zh_CN is a CommonJS copy): the build makes it antd's default locale as well
import zhCN from 'antd/es/locale/zh_CN';
import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { registerFeedback } from '../lib/feedback';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';
import { useApp } from '../lib/use-app';

/**
 * Buttons: no space inserted into two-character texts (登录, 注册, 搜索 stay exact for users and tests), and
 * a static, unlabelled loading icon. antd's default animated loading icon can stay in the DOM when a
 * request ends during its enter animation, leaving the button named "loading 登录".
 */
const BUTTON_CONFIG = { autoInsertSpace: false, loadingIcon: <LoadingOutlined aria-hidden /> };

/** Page sizes are fixed in this product: no size changer (the web build leaves antd's out, build-plugins.ts). */
const PAGINATION_CONFIG = { showSizeChanger: false };

/** Hands antd's themed message / notification / modal instances to the api client. */
function FeedbackBridge() {
  const feedback = useApp();
  useEffect(() => registerFeedback(feedback), [feedback]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={theme} button={BUTTON_CONFIG} pagination={PAGINATION_CONFIG}>
        <FeedbackProvider>
          <FeedbackBridge />
          {children}
        </FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
