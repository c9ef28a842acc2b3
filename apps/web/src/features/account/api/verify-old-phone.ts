import { useMutation } from '@tanstack/react-query';
import type { VerifyOldPhoneAnswer, VerifyOldPhoneParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { number, object, string, type Decoder } from '../../../lib/decode';

type Ticket = Pick<VerifyOldPhoneAnswer, 'ticket' | 'expireSeconds'>;
const ticketDecoder: Decoder<Ticket> = object<Ticket>({ ticket: string, expireSeconds: number });

/** POST /api/user/verifyOldPhone {verifyCode} → { ticket, expireSeconds } (proves the old phone, step 2). */
export function verifyOldPhone(params: VerifyOldPhoneParams): Promise<Ticket> {
  return apiPost('/api/user/verifyOldPhone', { verifyCode: params.verifyCode }, ticketDecoder);
}

export function useVerifyOldPhoneMutation() {
  return useMutation({ mutationKey: ['account', 'phone', 'verify-old'], mutationFn: verifyOldPhone });
}
