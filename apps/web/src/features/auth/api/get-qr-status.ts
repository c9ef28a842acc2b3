import type { UserInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { boolean, nullable, object, string, withDefault, type Decoder } from '../../../lib/decode';
import { userInfoDecoder } from '../../../lib/user-info';

/**
 * One poll of a QR: waiting (`status` false), gone (`expired`), a new WeChat user (`taId`: register/bind) or
 * a session (`user_token` + `userInfoMap`).
 */
export interface QrStatus {
  status: boolean;
  expired: boolean;
  taId: string | null;
  user_token: string | null;
  userInfoMap: UserInfo | null;
}

const qrStatusDecoder: Decoder<QrStatus> = object<QrStatus>({
  status: boolean,
  expired: withDefault(boolean, false),
  taId: nullable(string),
  user_token: nullable(string),
  userInfoMap: nullable(userInfoDecoder),
});

/** GET /api/getQRCodeStatus?sign= (polled once a second; quiet: a failed poll is simply retried). */
export function getQrStatus(sign: string, signal?: AbortSignal): Promise<QrStatus> {
  return apiGet('/api/getQRCodeStatus', { sign }, qrStatusDecoder, { signal, quiet: true });
}
