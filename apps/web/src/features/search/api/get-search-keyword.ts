import { queryOptions, useQuery } from '@tanstack/react-query';
import { encodeKeyword, nameSearchAllowed, type KeywordSuggestion } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, object, type Decoder } from '../../../lib/decode';
import { kolItemShape } from '../../../lib/item-decoders';

// a suggestion is a creator with some of its list fields, read as the lists read them
const { kolId, kolName, kolUid, kolImg, fansNum, isApprove } = kolItemShape;
const suggestionDecoder: Decoder<KeywordSuggestion> = object<KeywordSuggestion>({
  kolId,
  kolName,
  kolUid,
  kolImg,
  fansNum,
  isApprove,
});

const answerDecoder: Decoder<{ keywords: KeywordSuggestion[] }> = object({ keywords: array(suggestionDecoder) });

/** GET /api/searchKeyword?keyword= → { keywords } (≤ 10 creators). Quiet: typing ahead never toasts. */
export async function getSearchKeyword(keyword: string, signal?: AbortSignal): Promise<KeywordSuggestion[]> {
  const answer = await apiGet('/api/searchKeyword', { keyword: encodeKeyword(keyword) }, answerDecoder, {
    signal,
    quiet: true,
  });
  return answer.keywords;
}

export function searchKeywordQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['search', 'keyword', keyword],
    queryFn: ({ signal }) => getSearchKeyword(keyword, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** Suggestions for an already debounced keyword; nothing for an empty or over-long one (§5). */
export function useSearchKeyword(keyword: string) {
  const trimmed = keyword.trim();
  return useQuery({ ...searchKeywordQueryOptions(trimmed), enabled: trimmed !== '' && nameSearchAllowed(trimmed) });
}
