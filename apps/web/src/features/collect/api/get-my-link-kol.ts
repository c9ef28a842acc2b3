import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LinkKolItem, LinkKolSort, LinkType, MyLinkKolAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { kolItemShape } from '../../../lib/item-decoders';
import { LIST_QUERY_ROOT } from './link-kol';

export type MyLinkKol = Omit<MyLinkKolAnswer, 'code' | 'message'>;

export interface MyLinkKolQuery {
  type: LinkType;
  pageNo: number;
  pageSize: number;
  sort: LinkKolSort;
  /** undefined: every group; 0: 未分组 */
  groupId: number | undefined;
  isMonitor: 0 | 1 | undefined;
  keyword: string;
}

const linkTypeDecoder: Decoder<LinkType> = (input, path) => (number(input, path) === 4 ? 4 : 1);

const itemDecoder: Decoder<LinkKolItem> = object<LinkKolItem>({
  ...kolItemShape,
  type: linkTypeDecoder,
  sort: number,
  isMonitor: count,
  groupId: count,
  groupName: text,
  addTime: text,
  addedBy: text,
  fansSinceAdd: number,
  updateTime: nullable(string),
});

const answerDecoder: Decoder<MyLinkKol> = object<MyLinkKol>({
  linkKols: array(itemDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
  count: count,
  limit: count,
  monitorCount: count,
  monitorLimit: count,
});

/** GET /api/user/myLinkKol: one page of the team's saved creators. */
export function getMyLinkKol(query: MyLinkKolQuery, signal?: AbortSignal): Promise<MyLinkKol> {
  return apiGet(
    '/api/user/myLinkKol',
    {
      type: query.type,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      sort: query.sort,
      groupId: query.groupId,
      isMonitor: query.isMonitor,
      keyword: query.keyword || undefined,
    },
    answerDecoder,
    { signal },
  );
}

export function useMyLinkKol(query: MyLinkKolQuery) {
  return useQuery({
    queryKey: [...LIST_QUERY_ROOT, 'kol', query],
    queryFn: ({ signal }) => getMyLinkKol(query, signal),
    placeholderData: keepPreviousData,
  });
}
