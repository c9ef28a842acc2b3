import { apiRequest } from '../../../lib/api-client';
import { object, text } from '../../../lib/decode';

export type ContrastPdf = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'json'; message: string };

/**
 * GET /api/user/contrastPdf?contrastId → the report as a PDF (企业版 and above, FEATURE_POLICY['export.pdf']).
 * A JSON answer is an envelope: a non-200 code shows its message (the api client) and rejects.
 */
export function getContrastPdf(contrastId: number): Promise<ContrastPdf> {
  return apiRequest<ContrastPdf>({
    method: 'GET',
    path: '/api/user/contrastPdf',
    params: { contrastId },
    decoder: (input, path) => ({ kind: 'json', message: object({ message: text })(input, path).message }),
    file: (blob, fileName) => ({ kind: 'file', blob, fileName }),
  });
}

export { saveBlob } from '../../export/api/export-api';
