import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { RollupBackfillParams } from '@xg/shared';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { pipelineOf } from './registry.js';
import { PipelineService } from './pipeline.service.js';
import { doc } from '../../lib/route-doc.js';

/** Operators only: 403 for every other signed-in user. */
export const OPERATORS_ONLY = '仅运维人员可访问';

/** GET /api/admin/pipeline — pipeline health (docs/pipeline.md § Health). */
export function registerPipelineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new PipelineService(ctx.db, ctx.config);
  app.get(
    '/api/admin/pipeline',
    doc({ tag: 'pipeline', summary: '运营：采集管道健康状况', auth: 'operator' }),
    async (request) => {
      const principal = await app.requireUser(request);
      if (!(await service.isOperator(principal.userId))) throw AppError.forbidden(OPERATORS_ONLY);
      const handle = pipelineOf(ctx);
      const now = new Date(handle?.clock.now() ?? Date.now());
      return ok({
        ...(await service.health(handle?.client ?? null, now, handle?.monitor.streams.connectedRooms.length ?? null)),
      });
    },
  );

  /** POST /api/admin/rollupBackfill {from, to} — queues the job rollup.backfill (docs/pipeline.md, "Backfill"). */
  app.post(
    '/api/admin/rollupBackfill',
    doc({ tag: 'pipeline', summary: '运营：补算指定日期范围的派生数据', body: RollupBackfillParams, auth: 'operator' }),
    async (request) => {
      const principal = await app.requireUser(request);
      if (!(await service.isOperator(principal.userId))) throw AppError.forbidden(OPERATORS_ONLY);
      const { from, to } = parseParams(RollupBackfillParams, request.body);
      const jobs = pipelineOf(ctx)?.jobs ?? null;
      if (!jobs) throw AppError.fail(ROLLUP_NO_WORKER);
      const jobId = await jobs.send('rollup.backfill', { from, to });
      return ok({ from, to, jobId, queued: jobId !== null });
    },
  );
}

/** The job system is not running in this process (PIPELINE_ENABLED=false): the command line runs the backfill. */
export const ROLLUP_NO_WORKER = '任务系统未启动，请在命令行运行 npm run rollup -- --from … --to …';
