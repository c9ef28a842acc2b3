import type { QueryKolItem } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { array, object } from '../../../lib/decode';
import { kolItemShape } from '../../../lib/item-decoders';

export type AddCandidate = Pick<QueryKolItem, 'kolId' | 'kolName' | 'kolUid' | 'kolImg' | 'fansNum' | 'isApprove'>;

/** The list item's fields the add modal shows (decoded as a list item's). */
const { kolId, kolName, kolUid, kolImg, fansNum, isApprove } = kolItemShape;
const candidateDecoder = object<AddCandidate>({ kolId, kolName, kolUid, kolImg, fansNum, isApprove });

/** POST /api/queryKol {keyword, type: 0} (§7.3, the add modal's search) → kolInfos. */
export function queryKol(keyword: string): Promise<AddCandidate[]> {
  return apiPost('/api/queryKol', { keyword, type: 0 }, object({ kolInfos: array(candidateDecoder) })).then(
    (answer) => answer.kolInfos,
  );
}
