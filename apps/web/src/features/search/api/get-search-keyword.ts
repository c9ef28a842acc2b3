import { queryOptions, useQuery } from '@tanstack/react-query';
import { encodeKeyword, nameSearchAllowed, type KeywordSuggestion } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';

const suggestionDecoder: Decoder<KeywordSuggestion> = object<KeywordSuggestion>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  fansNum: count,
  isApprove: count,
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
