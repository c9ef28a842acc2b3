import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ApiCode, Msg } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { doc } from '../../lib/route-doc.js';

/** How long the health probe waits for the database before it calls it away. */
const DB_PROBE_TIMEOUT_MS = 2000;

/**
 * GET /api/health: 200 with status "ok" when the database answers; 503 with status "degraded" (and the
 * reason) while it does not — the process itself stays up and serves what it can (issue #14).
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', doc({ tag: 'health', summary: '健康检查', auth: 'public' }), async (request, reply) => {
    const started = Date.now();
    const index = ctx.searchIndex ?? null;
    // null: search runs on SQL only; creators null: the first build has not finished
    const searchIndex = index ? { creators: index.size } : null;
    // null: no DATABASE_REPLICA_URL; else where discovery reads go now and why (db/read-replica.ts)
    const status = ctx.replica?.status() ?? null;
    const replica = status ? { target: status.target, state: status.state, lagMs: status.lagMs } : null;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`SELECT 1`.execute(ctx.db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database probe timed out')), DB_PROBE_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'health: database unavailable');
      void reply.status(503).header('retry-after', '5');
      return {
        code: ApiCode.FAIL,
        message: Msg.serviceUnavailable,
        status: 'degraded',
        db: 'unavailable',
        version: ctx.config.appVersion,
        searchIndex,
        replica,
      };
    } finally {
      clearTimeout(timer);
    }
    return ok({
      status: 'ok',
      db: 'ok',
      dbLatencyMs: Date.now() - started,
      version: ctx.config.appVersion,
      searchIndex,
      replica,
    });
  });
}
