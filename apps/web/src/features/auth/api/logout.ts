import { apiGet } from '../../../lib/api-client';
import { number, object, text, type Decoder } from '../../../lib/decode';

const logoutDecoder: Decoder<{ code: number; message: string }> = object({ code: number, message: text });

/** GET /api/logout → { code: 200 }. Quiet: the local logout happens whatever the server answers. */
export function logout(): Promise<{ code: number; message: string }> {
  return apiGet('/api/logout', undefined, logoutDecoder, { quiet: true });
}
