import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContrastRecordItem, ContrastRecordListAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { CONTRAST_QUERY_ROOT } from './get-contrast-result';

export const RECORD_PAGE_SIZE = 10;

export type ContrastRecords = Pick<ContrastRecordListAnswer, 'list' | 'total'>;

const recordDecoder: Decoder<ContrastRecordItem> = object<ContrastRecordItem>({
  contrastId: number,
  createdAt: text,
  dataDate: nullable(string),
  kolNum: count,
  kols: array(object<ContrastRecordItem['kols'][number]>({ kolId: number, kolName: text, kolImg: text })),
  intentionKolName: nullable(string),
  creatorName: text,
});

/** GET /api/user/contrastRecordList?pageNo&pageSize → the team's saved reports, newest first. */
export function contrastRecordsQueryOptions(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: [...CONTRAST_QUERY_ROOT, 'records', token, pageNo],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/user/contrastRecordList',
        { pageNo, pageSize: RECORD_PAGE_SIZE },
        object<ContrastRecords>({ list: array(recordDecoder), total: count }),
        { signal },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useContrastRecords(pageNo: number) {
  const token = useAccessToken();
  return useQuery(contrastRecordsQueryOptions(token, pageNo));
}

/** GET /api/user/delContrastRecord?contrastId → the server's message. */
export function deleteContrastRecord(contrastId: number): Promise<string> {
  return apiGet('/api/user/delContrastRecord', { contrastId }, object({ message: text })).then((a) => a.message);
}
