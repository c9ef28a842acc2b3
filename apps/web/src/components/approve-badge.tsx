import { Tag, Tooltip } from 'antd';
import { SafetyCertificateFilled } from '@ant-design/icons';

/** isApprove 1 = personal verification, 2 = organisation; other values show nothing (§3). */
export function ApproveBadge({ isApprove, approveTitle }: { isApprove: number; approveTitle?: string }) {
  if (isApprove !== 1 && isApprove !== 2) return null;
  const kind = isApprove === 1 ? '个人认证' : '机构认证';
  const tip = approveTitle ? `${kind}：${approveTitle}` : kind;
  return (
    <Tooltip title={tip}>
      <Tag
        color={isApprove === 1 ? 'gold' : 'blue'}
        icon={<SafetyCertificateFilled aria-hidden />}
        aria-label={tip}
        style={{ marginInlineEnd: 0 }}
      >
        认证
      </Tag>
    </Tooltip>
  );
}
