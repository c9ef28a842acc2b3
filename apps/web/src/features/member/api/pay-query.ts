import { useMutation } from '@tanstack/react-query';
import type { UserInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { nullable, object, string, text, type Decoder } from '../../../lib/decode';
import { userInfoDecoder } from '../../../lib/user-info';

export interface PaidAnswer {
  message: string;
  orderNo: string | null;
  userInfoMap: UserInfo | null;
}

const answerDecoder: Decoder<PaidAnswer> = object<PaidAnswer>({
  message: text,
  orderNo: nullable(string),
  userInfoMap: nullable(userInfoDecoder),
});

/**
 * GET /api/pay/payQuery (the account's latest order) → 200 paid, with userInfoMap. The api client turns
 * 202 (still pending) into a warning and an ApiError with code 202, and any other code into an error
 * toast and an ApiError: the dialog stays open on 202 and closes on the rest (§4 step 3).
 */
export function payQuery(): Promise<PaidAnswer> {
  return apiGet('/api/pay/payQuery', undefined, answerDecoder);
}

export function usePayQueryMutation() {
  return useMutation({ mutationKey: ['membership', 'payQuery'], mutationFn: payQuery });
}
