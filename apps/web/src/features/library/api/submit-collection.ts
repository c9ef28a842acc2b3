import { useQuery } from '@tanstack/react-query';
import type { ManualCollect } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { LIBRARY_QUERY_ROOT } from './eredar';

export interface CollectEredar {
  message: string;
  /** §4 manual collect: 0 format wrong, 1 normal, 2 already collected, 3 blogger does not exist */
  flag: ManualCollect;
  kolId: number | null;
  kolName: string;
  kolUid: number | null;
}
const flagDecoder: Decoder<ManualCollect> = (input, path) => {
  const v = count(input, path);
  return v === 1 || v === 2 || v === 3 ? v : 0;
};
const collectDecoder: Decoder<CollectEredar> = object<CollectEredar>({
  message: text,
  flag: flagDecoder,
  kolId: nullable(number),
  kolName: text,
  kolUid: nullable(number),
});

/** GET /api/collectEredar (§7.3): the add dialog's 先提交收录 → the §4 manual-collect flag. */
export function collectEredar(target: { url: string } | { kolUid: string }) {
  return apiGet('/api/collectEredar', target, collectDecoder);
}

export interface CollectionRequestItem {
  id: number;
  kolUid: number;
  state: 'queued' | 'searchable' | 'done' | 'failed' | 'not_found';
  kolId: number | null;
  kolName: string;
  requestedBy: string;
  createdAt: string;
  updatedAt: string;
}
const stateDecoder: Decoder<CollectionRequestItem['state']> = (input, path) => {
  const v = string(input, path);
  return v === 'searchable' || v === 'done' || v === 'failed' || v === 'not_found' ? v : 'queued';
};
const requestsDecoder: Decoder<{ requests: CollectionRequestItem[] }> = object({
  requests: array(
    object<CollectionRequestItem>({
      id: number,
      kolUid: number,
      state: stateDecoder,
      kolId: nullable(number),
      kolName: text,
      requestedBy: text,
      createdAt: text,
      updatedAt: text,
    }),
  ),
});

/** GET /api/user/collectionRequests: the team's recent collection requests and their state. */
export function useCollectionRequests() {
  return useQuery({
    queryKey: [...LIBRARY_QUERY_ROOT, 'requests'],
    queryFn: ({ signal }) => apiGet('/api/user/collectionRequests', {}, requestsDecoder, { signal }),
    refetchInterval: (query) =>
      query.state.data?.requests.some((r) => r.state === 'queued' || r.state === 'searchable') ? 15_000 : false,
  });
}
