import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async () => {
    const started = Date.now();
    await sql`SELECT 1`.execute(ctx.db);
    const index = ctx.searchIndex ?? null;
    return ok({
      status: 'ok',
      db: 'ok',
      dbLatencyMs: Date.now() - started,
      version: ctx.config.appVersion,
      // null: search runs on SQL only; creators null: the first build has not finished
      searchIndex: index ? { creators: index.size } : null,
    });
  });
}
