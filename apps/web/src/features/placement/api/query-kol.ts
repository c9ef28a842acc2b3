import { apiPost } from '../../../lib/api-client';
import { array, number, object, string, text } from '../../../lib/decode';

export interface KolOption {
  kolId: number;
  kolName: string;
  kolImg: string;
}

/** POST /api/queryKol (keyword, type 0) → creators by name for the addType 2 form (§5: under 20 characters). */
export function queryKol(keyword: string, signal?: AbortSignal): Promise<KolOption[]> {
  return apiPost(
    '/api/queryKol',
    { keyword, type: 0 },
    object({ kolInfos: array(object<KolOption>({ kolId: number, kolName: text, kolImg: string })) }),
    { signal, quiet: true },
  ).then((a) => a.kolInfos);
}
