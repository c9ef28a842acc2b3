import type { BusinessKolItem, BusinessSortAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, nullable, number, object, type Decoder } from '../../../lib/decode';
import { kolItemShape } from '../../../lib/item-decoders';
import { searchPageDecoder, useSearchPage, type SearchPageResult } from './search-page';

export interface BusinessSortQuery {
  tid: number | undefined;
  pageNo: number;
  pageSize: number;
}

export type BusinessSortResult = SearchPageResult<BusinessSortAnswer, 'kolInfos'>;

const itemDecoder: Decoder<BusinessKolItem> = object<BusinessKolItem>({
  ...kolItemShape,
  rank: count,
  videoPrice: nullable(number),
  implantationPrice: nullable(number),
});

const answerDecoder: Decoder<BusinessSortResult> = searchPageDecoder('kolInfos', itemDecoder);

/** GET /api/searchBusinessSort?tid=&pageNo=&pageSize= — creators by business value (docs/api/discovery.md). */
function searchBusiness(params: BusinessSortQuery, signal: AbortSignal): Promise<BusinessSortResult> {
  return apiGet('/api/searchBusinessSort', { ...params }, answerDecoder, { signal });
}

export function useSearchBusiness(params: BusinessSortQuery, enabled: boolean) {
  return useSearchPage('business', params, searchBusiness, enabled);
}
