/**
 * The OpenAPI document (issue #23 item 20): every route of the server's route table is in it, with the
 * shared schema it parses; the document and its page are for operators and the local sandbox only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { APP_CSP } from '../../plugins/security-headers.js';
import { openApiPath, undocumentedRoutes } from './openapi-document.js';
import { API_DOCS_OPERATORS_ONLY } from './api-docs.routes.js';

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: { name: string; in: string; required?: boolean }[];
        requestBody?: unknown;
        tags?: string[];
      }
    >
  >;
}

let t: TestApp;
const REMOTE = { 'x-forwarded-for': '203.0.113.9' };

async function tokenOf(email: string): Promise<string> {
  const user = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return t.ctx.sessions.open(user.id, { ip: null, userAgent: null });
}

async function fetchDocument(): Promise<OpenApiDoc> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<OpenApiDoc>();
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('describes every route of the route table (a new route without doc() fails here)', async () => {
    const missing = undocumentedRoutes(t.app.routeTable);
    expect(missing, 'add doc({ tag, summary, query|body }) to these routes — docs/api/README.md').toEqual([]);

    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const api = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    for (const route of api) {
      const operation = document.paths[openApiPath(route.url).path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.summary, `${route.method} ${route.url}`).toBeTruthy();
    }
    // and nothing else: every operation of the document is a registered route
    const registered = new Set(api.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url).path}`));
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item))
        expect(registered.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
    }
  });

  it('lists undescribed API routes and ignores HEAD twins and the web’s files', () => {
    expect(
      undocumentedRoutes([
        { method: 'GET', url: '/api/brandNew' },
        { method: 'HEAD', url: '/api/brandNew' },
        { method: 'GET', url: '/assets/*' },
        { method: 'GET', url: '/api/kolDetail', doc: { tag: 'creators', summary: 'UP主详情' } },
      ]),
    ).toEqual(['GET /api/brandNew']);
  });

  it('carries the shared schemas: query parameters, form bodies, path parameters', async () => {
    const document = await fetchDocument();
    const detail = document.paths['/api/kolDetail']?.get;
    expect(detail?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'kolId', in: 'query', required: true })]),
    );
    const search = document.paths['/api/searchKol']?.get?.parameters?.map((p) => p.name) ?? [];
    expect(search).toEqual(expect.arrayContaining(['keyword', 'pageNo', 'pageSize']));
    const login = document.paths['/api/gologin']?.post?.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
    };
    expect(Object.keys(login.content['application/x-www-form-urlencoded']!.schema.properties)).toEqual(
      expect.arrayContaining(['loginname', 'loginpwd']),
    );
    expect(document.paths['/api/export/{list}']?.get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'list', in: 'path', required: true })]),
    );
  });
});

describe('who may read it', () => {
  it('answers a request from this machine in sandbox mode, and an operator from anywhere', async () => {
    expect(t.ctx.config.sandbox).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
    const premium = await tokenOf('demo-premium@example.com');
    const asOperator = await t.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { ...REMOTE, 'user-token': premium },
    });
    expect(asOperator.statusCode).toBe(200);
  });

  it('refuses another machine without a token (401) and a member who is not an operator (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: REMOTE });
    expect(anonymous.statusCode).toBe(401);
    const free = await tokenOf('demo-free@example.com');
    const member = await t.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { ...REMOTE, 'user-token': free },
    });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ message: API_DOCS_OPERATORS_ONLY });
    expect(member.body).not.toContain('/api/kolDetail');
  });

  it('serves the page with the app’s CSP and the renderer from the package, without a CDN', async () => {
    const pageRes = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-security-policy']).toBe(APP_CSP);
    expect(pageRes.body).not.toMatch(/https?:\/\//);
    expect(pageRes.body).not.toMatch(/<script>[^<]/); // no inline script
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/docs/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.body.length, file).toBeGreaterThan(100);
    }
  });
});
