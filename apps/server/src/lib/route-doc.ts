import type { z } from 'zod';

/**
 * How a route is described in the OpenAPI document (GET /api/docs/openapi.json; docs/api/README.md "The OpenAPI
 * document"). Every route of the server declares one in its options, next to its handler:
 *
 *   app.get('/api/kolDetail', doc({ tag: 'creators', summary: 'UP主详情', query: KolIdParams }), async (request) => …)
 *   app.post('/api/user/addLinkKol', doc({ tag: 'collect', summary: '…', body: LinkKolParams }, TEAM_OWNED), …)
 *
 * `query` / `body` are the same shared zod schemas the handler parses with (parseParams), so the document is
 * generated from the contract, never copied by hand. `api-docs/openapi.test.ts` walks the route table and fails
 * for a route without a description.
 */
export interface RouteDoc {
  /** the module (groups operations in the page) */
  tag: string;
  /** one line, Chinese like the product, or the spec's words */
  summary: string;
  description?: string;
  /** the schema of the query string (GET, DELETE) */
  query?: z.ZodObject;
  /** the schema of the form-encoded (or JSON) body (POST, PUT) */
  body?: z.ZodType;
  /** the answer's zod schema when the contract has one; otherwise the envelope `{ code, message, …fields }` */
  answer?: z.ZodType;
  /** what the answer is (default json: the envelope) */
  produces?: RouteProduces;
  /** who may call it (default user: USER-TOKEN) */
  auth?: RouteAuth;
}

export type RouteProduces = 'json' | 'xlsx' | 'pdf' | 'html' | 'image' | 'redirect' | 'javascript' | 'css' | 'xml';
/** public: no token; user: USER-TOKEN; operator: an operator's USER-TOKEN; local: this machine only (sandbox). */
export type RouteAuth = 'public' | 'user' | 'operator' | 'local';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's OpenAPI description (lib/route-doc.ts) */
    doc?: RouteDoc;
  }
}

/** Route options carrying the description, merged with the route's other options (TEAM_OWNED, bodyLimit …). */
export function doc<O extends { readonly config?: object }>(
  description: RouteDoc,
  options?: O,
): Omit<O, 'config'> & { config: NonNullable<O['config']> & { doc: RouteDoc } } {
  return {
    ...(options as O),
    config: { ...(options?.config as NonNullable<O['config']>), doc: description },
  };
}
