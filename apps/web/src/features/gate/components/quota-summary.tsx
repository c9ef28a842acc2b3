import { Space } from 'antd';
import { QuotaBadge } from './quota-badge';

/** Both monthly quotas side by side (/member). */
export function QuotaSummary() {
  return (
    <Space wrap size={[8, 8]} className="quota-summary">
      <QuotaBadge kind="contrast" />
      <QuotaBadge kind="export" />
    </Space>
  );
}
