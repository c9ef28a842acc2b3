import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { doc } from '../../lib/route-doc.js';

/** Branding is configuration (README: PRODUCT_NAME, LOGO_URL, COMPANY_*…); the web reads it here. */
export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const site: SiteConfig = { ...ctx.config.site, version: ctx.config.appVersion };
  app.get(
    '/api/siteConfig',
    doc({ tag: 'site', summary: '站点配置（品牌、公司信息、是否沙箱）', auth: 'public' }),
    () => Promise.resolve(ok({ site, sandbox: ctx.config.sandbox })),
  );
}
