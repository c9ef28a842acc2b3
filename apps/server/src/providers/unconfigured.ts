/**
 * The one call of a provider chosen when no real one is configured (sandbox mode off, no keys): every call fails,
 * loudly, with `reason` (what to configure), so that the calling service answers its own send-failed message.
 */
export function failsUnconfigured(reason: string): () => Promise<never> {
  return () => Promise.reject(new Error(reason));
}
