import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountInfo, AccountInfoAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, boolean, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export type AccountInfoData = Pick<AccountInfoAnswer, 'accountInfo' | 'presetAvatars' | 'presetCovers'>;

const accountInfoDecoder: Decoder<AccountInfo> = object<AccountInfo>({
  username: text,
  userImage: text,
  coverImage: text,
  phone: nullable(string),
  email: nullable(string),
  isOldPassword: count,
  thirdAccountInfo: nullable(object<{ type: string; nickname: string }>({ type: text, nickname: text })),
  identityType: nullable(number),
  isSubAccount: boolean,
  registeredAt: text,
});

const answerDecoder: Decoder<AccountInfoData> = object<AccountInfoData>({
  accountInfo: accountInfoDecoder,
  presetAvatars: array(string),
  presetCovers: array(string),
});

/** GET /api/user/accountInfo → { accountInfo, presetAvatars, presetCovers } (the account centre's profile). */
export function getAccountInfo(signal?: AbortSignal): Promise<AccountInfoData> {
  return apiGet('/api/user/accountInfo', undefined, answerDecoder, { signal });
}

/** Every query of the account centre starts with this key (refreshed together after a change). */
export const ACCOUNT_QUERY_ROOT = ['account'] as const;

export function accountInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...ACCOUNT_QUERY_ROOT, 'info', token],
    queryFn: ({ signal }) => getAccountInfo(signal),
    enabled: token !== null,
  });
}

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions(useAccessToken()));
}
