import { useCallback, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorText, isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { feedback } from '../../../lib/feedback';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';

function upgradeTargetOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null || !('upgradeTarget' in body)) return null;
  const target = Number(body.upgradeTarget);
  return Number.isInteger(target) ? target : null;
}

/**
 * How a refused list call is shown: a tier limit (the answer carries upgradeTarget) opens the upgrade popup
 * of §2.6 with the server's message; anything else is an error toast with the message (§8).
 */
export function useListRefusal(): { handleRefusal: (error: unknown) => void; refusalHolder: ReactNode } {
  const { user } = useCurrentUser();
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  const userType = user?.userType ?? 0;
  const handleRefusal = useCallback(
    (error: unknown) => {
      const target = isApiError(error) ? upgradeTargetOf(error.body) : null;
      if (target !== null && isApiError(error)) {
        openUpgradePopup({ userType, target, message: error.message, label: null });
        return;
      }
      // Session codes (0, 461, 401) were already handled by the api client.
      if (isApiError(error) && (error.code === 0 || error.code === 461 || error.code === 401)) return;
      feedback().message.error({ content: errorText(error), key: `list-${errorText(error)}` });
    },
    [openUpgradePopup, userType],
  );
  return { handleRefusal, refusalHolder: upgradePopup };
}

/**
 * A change to a team list (remove, mark seen …): the answer's message as a toast (one at a time under `toastKey`),
 * a refusal as useListRefusal shows it, and the lists under `queryRoot` refreshed either way.
 */
export function useListChange(queryRoot: QueryKey, toastKey?: string) {
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();
  const change = async (work: () => Promise<{ message: string }>): Promise<void> => {
    try {
      const result = await work();
      feedback().message.success(toastKey === undefined ? result.message : { content: result.message, key: toastKey });
    } catch (error) {
      handleRefusal(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryRoot });
    }
  };
  return { change, handleRefusal, refusalHolder };
}
