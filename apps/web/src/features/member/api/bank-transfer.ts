import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankOrderAnswer, BankOrderParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { number, object, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

const answerDecoder: Decoder<BankOrderAnswer> = object<BankOrderAnswer>({
  orderNo: text,
  amount: number,
  expireTime: text,
  account: object({ accountName: text, bankName: text, accountNo: text }),
});

/**
 * POST /api/pay/bankTransfer {type, priceId}: the open bank-transfer (对公转账) order and the payee account.
 * The server answers the same open order again for the same option, so the query may be asked once per
 * dialog (never refetched: a refetch would only answer the same order).
 */
export function useBankOrder(params: BankOrderParams | null) {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: ['membership', 'bankOrder', token, params],
      queryFn: ({ signal }) => apiPost('/api/pay/bankTransfer', { ...params }, answerDecoder, { signal }),
      enabled: token !== null && params !== null,
      staleTime: 'static',
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}
