import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { LIBRARY_QUERY_ROOT } from './eredar';

export interface SubmitCollection {
  message: string;
  isExists: number;
  kolId: number | null;
  kolName: string;
  kolUid: number | null;
}
const submitDecoder: Decoder<SubmitCollection> = object<SubmitCollection>({
  message: text,
  isExists: count,
  kolId: nullable(number),
  kolName: text,
  kolUid: nullable(number),
});

/** POST /api/submitCollectionKol (§4 creator collection): url → isExists 0 / 1 / 2. */
export function submitCollection(url: string) {
  return apiPost('/api/submitCollectionKol', { url }, submitDecoder);
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
