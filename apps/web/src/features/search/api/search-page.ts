import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageInfo } from '@xg/shared';
import { count, type Shape } from '../../../lib/decode';

/** Where a search answer's page stands: with its list, the answer of every search tab. */
export const pageInfoShape: Shape<PageInfo> = { total: count, pageNo: count, pageSize: count };

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
