import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. The api client already toasts every failure once, so queries do not retry (a retry would
 * toast again) and do not refetch on focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
