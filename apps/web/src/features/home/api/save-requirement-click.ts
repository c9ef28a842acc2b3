import { apiPost } from '../../../lib/api-client';

/** POST /api/user/saveRequirementClick: entering a value-added-service page (§2.1; the answer is ignored). */
export function saveRequirementClick(page: string): void {
  apiPost('/api/user/saveRequirementClick', { page }, () => null, { quiet: true }).catch(() => undefined);
}
