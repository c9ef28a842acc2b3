import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubAccountItem, SubAccountListAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { ACCOUNT_QUERY_ROOT } from './get-account-info';

export type SubAccountList = Pick<SubAccountListAnswer, 'list' | 'count' | 'limit'>;

export const subAccountItemDecoder: Decoder<SubAccountItem> = object<SubAccountItem>({
  id: number,
  username: text,
  phone: nullable(string),
  email: nullable(string),
  createdAt: text,
  lastLoginAt: nullable(string),
});

const listDecoder: Decoder<SubAccountList> = object<SubAccountList>({
  list: array(subAccountItemDecoder),
  count: count,
  limit: count,
});

/** GET /api/user/subAccount/list → { list, count, limit } (a parent on 企业版 or above). */
export function getSubAccounts(signal?: AbortSignal): Promise<SubAccountList> {
  return apiGet('/api/user/subAccount/list', undefined, listDecoder, { signal });
}

export const subAccountsQueryKey = (token: string | null) => [...ACCOUNT_QUERY_ROOT, 'sub-accounts', token] as const;

export function useSubAccounts(enabled: boolean) {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: subAccountsQueryKey(token),
      queryFn: ({ signal }) => getSubAccounts(signal),
      enabled: enabled && token !== null,
    }),
  );
}
