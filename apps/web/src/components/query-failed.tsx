import { Button, Result } from 'antd';
import { errorText } from '../lib/api-client';

/** The error state of a card or page whose query failed: the server's Chinese message and a retry button. */
export function QueryFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
