/**
 * The simulator's HTTP server: one Fastify instance that answers the paths of api.bilibili.com,
 * api.live.bilibili.com and comment.bilibili.com (the paths do not collide, so the client points every
 * host's base URL at this server — see docs/simulator.md), plus fault injection.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Catalog } from './world/catalog.js';
import { SimWorld } from './world/world.js';
import { sendError, type SimContext } from './http/context.js';
import { apiError, blocked, riskControl } from './http/envelope.js';
import { FaultInjector, NO_FAULTS, truncateBody, type FaultRates } from './http/faults.js';
import type { WbiKeys } from './http/wbi.js';
import { registerActivityRoutes } from './http/routes/activity.routes.js';
import { registerLiveRoutes } from './http/routes/live.routes.js';
import { attachLiveStream } from './http/live-stream.js';
import { registerMiscRoutes } from './http/routes/misc.routes.js';
import { registerReplyRoutes } from './http/routes/reply.routes.js';
import { registerSearchRoutes } from './http/routes/search.routes.js';
import { registerUserRoutes } from './http/routes/user.routes.js';
import { registerVideoRoutes } from './http/routes/video.routes.js';

export interface SimulatorOptions {
  seed: number;
  scale: number;
  /** world-time multiplier (default 1) */
  speed?: number;
  faults?: Partial<FaultRates>;
  /** 0 (default) = a free port */
  port?: number;
  host?: string;
  /** the wall clock (ms); tests inject one to move time */
  now?: () => number;
  /** the demo world's load day ('YYYY-MM-DD', Asia/Shanghai); pass the seeded database's day (see docs) */
  today?: string;
  /** fixed WBI keys instead of the daily rotation (tests) */
  wbiKeys?: WbiKeys;
  /** build the popular/ranking/search index in the background right after start (default true) */
  warm?: boolean;
  logger?: boolean;
}

export interface SimServer {
  app: FastifyInstance;
  world: SimWorld;
  catalog: Catalog;
  faults: FaultInjector;
}

export interface RunningSimulator extends SimServer {
  /** e.g. http://127.0.0.1:9300 — the base URL for every Bilibili host */
  url: string;
  port: number;
  close(): Promise<void>;
}

const SLEEP = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Builds the server without listening (tests use `app.inject`). */
export async function buildSimServer(options: SimulatorOptions): Promise<SimServer> {
  const world = new SimWorld({
    seed: options.seed,
    scale: options.scale,
    speed: options.speed ?? 1,
    ...(options.today !== undefined ? { today: options.today } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  const catalog = new Catalog(world);
  const rates: FaultRates = { ...NO_FAULTS, ...options.faults };
  const faults = new FaultInjector(options.seed, rates);
  const ctx: SimContext = { world, catalog, fixedKeys: options.wbiKeys ?? null };
  const app = Fastify({ logger: options.logger ?? false, routerOptions: { ignoreTrailingSlash: true } });
  const malformed = new WeakSet<FastifyRequest>();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(String(body))) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    done(null, out);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__sim/')) return;
    const live = request.url.startsWith('/room/') || request.url.startsWith('/xlive/');
    // Bot-looking clients are blocked before anything else, as on the real gateway.
    if (/python/i.test(String(request.headers['user-agent'] ?? ''))) {
      sendError(reply, liveBody(blocked(), live));
      return reply;
    }
    const header = request.headers['x-sim-fault'];
    const decision = faults.next(Array.isArray(header) ? header[0] : header);
    if (decision.slow) await SLEEP(rates.slowMs);
    switch (decision.kind) {
      case '412':
        sendError(reply, liveBody(blocked(), live));
        return reply;
      case '352':
        sendError(reply, liveBody(riskControl(world.seed, faults.requests), live));
        return reply;
      case '5xx':
        reply
          .code(decision.status)
          .type('text/html; charset=utf-8')
          .send(
            `<html><head><title>${decision.status}</title></head><body><center><h1>${decision.status}</h1></center><hr><center>Tengine</center></body></html>`,
          );
        return reply;
      case 'malformed':
        malformed.add(request);
        return;
      default:
        return;
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (!malformed.has(request)) return payload;
    if (typeof payload === 'string') return truncateBody(payload);
    if (Buffer.isBuffer(payload)) return payload.subarray(0, Math.max(1, Math.floor(payload.length * 0.6)));
    return payload;
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, apiError(-404, '啥都木有', {}, 404)));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return sendError(reply, apiError(-400, '请求错误', {}, status));
    return sendError(reply, apiError(-500, '服务器错误', {}, 500));
  });

  registerMiscRoutes(app, ctx, faults);
  registerUserRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
  registerReplyRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  attachLiveStream(app, world);
  await app.ready();
  return { app, world, catalog, faults };
}

/** The live host's envelope carries `msg` next to `message`. */
function liveBody(error: ReturnType<typeof blocked>, live: boolean): ReturnType<typeof blocked> {
  if (!live) return error;
  const { ttl: _ttl, ...rest } = error.body;
  return { status: error.status, body: { ...rest, msg: error.body.message, data: error.body.data ?? null } };
}

/**
 * Starts the simulator: `{ url, close(), world }`. The world is the product's demo world for the same seed
 * and scale (pass `today` = the day the database's demo world was loaded), evolving with `now()` × speed.
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const server = await buildSimServer(options);
  const host = options.host ?? '127.0.0.1';
  await server.app.listen({ port: options.port ?? 0, host });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  if (options.warm ?? true) server.catalog.ready().catch((err: unknown) => server.app.log.error(err));
  return {
    ...server,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    close: () => server.app.close(),
  };
}
