import type { QueryKolItem } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';

export type AddCandidate = Pick<QueryKolItem, 'kolId' | 'kolName' | 'kolUid' | 'kolImg' | 'fansNum' | 'isApprove'>;

const candidateDecoder: Decoder<AddCandidate> = object<AddCandidate>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  fansNum: count,
  isApprove: count,
});

/** POST /api/queryKol {keyword, type: 0} (§7.3, the add modal's search) → kolInfos. */
export function queryKol(keyword: string): Promise<AddCandidate[]> {
  return apiPost('/api/queryKol', { keyword, type: 0 }, object({ kolInfos: array(candidateDecoder) })).then(
    (answer) => answer.kolInfos,
  );
}
