import { ApiCode, Msg } from '@xg/shared';

/** A success envelope: code 200 and the spec's fields at the top level (e.g. `{ code, message, kolInfos }`). */
export function ok<T extends Record<string, unknown>>(fields: T, message: string = Msg.ok) {
  return { code: ApiCode.OK, message, ...fields };
}
