import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeKeyword, type CreatorSearchAnswer, type CreatorSearchItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

/** Results per page of the creator search. */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchKolParams {
  keyword: string;
  pageNo: number;
  pageSize: number;
}

export type SearchKolResult = Pick<CreatorSearchAnswer, 'kolInfos' | 'total' | 'pageNo' | 'pageSize'>;

const itemDecoder: Decoder<CreatorSearchItem> = object<CreatorSearchItem>({
  kolId: number,
  kolName: text,
  kolUid: number,
  kolImg: text,
  isApprove: count,
  fansNum: count,
  themeName: nullable(string),
  platformLevel: count,
});

const answerDecoder: Decoder<SearchKolResult> = object<SearchKolResult>({
  kolInfos: array(itemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
});

/**
 * GET /api/searchKol?keyword=&pageNo=&pageSize= → { kolInfos, total, pageNo, pageSize }.
 * The keyword is double URL-encoded (§5): encodeKeyword once here, the query string encodes it again.
 */
export function searchKol(params: SearchKolParams, signal?: AbortSignal): Promise<SearchKolResult> {
  return apiGet(
    '/api/searchKol',
    { keyword: encodeKeyword(params.keyword), pageNo: params.pageNo, pageSize: params.pageSize },
    answerDecoder,
    { signal },
  );
}

export function searchKolQueryOptions(params: SearchKolParams) {
  return queryOptions({
    queryKey: ['search', 'kol', params.keyword, params.pageNo, params.pageSize],
    queryFn: ({ signal }) => searchKol(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSearchKol(params: SearchKolParams, enabled: boolean) {
  return useQuery({ ...searchKolQueryOptions(params), enabled });
}
