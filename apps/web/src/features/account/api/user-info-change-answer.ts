import type { UserInfo } from '@xg/shared';
import { number, object, text, type Decoder } from '../../../lib/decode';
import { userInfoDecoder } from '../../../lib/user-info';

/** Answer of updateProfile, updatepwd and updatePhone: the account's new user info, 修改成功. */
export interface UserInfoChangeAnswer {
  code: number;
  message: string;
  userInfoMap: UserInfo;
}
export const userInfoChangeDecoder: Decoder<UserInfoChangeAnswer> = object<UserInfoChangeAnswer>({
  code: number,
  message: text,
  userInfoMap: userInfoDecoder,
});

/** A plain success answer (code and message only). */
export interface PlainAnswer {
  code: number;
  message: string;
}
export const plainAnswerDecoder: Decoder<PlainAnswer> = object<PlainAnswer>({ code: number, message: text });
