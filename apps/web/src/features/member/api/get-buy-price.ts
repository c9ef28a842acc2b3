import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyPriceAnswer, OrderKind, PriceOptionInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import {
  DecodeError,
  array,
  boolean,
  count,
  nullable,
  number,
  object,
  string,
  text,
  withDefault,
  type Decoder,
} from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export type BuyPrice = Omit<BuyPriceAnswer, 'code' | 'message'>;

const optionDecoder: Decoder<PriceOptionInfo> = object<PriceOptionInfo>({
  id: number,
  title: text,
  monthNum: number,
  price: number,
  originalPrice: count,
  saveMoney: count,
  unitPrice: count,
  isDefault: withDefault(boolean, false),
  payAmount: number,
  bonusDays: withDefault(count, 0),
  newMaturityTime: withDefault(nullable(string), null),
  selectable: withDefault(boolean, true),
});

const orderKindDecoder: Decoder<OrderKind> = (input, path) => {
  if (input === 'new' || input === 'renew' || input === 'upgrade') return input;
  throw new DecodeError(path, "'new' | 'renew' | 'upgrade'");
};

const answerDecoder: Decoder<BuyPrice> = object<BuyPrice>({
  monthlyPriceInfos: withDefault(array(optionDecoder), []),
  userType: count,
  versionType: count,
  surplusPrice: count,
  maturityTime: nullable(string),
  buyMonthNum: count,
  orderKind: withDefault(orderKindDecoder, 'new'),
});

/**
 * GET /api/buy/buyPrice?type= (level option id + 1, i.e. the userType bought) → the level's price options,
 * the upgrade credit (surplusPrice), each option's expiry and bonus days, and the account's state.
 */
export function getBuyPrice(type: number, signal?: AbortSignal): Promise<BuyPrice> {
  return apiGet('/api/buy/buyPrice', { type }, answerDecoder, { signal });
}

export function buyPriceQueryOptions(token: string | null, type: number | null) {
  return queryOptions({
    queryKey: ['membership', 'buyPrice', token, type],
    queryFn: ({ signal }) => getBuyPrice(type ?? 0, signal),
    enabled: token !== null && type !== null,
    // The credit shrinks by the day; a price screen left open is refreshed now and then.
    staleTime: 60_000,
  });
}

/** Price options of one level; `type` null while no level may be chosen (nothing is asked). */
export function useBuyPrice(type: number | null) {
  const token = useAccessToken();
  return useQuery(buyPriceQueryOptions(token, type));
}
