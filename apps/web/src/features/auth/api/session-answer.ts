import type { LoginAnswer } from '@xg/shared';
import { number, object, string, text, type Decoder } from '../../../lib/decode';
import { userInfoDecoder } from '../../../lib/user-info';

/** Answer of gologin and goregister: `{ user_token, userInfoMap }`. */
export type SessionAnswer = Pick<LoginAnswer, 'code' | 'message' | 'user_token' | 'userInfoMap'>;

export const sessionAnswerDecoder: Decoder<SessionAnswer> = object<SessionAnswer>({
  code: number,
  message: text,
  user_token: string,
  userInfoMap: userInfoDecoder,
});
