import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ORDER_STATUSES,
  type ConfirmPayAnswer,
  type ConfirmPayParams,
  type OrderKind,
  type OrderStatus,
  type OrderSummary,
} from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export type PaymentCode = Omit<ConfirmPayAnswer, 'code' | 'message'>;

const statusDecoder: Decoder<OrderStatus> = (input, path) => {
  const v = string(input, path);
  return ORDER_STATUSES.find((status) => status === v) ?? 'created';
};
const kindDecoder: Decoder<OrderKind> = (input, path) => {
  const v = string(input, path);
  return v === 'renew' || v === 'upgrade' ? v : 'new';
};
/** §7.2 payResult: the order confirmPay created (the shape of GET /api/pay/payResult's `order`). */
const orderDecoder: Decoder<OrderSummary> = object<OrderSummary>({
  orderNo: string,
  status: statusDecoder,
  kind: kindDecoder,
  level: number,
  levelLabel: text,
  monthNum: number,
  price: number,
  credit: number,
  amount: number,
  payType: number,
  createdAt: text,
  paidAt: nullable(text),
  expireTime: text,
});

const answerDecoder: Decoder<PaymentCode> = object<PaymentCode>({
  imgStr: string,
  codeUrl: text,
  orderNo: string,
  amount: number,
  payType: number,
  expireTime: text,
  payResult: orderDecoder,
});

/**
 * POST /api/pay/confirmPay {type, priceId, payType} → the payment QR (imgStr, a PNG data URL) and the URL
 * inside it. Every call makes a new order and closes the account's other unpaid ones.
 */
export function confirmPay(params: ConfirmPayParams, signal?: AbortSignal): Promise<PaymentCode> {
  return apiPost('/api/pay/confirmPay', { ...params }, answerDecoder, { signal });
}

/**
 * The payment dialog asks for a QR when it opens and again on every switch of method or retry (`attempt`),
 * so the call is a query keyed by those: one order per key, never a second one for the same key (no
 * retries, no refetches, not even after an invalidation; dropped as soon as the dialog moves on).
 */
export function paymentCodeQueryOptions(token: string | null, params: ConfirmPayParams | null, attempt: number) {
  return queryOptions({
    queryKey: ['membership', 'payment', token, params, attempt],
    queryFn: ({ signal }) => {
      if (!params) throw new Error('no order to pay');
      return confirmPay(params, signal);
    },
    enabled: token !== null && params !== null,
    // 'static': never refetched, not even by invalidateQueries (a refetch would be a new order).
    staleTime: 'static',
    gcTime: 0,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

export function usePaymentCode(params: ConfirmPayParams | null, attempt: number) {
  const token = useAccessToken();
  return useQuery(paymentCodeQueryOptions(token, params, attempt));
}
