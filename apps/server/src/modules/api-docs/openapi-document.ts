import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { RouteAuth, RouteDoc, RouteProduces } from '../../lib/route-doc.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the route table: each route's `doc()` declaration
 * (lib/route-doc.ts) with the shared zod schemas it parses, converted by zod-openapi (docs/decisions.md "API
 * description"). Nothing here is written per route: a route without a declaration is simply absent, and
 * openapi.test.ts fails for it.
 */

export interface DocumentedRoute {
  method: string;
  url: string;
  doc?: RouteDoc;
}

/** What the document says about the whole API. */
export interface DocumentInfo {
  title: string;
  version: string;
}

/** The envelope of every JSON answer (spec §7, §8): code, message, then the call's own fields. */
const Envelope = z
  .looseObject({
    code: z
      .number()
      .int()
      .meta({ description: '200 成功；-1 失败；-3 警告；202 支付未完成；461 已在其他设备登录；0 登录失效' }),
    message: z.string(),
  })
  .meta({ id: 'Envelope', description: '应答信封：code、message，以及该接口自己的字段（字段名与规格一致）' });

const MEDIA: Readonly<Record<Exclude<RouteProduces, 'json' | 'redirect'>, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  html: 'text/html',
  image: 'image/*',
  javascript: 'text/javascript',
  css: 'text/css',
  xml: 'application/xml',
};

const SECURITY: Readonly<Record<RouteAuth, ZodOpenApiOperationObject['security']>> = {
  public: [],
  local: [],
  user: [{ userToken: [], sign: [], timetemp: [] }],
  operator: [{ userToken: [], sign: [], timetemp: [] }],
};

const AUTH_NOTE: Readonly<Record<RouteAuth, string>> = {
  public: '无需登录。',
  local: '仅沙箱模式、仅本机请求。',
  user: '需登录（USER-TOKEN）。',
  operator: '仅运营人员（OPERATOR_USER_IDS；沙箱模式下为 demo-premium）。',
};

/** Fastify's `/api/export/:list` → OpenAPI's `/api/export/{list}`, with the names of its path parameters. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

function operationOf(route: DocumentedRoute, d: RouteDoc, params: string[]): ZodOpenApiOperationObject {
  const auth = d.auth ?? 'user';
  const produces = d.produces ?? 'json';
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {};
  if (d.query) requestParams.query = d.query;
  if (params.length > 0) {
    requestParams.path = z.object(Object.fromEntries(params.map((name) => [name, z.string()])));
  }
  const content =
    produces === 'json'
      ? { 'application/json': { schema: d.answer ?? Envelope } }
      : produces === 'redirect'
        ? undefined
        : {
            [MEDIA[produces]]: { schema: { type: 'string' as const, contentEncoding: 'binary' } },
            // a refusal (gate, quota, missing) is still the JSON envelope
            'application/json': { schema: Envelope },
          };
  return {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
    tags: [d.tag],
    summary: d.summary,
    description: [d.description, AUTH_NOTE[auth]].filter(Boolean).join('\n\n'),
    security: SECURITY[auth],
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(d.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': { schema: d.body },
              'application/json': { schema: d.body },
            },
          },
        }
      : {}),
    responses: {
      '200': { description: produces === 'json' ? '应答信封' : `${produces} 文件，或拒绝时的应答信封`, content },
    },
  };
}

/** The document of every described route (HEAD routes that Fastify adds beside a GET are left out). */
export function buildOpenApiDocument(
  routes: readonly DocumentedRoute[],
  info: DocumentInfo,
): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    if (!route.doc || route.method === 'HEAD') continue;
    const { path, params } = openApiPath(route.url);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    paths[path] = { ...paths[path], [method]: operationOf(route, route.doc, params) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${info.title} API`,
      version: info.version,
      description:
        '霞光数据的接口（规格 §7）。GET/DELETE 的参数在查询串，POST/PUT 为表单（application/x-www-form-urlencoded）。' +
        '除健康检查、验证码图片、沙箱页、支付通知与下载链接外，每个 /api 请求都带 sign、timetemp、encrypt 请求头（规格 §7；docs/api/accounts.md）。' +
        '业务错误仍为 HTTP 200，见应答信封的 code。',
    },
    components: {
      securitySchemes: {
        userToken: { type: 'apiKey', in: 'header', name: 'USER-TOKEN', description: '登录后得到的令牌' },
        sign: {
          type: 'apiKey',
          in: 'header',
          name: 'sign',
          description: 'md5(md5(timetemp) + 去掉 /api 的路径 + 密钥 + 令牌)（packages/shared signHeaders）',
        },
        timetemp: { type: 'apiKey', in: 'header', name: 'timetemp', description: '毫秒时间戳（±5 分钟）' },
      },
    },
    paths,
  });
}

/**
 * The API routes (under /api) that the document would leave out: those registered without `doc()`. HEAD
 * routes are Fastify's automatic twins of GET routes. The web's static files and SPA fallback are not API.
 */
export function undocumentedRoutes(routes: readonly DocumentedRoute[]): string[] {
  return routes
    .filter((r) => r.method !== 'HEAD' && (r.url === '/api' || r.url.startsWith('/api/')) && !r.doc)
    .map((r) => `${r.method} ${r.url}`);
}
