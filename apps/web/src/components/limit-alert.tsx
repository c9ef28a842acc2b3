import { Alert, Button } from 'antd';

/**
 * The banner of a ranked list cut to its first rows for the free tier, with the upgrade button. The screen
 * opens its upgrade popup (features/gate) from `onUpgrade`; the banner itself only draws.
 */
export function LimitAlert({
  title,
  className,
  testId,
  onUpgrade,
}: {
  title: string;
  className: string;
  testId: string;
  onUpgrade: () => void;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      className={className}
      data-testid={testId}
      title={title}
      action={
        <Button size="small" type="primary" onClick={onUpgrade}>
          升级
        </Button>
      }
    />
  );
}
