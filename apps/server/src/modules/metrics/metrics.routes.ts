import type { FastifyInstance } from 'fastify';
import type { DataStatusAnswer } from '@xg/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/reply.js';
import { CachedMap } from '../creators/catalog.service.js';
import { doc } from '../../lib/route-doc.js';

/** The freshness answer is re-read at most this often (the data moves with the collector and once a night). */
const STATUS_TTL_MS = 30_000;

/**
 * When the data was last updated (数据更新于…, shown on every screen): the newest snapshot day, the newest day the
 * rollup covered (its day lists) and the last write of a creator. Three index probes.
 */
export async function dataStatus(db: Db): Promise<Omit<DataStatusAnswer, 'code' | 'message'>> {
  const r = await sql<{ snapshot_day: string | null; rollup_day: string | null; updated_at: Date | null }>`
    SELECT coalesce((SELECT w.day::text FROM daily_high_water w WHERE w.table_name = 'creator_daily'),
                    (SELECT max(d.day)::text FROM creator_daily d)) AS snapshot_day,
           (SELECT max(r.day)::text FROM rankings r WHERE r.kind = 'fans' AND r.period = 'day') AS rollup_day,
           (SELECT max(c.updated_at) FROM creators c) AS updated_at`.execute(db);
  const row = r.rows[0];
  return {
    snapshotDay: row?.snapshot_day ?? null,
    rollupDay: row?.rollup_day ?? null,
    updatedAt: row?.updated_at ? row.updated_at.toISOString() : null,
  };
}

/** GET /api/dataStatus (docs/api/discovery.md, "Data status"). */
export function registerMetricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = new CachedMap<string, Omit<DataStatusAnswer, 'code' | 'message'>>(STATUS_TTL_MS);
  app.get('/api/dataStatus', doc({ tag: 'metrics', summary: '数据截至日期（数据更新于）' }), async (request) => {
    await app.requireUser(request);
    return ok(await cache.get('status', () => dataStatus(ctx.db)));
  });
}
