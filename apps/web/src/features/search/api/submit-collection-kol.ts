import { apiPost } from '../../../lib/api-client';
import { count, nullable, number, object, text, type Decoder } from '../../../lib/decode';

/** §4 creator collection result: isExists 0 not found / format error, 1 already collected, 2 submitted. */
export interface CollectionResult {
  message: string;
  isExists: number;
  kolId: number | null;
  kolName: string;
  kolImg: string;
  kolUid: number | null;
}
const resultDecoder: Decoder<CollectionResult> = object<CollectionResult>({
  message: text,
  isExists: count,
  kolId: nullable(number),
  kolName: text,
  kolImg: text,
  kolUid: nullable(number),
});

/** POST /api/submitCollectionKol {url}: a homepage link or a UID (§7.3). */
export function submitCollectionKol(url: string): Promise<CollectionResult> {
  return apiPost('/api/submitCollectionKol', { url }, resultDecoder);
}
