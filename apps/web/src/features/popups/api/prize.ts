import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrizeConfig } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { DecodeError, boolean, count, nullable, object, text, type Decoder } from '../../../lib/decode';

const prizeDecoder: Decoder<PrizeConfig> = object<PrizeConfig>({
  enabled: boolean,
  kind: (input, path) => {
    if (input !== 'trial') throw new DecodeError(path, "'trial'");
    return input;
  },
  level: count,
  days: count,
  title: text,
  text,
});

const offerDecoder = object({ prize: nullable(prizeDecoder), granted: boolean });

/** GET /api/user/prize: the registration prize on offer to this account (null: none or already taken). */
export function usePrizeOffer(enabled: boolean) {
  return useQuery({
    queryKey: ['prize', 'offer'],
    queryFn: ({ signal }) => apiGet('/api/user/prize', undefined, offerDecoder, { signal, quiet: true }),
    enabled,
  });
}

/** POST /api/user/receivePrize: takes the prize (once per account); then every query refetches (new tier). */
export function useReceivePrize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['prize', 'receive'],
    mutationFn: () => apiPost('/api/user/receivePrize', {}, object({ message: text })),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
