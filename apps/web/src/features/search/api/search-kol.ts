import { encodeKeyword, type KolSearchAnswer, type KolSort } from '@xg/shared';
import { apiGet, type ApiParams } from '../../../lib/api-client';
import type { Decoder } from '../../../lib/decode';
import { kolItemDecoder } from './decoders';
import { searchPageDecoder, useSearchPage, type KeywordPageParams, type SearchPageResult } from './search-page';

/** Results per page of the creator search. */
export const SEARCH_PAGE_SIZE = 20;

/** The filters of GET /api/searchKol (docs/api/discovery.md §1); lists are sent comma-joined. */
export interface KolFilters {
  tid?: number;
  twoSortFlag?: number[];
  fansMin?: number;
  fansMax?: number;
  level?: number[];
  isApprove?: number[];
  gender?: number;
  mcnId?: number;
  isLive?: number;
  priceMin?: number;
  priceMax?: number;
  fansGender?: number;
  fansRegion?: string;
}

export interface SearchKolParams extends KeywordPageParams {
  filters: KolFilters;
  sort?: KolSort;
}

export type SearchKolResult = SearchPageResult<KolSearchAnswer, 'kolInfos'>;

const answerDecoder: Decoder<SearchKolResult> = searchPageDecoder('kolInfos', kolItemDecoder);

function list(values: number[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined;
}

export function filterParams(filters: KolFilters): ApiParams {
  return {
    tid: filters.tid,
    twoSortFlag: list(filters.twoSortFlag),
    fansMin: filters.fansMin,
    fansMax: filters.fansMax,
    level: list(filters.level),
    isApprove: list(filters.isApprove),
    gender: filters.gender,
    mcnId: filters.mcnId,
    isLive: filters.isLive,
    priceMin: filters.priceMin,
    priceMax: filters.priceMax,
    fansGender: filters.fansGender,
    fansRegion: filters.fansRegion,
  };
}

/**
 * GET /api/searchKol?keyword=&…filters&sort=&pageNo=&pageSize= → { kolInfos, total, pageNo, pageSize }.
 * The keyword is double URL-encoded (§5): encodeKeyword once here, the query string encodes it again. The
 * keyword may be empty when a filter is set.
 */
export function searchKol(params: SearchKolParams, signal?: AbortSignal): Promise<SearchKolResult> {
  return apiGet(
    '/api/searchKol',
    {
      keyword: params.keyword ? encodeKeyword(params.keyword) : undefined,
      ...filterParams(params.filters),
      sort: params.sort,
      pageNo: params.pageNo,
      pageSize: params.pageSize,
    },
    answerDecoder,
    { signal },
  );
}

export function useSearchKol(params: SearchKolParams, enabled: boolean) {
  return useSearchPage('kol', params, searchKol, enabled);
}
