import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LinkType, LinkVideoItem, MyLinkVideoAnswer, MyLinkVideoParams } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';
import { videoItemShape } from '../../../lib/item-decoders';
import { LIST_QUERY_ROOT } from './link-kol';

export type MyLinkVideo = Omit<MyLinkVideoAnswer, 'code' | 'message'>;
export interface MyLinkVideoQuery {
  type: LinkType;
  pageNo: number;
  pageSize: number;
  sort: MyLinkVideoParams['sort'];
  keyword: string;
}

const itemDecoder: Decoder<LinkVideoItem> = object<LinkVideoItem>({
  ...videoItemShape,
  type: (input, path) => (number(input, path) === 4 ? 4 : 1),
  addTime: text,
  addedBy: text,
  playSinceAdd: number,
});

const answerDecoder: Decoder<MyLinkVideo> = object<MyLinkVideo>({
  linkVideos: array(itemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
  count: count,
  limit: count,
});

/** GET /api/user/myLinkVideo: one page of the team's saved videos. */
export function getMyLinkVideo(query: MyLinkVideoQuery, signal?: AbortSignal): Promise<MyLinkVideo> {
  return apiGet('/api/user/myLinkVideo', { ...query, keyword: query.keyword || undefined }, answerDecoder, { signal });
}

export function useMyLinkVideo(query: MyLinkVideoQuery) {
  return useQuery({
    queryKey: [...LIST_QUERY_ROOT, 'video', query],
    queryFn: ({ signal }) => getMyLinkVideo(query, signal),
    placeholderData: keepPreviousData,
  });
}
