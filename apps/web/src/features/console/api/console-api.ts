import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import type { Decoder } from '../../../lib/decode';

/** The console's answers are operator data read straight into tables: the envelope is checked, fields as sent. */
const asIs =
  <T>(): Decoder<T> =>
  (input) =>
    input as T;

export interface ConsoleMe {
  role: 'content' | 'service' | 'finance' | 'admin';
  roleLabel: string;
  totpEnabled: boolean;
  verified: boolean;
  /** the operator set a password under the strong rule (needed before the console opens) */
  strongPassword: boolean;
}

export function useConsoleMe() {
  return useQuery({
    queryKey: ['console', 'me'],
    queryFn: ({ signal }) => apiGet('/api/console/me', undefined, asIs<ConsoleMe>(), { signal, quiet: true }),
    retry: false,
  });
}

/** GET a console list (`key` names the cache entry). */
export function useConsoleList<T>(path: string, params: ApiParams = {}) {
  return useQuery({
    queryKey: ['console', path, params],
    queryFn: ({ signal }) => apiGet(path, params, asIs<{ list: T[]; total?: number }>(), { signal, quiet: true }),
  });
}

export function useConsoleGet<T>(path: string) {
  return useQuery({
    queryKey: ['console', path],
    queryFn: ({ signal }) => apiGet(path, undefined, asIs<T>(), { signal, quiet: true }),
  });
}

/** POST a console action; every console query refetches afterwards. */
export function useConsoleAction<R = { message: string }>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['console', path],
    mutationFn: (params: ApiParams) => apiPost(path, params, asIs<R & { message: string }>(), { quiet: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console'] }),
  });
}

/** GET a console answer of any shape with query parameters. */
export function useConsoleQuery<T>(path: string, params: ApiParams = {}) {
  return useQuery({
    queryKey: ['console', path, params],
    queryFn: ({ signal }) => apiGet(path, params, asIs<T>(), { signal, quiet: true }),
  });
}
