import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PutRecord, WorkPreview } from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { array, count, number, object, text } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { putRecordDecoder, workPreviewDecoder } from './decoders';

export const PLACEMENT_QUERY_ROOT = ['placement'] as const;
export const PUT_PAGE_SIZE = 10;

export interface PutRecordPage {
  records: PutRecord[];
  total: number;
}

/** GET /api/user/putRecordList?tId&pageNo&pageSize → the team's placements, newest first. */
export function putRecordsQueryOptions(token: string | null, tId: number | null, pageNo: number) {
  return queryOptions({
    queryKey: [...PLACEMENT_QUERY_ROOT, 'records', token, tId, pageNo],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/user/putRecordList',
        { tId: tId ?? undefined, pageNo, pageSize: PUT_PAGE_SIZE },
        object<PutRecordPage>({ records: array(putRecordDecoder), total: count }),
        { signal },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePutRecords(tId: number | null, pageNo: number) {
  return useQuery(putRecordsQueryOptions(useAccessToken(), tId, pageNo));
}

/** GET /api/checkPutUrl?type&videoUrl → §4 flag, the preview and the §8 message (quiet: the form shows it). */
export function checkPutUrl(videoUrl: string): Promise<WorkPreview & { message: string }> {
  return apiGet(
    '/api/checkPutUrl',
    { type: 1, videoUrl },
    (input, path) => ({ ...workPreviewDecoder(input, path), ...object({ message: text })(input, path) }),
    { quiet: true },
  );
}

/** POST /api/addPutRecord (the placement form) → the new record's id and the server's message. */
export function addPutRecord(params: ApiParams): Promise<{ recordId: number; message: string }> {
  return apiPost('/api/addPutRecord', params, object({ recordId: number, message: text }));
}

/** POST /api/updatePutRecord (recordId, promotionCost, monitorDuration, sTime). */
export function updatePutRecord(params: ApiParams): Promise<{ message: string }> {
  return apiPost('/api/updatePutRecord', params, object({ message: text }));
}

/** POST /api/delPutRecordVideo (recordId). */
export function deletePutRecord(recordId: number): Promise<{ message: string }> {
  return apiPost('/api/delPutRecordVideo', { recordId }, object({ message: text }));
}

/** POST /api/user/confirmPutRecordVideo (recordId): attach the work the system matched (addType 2). */
export function confirmPutRecordVideo(recordId: number): Promise<{ message: string }> {
  return apiPost('/api/user/confirmPutRecordVideo', { recordId }, object({ message: text }));
}

export interface PutGroup {
  id: number;
  themeName: string;
}

/** GET /api/user/customizeSortList?type=4 → the team's custom groups (tId choices; default_group excluded). */
export function usePutGroups() {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...PLACEMENT_QUERY_ROOT, 'groups', token],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/user/customizeSortList',
        { type: 4 },
        object({
          userThemeInfos: array(
            object<PutGroup & { isDefault: number }>({ id: number, themeName: text, isDefault: number }),
          ),
        }),
        { signal },
      ).then((a) => a.userThemeInfos.filter((g) => g.isDefault !== 1)),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
