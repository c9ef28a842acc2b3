import type { UserInfo } from '@xg/shared';
import { count, nullable, number, object, string, text, type Decoder } from './decode';

/** User info of spec §3 (`userInfoMap`). TODO(shared): use a shared zod `UserInfo` schema when it exists. */
export const userInfoDecoder: Decoder<UserInfo> = object<UserInfo>({
  id: number,
  username: text,
  userImage: text,
  userType: count,
  versionType: count,
  maturityTime: nullable(string),
  parentId: nullable(number),
  buyMonthNum: count,
  isOldPassword: count,
  thirdAccountInfo: nullable(object<{ type: string; nickname: string }>({ type: text, nickname: text })),
  phone: nullable(string),
  email: nullable(string),
});
