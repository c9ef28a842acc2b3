import { encodeKeyword, type ContentSearchAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import type { Decoder } from '../../../lib/decode';
import { videoItemDecoder } from './decoders';
import { searchPageDecoder, useSearchPage, type KeywordPageParams, type SearchPageResult } from './search-page';

export type ContentSort = 'play' | 'time';

export interface SearchContentParams extends KeywordPageParams {
  sort: ContentSort;
  tid?: number;
}

export type SearchContentResult = SearchPageResult<ContentSearchAnswer, 'videoInfos'>;

const answerDecoder: Decoder<SearchContentResult> = searchPageDecoder('videoInfos', videoItemDecoder);

/** GET /api/searchContent?keyword=&sort=play|time&tid=&pageNo=&pageSize= → videos whose title matches. */
export function searchContent(params: SearchContentParams, signal?: AbortSignal): Promise<SearchContentResult> {
  return apiGet(
    '/api/searchContent',
    {
      keyword: encodeKeyword(params.keyword),
      sort: params.sort,
      tid: params.tid,
      pageNo: params.pageNo,
      pageSize: params.pageSize,
    },
    answerDecoder,
    { signal },
  );
}

export function useSearchContent(params: SearchContentParams, enabled: boolean) {
  return useSearchPage('content', params, searchContent, enabled);
}
