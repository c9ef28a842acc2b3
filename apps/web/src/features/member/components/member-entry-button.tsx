import { Button } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { UserType } from '@xg/shared';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import '../member.css';

interface MemberEntryButtonProps {
  /** the signed-in user's userType (undefined while loading) */
  userType: number | undefined;
  /** icon only (narrow screens) */
  compact?: boolean;
}

/** The way to /member from the signed-in header: 开通会员 for 免费版, 续费升级 otherwise. */
export function MemberEntryButton({ userType, compact = false }: MemberEntryButtonProps) {
  const navigate = useAppNavigate();
  const label = userType === undefined || userType === UserType.FREE ? '开通会员' : '续费升级';
  return (
    <Button
      className="member-entry"
      shape="round"
      icon={<CrownFilled aria-hidden />}
      aria-label={label}
      onClick={() => navigate({ pathname: '/member' })}
    >
      {compact ? null : label}
    </Button>
  );
}
