import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExcelResidueAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, nullable, number, object, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export type ExcelResidue = ExcelResidueAnswer['data'];

const answerDecoder: Decoder<{ data: ExcelResidue }> = object({
  data: object<ExcelResidue>({ residueCount: count, useCount: count, totalCount: count, type: nullable(number) }),
});

/**
 * GET /api/usage/excelResidueCount?type= → { data: { residueCount, useCount, totalCount, type } }: rows left to
 * export to Excel this month. `type` names the export list (§7.6); the quota is shared by every list.
 */
export async function getExcelResidue(type: number | undefined, signal?: AbortSignal): Promise<ExcelResidue> {
  const answer = await apiGet('/api/usage/excelResidueCount', { type }, answerDecoder, { signal });
  return answer.data;
}

export function excelResidueQueryOptions(token: string | null, type?: number) {
  return queryOptions({
    queryKey: ['membership', 'quota', 'export', token, type ?? null],
    queryFn: ({ signal }) => getExcelResidue(type, signal),
    enabled: token !== null,
  });
}

export function useExcelResidue(type?: number) {
  const token = useAccessToken();
  return useQuery(excelResidueQueryOptions(token, type));
}
