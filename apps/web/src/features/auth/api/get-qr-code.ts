import type { QrCodeAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { nullable, number, object, string, type Decoder } from '../../../lib/decode';

export type QrCode = Pick<QrCodeAnswer, 'imgUrl' | 'sign' | 'expireSeconds'> & { sandboxScanUrl: string | null };

const qrCodeDecoder: Decoder<QrCode> = object<QrCode>({
  imgUrl: string,
  sign: string,
  expireSeconds: number,
  sandboxScanUrl: nullable(string),
});

/**
 * GET /api/getQRCode?flag=1|2 (1 login, 2 register) → { imgUrl, sign, expireSeconds, sandboxScanUrl? }.
 * Quiet: the QR panel shows a failure (e.g. AccountMsg.qrUnavailable) in place of the QR, not as a toast.
 */
export function getQrCode(flag: 1 | 2, signal?: AbortSignal): Promise<QrCode> {
  return apiGet('/api/getQRCode', { flag }, qrCodeDecoder, { signal, quiet: true });
}
