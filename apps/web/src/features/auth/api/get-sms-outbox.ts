import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../../lib/api-client';
import { number, object, type Decoder } from '../../../lib/decode';

const probeDecoder: Decoder<{ code: number }> = object({ code: number });

/**
 * GET /api/sandbox/smsOutbox exists only when the server runs in sandbox mode. The register panel probes it
 * quietly to show a small hint; it never reads the codes.
 */
export function useSandboxMode() {
  return useQuery({
    queryKey: ['sandbox', 'smsOutbox'],
    queryFn: async ({ signal }) => {
      try {
        await apiGet('/api/sandbox/smsOutbox', { phone: '' }, probeDecoder, { signal, quiet: true });
        return true;
      } catch (error) {
        // An envelope answer (e.g. a validation message) still proves the sandbox route exists; an HTTP 404
        // or a network failure means no sandbox.
        return isApiError(error) && error.kind === 'envelope';
      }
    },
    staleTime: Infinity,
  });
}
