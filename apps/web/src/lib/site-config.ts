import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@xg/shared';
import { apiGet } from './api-client';
import { boolean, number, object, text, withDefault, type Decoder } from './decode';
import { BUILD_VERSION } from './env';

/**
 * Branding is configuration (GET /api/siteConfig): product name, logo, company, filing lines, version; the QR
 * images and the serve-warn flag (activityState, §2.6) are content the operator console edits.
 */
export interface WebSiteConfig extends SiteConfig {
  /** The server runs its sandbox providers (the answer's top-level `sandbox`): SMS codes go to the outbox. */
  sandbox: boolean;
}

const siteConfigDecoder: Decoder<Omit<WebSiteConfig, 'sandbox'>> = object<Omit<WebSiteConfig, 'sandbox'>>({
  productName: text,
  productShortName: text,
  logoUrl: text,
  companyName: text,
  companyAddress: text,
  companyPhone: text,
  companyEmail: text,
  icp: text,
  license: text,
  publicSecurity: text,
  version: text,
  customerServiceQrUrl: text,
  publicAccountQrUrl: text,
  activityState: withDefault(number, 0),
  serveWarnTitle: withDefault(text, ''),
  serveWarnText: withDefault(text, ''),
});

const answerDecoder: Decoder<{ site: Omit<WebSiteConfig, 'sandbox'>; sandbox: boolean }> = object({
  site: siteConfigDecoder,
  sandbox: withDefault(boolean, false),
});

export async function getSiteConfig(signal?: AbortSignal): Promise<WebSiteConfig> {
  const answer = await apiGet('/api/siteConfig', undefined, answerDecoder, { signal });
  return { ...answer.site, sandbox: answer.sandbox };
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['siteConfig'],
  queryFn: ({ signal }) => getSiteConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}

/** The app version for the version query field: the configured one, else the build's. */
export function useAppVersion(): string {
  const { data } = useSiteConfig();
  return data?.version || BUILD_VERSION;
}
