import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageInfo } from '@xg/shared';
import { array, count, object, type Decoder, type Shape } from '../../../lib/decode';

/** Where a search answer's page stands: with its list, the answer of every search tab. */
const pageInfoShape: Shape<PageInfo> = { total: count, pageNo: count, pageSize: count };

/** A search tab's answer as the web reads it: its list (the answer's key `K`) and where the page stands. */
export type SearchPageResult<A extends PageInfo, K extends keyof A> = Pick<A, K | keyof PageInfo>;

/** The decoder of a search tab's answer: the list under `key`, each of its items by `item`, and the page. */
export function searchPageDecoder<K extends string, T>(key: K, item: Decoder<T>): Decoder<Record<K, T[]> & PageInfo> {
  return object({ [key]: array(item), ...pageInfoShape } as Shape<Record<K, T[]> & PageInfo>);
}

/** What a keyword search asks besides its own filters: the keyword and the page. */
export interface KeywordPageParams {
  keyword: string;
  pageNo: number;
  pageSize: number;
}

/**
 * A page of one search tab (`kind`: kol, content, business) for its parameters; the page before stays on screen
 * while the next one loads.
 */
export function useSearchPage<P, R>(
  kind: string,
  params: P,
  get: (params: P, signal: AbortSignal) => Promise<R>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['search', kind, params],
    queryFn: ({ signal }) => get(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
