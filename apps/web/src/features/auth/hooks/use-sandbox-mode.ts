import { useSiteConfig } from '../../../lib/site-config';

/**
 * Whether the server runs in sandbox mode, from GET /api/siteConfig (`sandbox`), so the register, forget and
 * bind panels can say where the SMS code goes. Issue #23: this used to probe GET /api/sandbox/smsOutbox with an
 * empty phone on every load (a refused call in the log and in the network panel); the flag is configuration.
 */
export function useSandboxMode(): { data: boolean | undefined } {
  const { data } = useSiteConfig();
  return { data: data?.sandbox };
}
