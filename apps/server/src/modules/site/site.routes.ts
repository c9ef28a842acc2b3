import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';

/** Branding is configuration (README: PRODUCT_NAME, LOGO_URL, COMPANY_*…); the web reads it here. */
export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const site: SiteConfig = { ...ctx.config.site, version: ctx.config.appVersion };
  app.get('/api/siteConfig', () => Promise.resolve(ok({ site, sandbox: ctx.config.sandbox })));
}
