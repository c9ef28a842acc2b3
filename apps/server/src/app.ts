import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import { prettyLogStream } from './lib/log-format.js';
import cookie from '@fastify/cookie';
import { ApiCode, Msg } from '@xg/shared';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { createDb, isDatabaseUnavailable, isStatementTimeout } from './db/client.js';
import { boundedReads } from './db/bounded-reads.js';
import { createReadDatabase } from './db/read-replica.js';
import { AppError } from './lib/app-error.js';
import { registerAuth } from './plugins/auth.js';
import { registerSecurityHeaders, requestIdOf } from './plugins/security-headers.js';
import { registerSignCheck } from './plugins/sign.js';
import { CreatorSearchIndex } from './modules/creators/search-index.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerSiteRoutes } from './modules/site/site.routes.js';
import { SessionRepository } from './modules/session/session.repository.js';
import { SessionService } from './modules/session/session.service.js';
import { registerModules } from './modules/index.js';
import { registerApiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import type { RouteDoc } from './lib/route-doc.js';
import { builtFileAfterStart, registerWebStatic } from './plugins/web-static.js';
import { headFor, indexHtmlReader, withHead } from './plugins/page-head.js';
import { contentServiceOf } from './modules/content/content.routes.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** One registered route: what the route table (`app.routeTable`) keeps for tests that walk every route. */
export interface RouteEntry {
  method: string;
  url: string;
  teamOwned: boolean;
  /** the route's OpenAPI description (lib/route-doc.ts); absent = undescribed, which openapi.test.ts refuses */
  doc?: RouteDoc;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered on the app, in order (filled by an onRoute hook) */
    routeTable: RouteEntry[];
  }
}

/** Pino paths never written to the log: tokens, passwords, codes and cookies. */
export const REDACT_PATHS = [
  'req.headers["user-token"]',
  'req.headers.cookie',
  'req.headers.sign',
  'res.headers["set-cookie"]',
  '*.password',
  '*.rePassword',
  '*.loginpwd',
  '*.user_token',
  '*.token',
];

/**
 * Builds the whole app without listening: plugins, the sign check, auth, every module, one error handler
 * and the built web app with SPA fallback. Tests call it with their own database and use `app.inject()`.
 */
export async function buildApp(config: AppConfig & { databaseUrl: string }): Promise<BuiltApp> {
  const pretty = config.logFormat === 'pretty';
  const loggerOptions: FastifyServerOptions['logger'] =
    config.logLevel === 'silent'
      ? false
      : {
          level: config.logLevel,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          ...(pretty ? { stream: prettyLogStream() } : {}),
        };
  const app = Fastify({
    logger: loggerOptions,
    // pretty: one line per request at debug (the onResponse hook below) instead of two at info
    ...(pretty ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // X-Request-Id is read by requestIdOf: a client's id only when short and of safe characters (issue #14)
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const { db, pool } = createDb(config.databaseUrl);
  const sessions = new SessionService(new SessionRepository(db));
  const searchIndex = config.searchIndex.enabled
    ? new CreatorSearchIndex(db, {
        freshMs: config.searchIndex.freshMs,
        log: (line) => app.log.info(line),
        snapshotFile: config.searchIndex.snapshotFile ?? null,
      })
    : null;
  // discovery reads: the replica named by DATABASE_REPLICA_URL while it is healthy (its connections carry the
  // reads' statement_timeout), else the primary's connections, each read bounded by a timer (db/bounded-reads.ts)
  const readTimeoutMs = config.readStatementTimeoutMs ?? 0;
  const read = createReadDatabase(
    { db, pool },
    config.readReplica?.url
      ? {
          ...config.readReplica,
          url: config.readReplica.url,
          statementTimeoutMs: readTimeoutMs,
          log: (line) => app.log.info(line),
        }
      : null,
    readTimeoutMs > 0 ? boundedReads(pool, readTimeoutMs) : null,
  );
  const ctx: AppContext = {
    config,
    db,
    pool,
    sessions,
    searchIndex,
    readDb: read.db,
    readPool: read.pool,
    replica: read.replica,
  };
  app.addHook('onClose', async () => {
    await read.close();
    await db.destroy();
  });

  if (pretty)
    app.addHook('onResponse', (request, reply, done) => {
      request.log.debug(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
      done();
    });
  registerSecurityHeaders(app);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        teamOwned: route.config?.teamOwned === true,
        ...(route.config?.doc ? { doc: route.config.doc } : {}),
      });
    }
  });

  await app.register(formbody);
  await app.register(cookie);
  if (config.signCheck) registerSignCheck(app);
  registerAuth(app, sessions);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      void reply.status(error.httpStatus).send({ code: error.code, message: error.message, ...error.extra });
      return;
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type…)
      request.log.info({ err: error }, 'client error');
      void reply
        .status(status)
        .send({ code: ApiCode.FAIL, message: status === 429 ? Msg.tooManyRequests : Msg.badRequest });
      return;
    }
    if (isStatementTimeout(error)) {
      // a discovery read past READ_STATEMENT_TIMEOUT_MS, cancelled in the database: retryable, with what to do
      request.log.warn({ reqId: request.id, url: request.url }, 'read cancelled past READ_STATEMENT_TIMEOUT_MS');
      void reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: ApiCode.FAIL, message: Msg.queryTimeout, requestId: request.id });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // the database is restarting or away: a clear, retryable answer (the process stays up; issue #14)
      request.log.warn({ reqId: request.id, err: (error as Error).message }, 'database unavailable');
      void reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: ApiCode.FAIL, message: Msg.serviceUnavailable, requestId: request.id });
      return;
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    void reply.status(500).send({ code: ApiCode.FAIL, message: Msg.serverError, requestId: request.id });
  });

  registerHealthRoutes(app, ctx);
  registerSiteRoutes(app, ctx);
  registerModules(app, ctx);
  registerApiDocsRoutes(app, ctx);

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await registerWebStatic(app, config.webDist);
  }
  const readIndex = indexHtmlReader(config.webDist);
  /** A public page's index.html with its own title and description (plugins/page-head.ts); null: others. */
  const publicPage = async (urlPath: string, query: unknown): Promise<string | null> => {
    const name = config.site.productName;
    if (urlPath === '/classroom/detail') {
      const id = Number((query as { id?: string } | undefined)?.id);
      const news = Number.isInteger(id) && id > 0 ? await contentServiceOf(ctx).repo.newsHead(id) : null;
      const head = news
        ? { title: `${news.title} - ${name}`, description: news.summary || news.title }
        : headFor('/classroom/list', name);
      return head ? withHead(readIndex(), head) : null;
    }
    const head = headFor(urlPath, name);
    return head ? withHead(readIndex(), head) : null;
  };
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (urlPath.startsWith('/api/') || urlPath === '/api' || request.method !== 'GET') {
      void reply.status(404).send({ code: 404, message: Msg.notFound });
      return;
    }
    // a file the web build wrote after the start (a rebuild beside a running server): the static routes are
    // listed once at start (wildcard: false), so a new hashed chunk is sent from here, with the same headers
    const built = hasWeb ? builtFileAfterStart(config.webDist, urlPath) : null;
    if (built) {
      void reply.sendFile(built);
      return;
    }
    if (hasWeb && !path.extname(urlPath)) {
      void publicPage(urlPath, request.query).then(
        (html) => {
          if (html === null) void reply.type('text/html').sendFile('index.html');
          else void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        },
        () => void reply.type('text/html').sendFile('index.html'),
      );
      return;
    }
    void reply.status(404).type('text/plain').send('Not Found');
  });

  return { app, ctx };
}
