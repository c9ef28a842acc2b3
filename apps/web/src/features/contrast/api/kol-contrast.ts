import type { KolContrastAnswer } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { count, nullable, number, object, string, type Decoder } from '../../../lib/decode';

export type KolContrastOutcome = Pick<KolContrastAnswer, 'id' | 'flag' | 'tip'>;

const decoder: Decoder<KolContrastOutcome> = object<KolContrastOutcome>({
  id: nullable(number),
  flag: count,
  tip: nullable(string),
});

/**
 * POST /api/user/kolContrast {kolIds: "12,34"} → {id, flag, tip} (§4 comparison outcome: 0 allowed, 1 no
 * permission, 2 upgrade, 3 adviser). The server spends the monthly quota; a refused flag spends nothing.
 */
export function createContrast(kolIds: string): Promise<KolContrastOutcome> {
  return apiPost('/api/user/kolContrast', { kolIds }, decoder);
}
