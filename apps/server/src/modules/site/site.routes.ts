import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { doc } from '../../lib/route-doc.js';
import { contentServiceOf, requestOrigin } from '../content/content.routes.js';

/**
 * Branding is configuration (README: PRODUCT_NAME, LOGO_URL, COMPANY_*…); the QR codes and the serve-warn flag
 * are content the operator console edits (content_settings, migration 0050). The web reads them here.
 */
export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const content = contentServiceOf(ctx);
  app.get(
    '/api/siteConfig',
    doc({ tag: 'site', summary: '站点配置（品牌、公司信息、二维码、服务提示、是否沙箱）', auth: 'public' }),
    async (request) => {
      const site: SiteConfig = {
        ...ctx.config.site,
        version: ctx.config.appVersion,
        ...(await content.siteExtras(requestOrigin(request))),
      };
      return ok({ site, sandbox: ctx.config.sandbox });
    },
  );
}
