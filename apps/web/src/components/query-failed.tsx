import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { errorText } from '../lib/api-client';

/**
 * The error state of a card or page whose query failed: the server's Chinese message and a retry button.
 * Plain markup (styles.css .error-fallback): antd's Result carries its status illustrations into every page.
 */
export function QueryFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="error-fallback" role="alert">
      <CloseCircleFilled className="error-fallback-icon is-error" aria-hidden />
      <div className="error-fallback-title">{title}</div>
      <div className="error-fallback-text">{errorText(error)}</div>
      <Button type="primary" onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}
