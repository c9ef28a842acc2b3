import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { doc } from '../../lib/route-doc.js';
import { isLocalRequest } from '../auth/auth.routes.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import { buildOpenApiDocument } from './openapi-document.js';

/** Operators only (outside a local sandbox). */
export const API_DOCS_OPERATORS_ONLY = '接口文档仅对运营人员开放';

/**
 * The API's OpenAPI 3.1 document and a page to browse it (issue #23 item 20; docs/api/README.md):
 *
 * - GET /api/docs — the page: Swagger UI's own files, served from the npm package `@fastify/swagger-ui` (its
 *   `static/` folder; no CDN, no inline script, so the app's CSP holds) with "try it out" off (a browser call
 *   would lack the request sign);
 * - GET /api/docs/openapi.json — the document, built once from the route table; only to requests from this
 *   machine in sandbox mode, or to an operator's USER-TOKEN (the page sends the token the web app stored).
 *
 * The page and its static files hold nothing of the API; the document is the guarded part.
 */
export function registerApiDocsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const operators = new PipelineService(ctx.db, ctx.config);
  const staticDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
    'static',
  );
  let document: string | null = null;
  const title = ctx.config.site.productName;

  const allowed = async (request: FastifyRequest): Promise<void> => {
    if (ctx.config.sandbox && isLocalRequest(request)) return;
    const { userId } = await app.requireUser(request);
    if (!(await operators.isOperator(userId))) throw AppError.forbidden(API_DOCS_OPERATORS_ONLY);
  };

  app.get(
    '/api/docs',
    doc({ tag: 'api-docs', summary: '接口文档页面（Swagger UI）', auth: 'public', produces: 'html' }),
    (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page(title)),
  );

  app.get(
    '/api/docs/openapi.json',
    doc({ tag: 'api-docs', summary: '本接口的 OpenAPI 3.1 文档（运营人员，或本机的沙箱）', auth: 'operator' }),
    async (request, reply) => {
      await allowed(request);
      document ??= JSON.stringify(buildOpenApiDocument(app.routeTable, { title, version: ctx.config.appVersion }));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(document);
    },
  );

  app.get(
    '/api/docs/init.js',
    doc({ tag: 'api-docs', summary: '接口文档页面的启动脚本', auth: 'public', produces: 'javascript' }),
    (_request, reply) => asset(reply, 'text/javascript; charset=utf-8', INIT_SCRIPT),
  );

  for (const [file, type] of [
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['swagger-ui.css', 'text/css; charset=utf-8'],
  ] as const) {
    app.get(
      `/api/docs/${file}`,
      doc({
        tag: 'api-docs',
        summary: `Swagger UI 的 ${file}`,
        auth: 'public',
        produces: file.endsWith('.js') ? 'javascript' : 'css',
      }),
      async (_request, reply) => asset(reply, type, await fs.readFile(path.join(staticDir, file))),
    );
  }
}

function asset(reply: FastifyReply, type: string, body: string | Buffer): FastifyReply {
  return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(productName: string): string {
  const title = `${escapeHtml(productName)} 接口文档`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" aria-label="${title}"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on the document. The web app keeps the session token in localStorage ACCESS_TOKEN (spec
 * §3, apps/web/src/lib/storage.ts); it is sent as USER-TOKEN with the document request only.
 */
const INIT_SCRIPT = `(function () {
  var token = null;
  try { token = window.localStorage.getItem('ACCESS_TOKEN'); } catch (e) { token = null; }
  window.ui = window.SwaggerUIBundle({
    url: '/api/docs/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    supportedSubmitMethods: [],
    requestInterceptor: function (req) {
      if (token && req.url.indexOf('/api/docs/openapi.json') !== -1) req.headers['USER-TOKEN'] = token;
      return req;
    }
  });
})();
`;
