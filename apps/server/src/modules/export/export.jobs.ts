import type { AppContext } from '../../context.js';
import { membershipServices } from '../membership/membership.services.js';
import { pipelineOf } from '../pipeline/registry.js';
import { buildExportLists } from './export.registry.js';
import { ExportService } from './export.service.js';
import { exportDb } from './export.tables.js';

const services = new WeakMap<AppContext, ExportService>();

/** The export service of a context (the routes' and the worker's are built the same way). */
export function exportServiceOf(ctx: AppContext): ExportService {
  let service = services.get(ctx);
  if (!service) {
    const { membership, quotas, users } = membershipServices(ctx);
    const { lists, themes } = buildExportLists(ctx, membership);
    service = new ExportService(exportDb(ctx.db), lists, themes, membership, quotas, users, {
      inlineWaitMs: ctx.config.exportInlineWaitMs,
      jobRows: ctx.config.exportJobRows,
      // the pipeline attaches itself after the app is built (main.ts): looked up per export
      jobs: () => pipelineOf(ctx)?.jobs ?? null,
    });
    services.set(ctx, service);
  }
  return service;
}

/** The pg-boss job `export.produce`: makes the file of one export (jobs/runtime.ts). */
export function exportJobRunner(ctx: AppContext): (exportId: number) => Promise<unknown> {
  return (exportId) => exportServiceOf(ctx).resume(exportId);
}
