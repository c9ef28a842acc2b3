import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ExportListName,
  ExportLinkAnswer,
  ExportRecord,
  ExportRecordsAnswer,
  ExportScope,
  ExportState,
} from '@xg/shared';
import { apiGet, apiRequest, type ApiParams } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, type Decoder } from '../../../lib/decode';
import { apiUrl } from '../../../lib/env';
import { useAccessToken } from '../../../lib/session';

export const recordDecoder: Decoder<ExportRecord> = object<ExportRecord>({
  id: count,
  list: string,
  listTitle: string,
  fileName: string,
  scope: string as Decoder<ExportScope>,
  state: string as Decoder<ExportState>,
  rowsTotal: count,
  rowsDone: count,
  sizeBytes: nullable(number),
  userName: string,
  createdAt: string,
  finishedAt: nullable(string),
  expiresAt: string,
  error: nullable(string),
});

/** What an export call ends with: the file itself, or the record of an export finishing in the background. */
export type ExportResult = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'started'; record: ExportRecord };

const startedDecoder: Decoder<ExportResult> = (input, path) => ({
  kind: 'started',
  record: object<{ record: ExportRecord }>({ record: recordDecoder })(input, path).record,
});

/**
 * GET /api/export/<list> with the list's own parameters plus pageNo, export (count or `all`), exportName and
 * scope (§7.6). A −1 (gate, bad input) or −3 (quota) answer shows its message and rejects (§8).
 */
export function requestExport(list: ExportListName, params: ApiParams): Promise<ExportResult> {
  return apiRequest<ExportResult>({
    method: 'GET',
    path: `/api/export/${list}`,
    params,
    decoder: startedDecoder,
    file: (blob, fileName) => ({ kind: 'file', blob, fileName }),
  });
}

export function getExportStatus(id: number, signal?: AbortSignal): Promise<ExportRecord> {
  return apiGet('/api/export/status', { id }, object({ record: recordDecoder }), { signal, quiet: true }).then(
    (a) => a.record,
  );
}

export type ExportRecords = Pick<ExportRecordsAnswer, 'records' | 'total' | 'pageNo' | 'pageSize'>;

export function exportRecordsQueryOptions(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['export', 'records', token, pageNo],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/export/records',
        { pageNo, pageSize: 20 },
        object<ExportRecords>({ records: array(recordDecoder), total: count, pageNo: count, pageSize: count }),
        { signal },
      ),
    enabled: token !== null,
  });
}

/** 导出记录, re-read every 1.5 s while one of its exports is still running (its progress bar moves). */
export function useExportRecords(pageNo: number) {
  const token = useAccessToken();
  return useQuery({
    ...exportRecordsQueryOptions(token, pageNo),
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.state === 'running') ? 1500 : false),
  });
}

/** GET /api/export/link?id= → a download URL good for a few minutes (the team's files only). */
export function getExportLink(id: number): Promise<Pick<ExportLinkAnswer, 'url' | 'expiresAt'>> {
  return apiGet('/api/export/link', { id }, object({ url: string, expiresAt: string }));
}

/** Saves a file the browser holds (an export answered inline). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a download link (the server answers it as an attachment, so the page stays). */
export function openLink(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = apiUrl(url);
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
