import { useQueryClient } from '@tanstack/react-query';
import { UserType, type UserInfo } from '@xg/shared';
import { saveUserInfo, useAccessToken } from '../../lib/session';
import { useCurrentUser, userInfoQueryKey } from '../../features/auth/api/get-user-info';
import { FreeVipPosterModal } from '../../features/free-vip/components/free-vip-poster-modal';
import { tierAllLines } from '../../features/home/components/landing-content';

interface FreeVipPosterProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The free enterprise-tier promotion poster for signed-in users (§2.2), composed here: the poster and its
 * application form (features/free-vip), what the tier gives — built features, and the rest as 即将上线 —
 * (features/home, generated from the gate policy) and the signed-in user
 * (features/auth). A granted trial updates the user info at once, so the header shows 企业版 · 试用 and the
 * expiry without a reload.
 */
export function FreeVipPoster({ open, onClose }: FreeVipPosterProps) {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();

  const handleGranted = (next: UserInfo): void => {
    saveUserInfo(next);
    queryClient.setQueryData(userInfoQueryKey(token), next);
    // Everything that depends on the tier (gates, quotas, prices) is asked again.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'membership' });
  };

  return (
    <FreeVipPosterModal
      open={open}
      onClose={onClose}
      highlights={tierAllLines(UserType.ENTERPRISE)}
      user={user}
      onGranted={handleGranted}
    />
  );
}
