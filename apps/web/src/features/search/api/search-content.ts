import { encodeKeyword, type ContentSearchAnswer, type VideoItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, object, type Decoder } from '../../../lib/decode';
import { videoItemDecoder } from './decoders';
import { pageInfoShape, useSearchPage } from './search-page';

export type ContentSort = 'play' | 'time';

export interface SearchContentParams {
  keyword: string;
  sort: ContentSort;
  tid?: number;
  pageNo: number;
  pageSize: number;
}

export type SearchContentResult = Pick<ContentSearchAnswer, 'videoInfos' | 'total' | 'pageNo' | 'pageSize'>;

const answerDecoder: Decoder<SearchContentResult> = object<SearchContentResult>({
  videoInfos: array<VideoItem>(videoItemDecoder),
  ...pageInfoShape,
});

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
