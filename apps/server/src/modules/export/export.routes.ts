import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ExportFileParams, ExportIdParams, ExportMsg, ExportParams, ExportRecordsParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { exportServiceOf } from './export.jobs.js';
import { LIST_CALLS } from './export.registry.js';
import { XLSX_MIME, type ExportFile, type ExportOutcome, type ExportService } from './export.service.js';
import { doc } from '../../lib/route-doc.js';

/** Content-Disposition with the Chinese file name (RFC 6266 filename*), and an ASCII fallback. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', attachment(file.fileName))
    .header('x-export-id', String(file.id))
    .header('cache-control', 'no-store')
    .send(file.data);
}

function answer(reply: FastifyReply, outcome: ExportOutcome) {
  if (outcome.kind === 'file') return sendFile(reply, outcome.file);
  return ok({ exportId: outcome.record.id, record: outcome.record }, ExportMsg.started);
}

/**
 * Excel export (spec §7.6; docs/api/export.md): GET /api/export/<list> with the list's parameters and
 * export/exportName/pageNo, the same list calls with `export=1` (their page as a file), the download centre
 * (records, status, link) and the time-limited file link.
 */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): ExportService {
  const service = exportServiceOf(ctx);
  app.addHook('onClose', async () => service.idle());

  // export=1 on a list call (GET /api/ranking?kind=fans&…&export=1): the same list, answered as a file.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    const query = request.query as Record<string, unknown> | undefined;
    if (!route || !query || query.export === undefined || query.export === '' || !Object.hasOwn(LIST_CALLS, route)) {
      return;
    }
    const { userId } = await app.requireUser(request);
    const list = LIST_CALLS[route]?.(query) ?? 'unknown';
    const outcome = await service.start(userId, list, query, true);
    if (outcome.kind === 'file') return sendFile(reply, outcome.file);
    return reply.send(answer(reply, outcome));
  });

  app.get(
    '/api/export/records',
    doc({ tag: 'export', summary: '导出记录', query: ExportRecordsParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const p = parseParams(ExportRecordsParams, request.query);
      const { records, total } = await service.records(userId, p.pageNo, p.pageSize);
      return ok({ records, total, pageNo: p.pageNo, pageSize: p.pageSize });
    },
  );

  app.get('/api/export/status', doc({ tag: 'export', summary: '导出进度', query: ExportIdParams }), async (request) => {
    const { userId } = await app.requireUser(request);
    const { id } = parseParams(ExportIdParams, request.query);
    return ok({ record: await service.status(userId, id) });
  });

  app.get(
    '/api/export/link',
    doc({ tag: 'export', summary: '导出文件下载链接（10 分钟有效）', query: ExportIdParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const { id } = parseParams(ExportIdParams, request.query);
      return ok({ ...(await service.link(userId, id)) });
    },
  );

  // the download link itself: opened by the browser without the sign headers (plugins/sign.ts exempts it)
  app.get(
    '/api/export/file',
    doc({ tag: 'export', summary: '按下载链接取导出文件', query: ExportFileParams, auth: 'public', produces: 'xlsx' }),
    async (request, reply) => {
      const { id, token } = parseParams(ExportFileParams, request.query);
      return sendFile(reply, await service.file(id, token));
    },
  );

  app.get<{ Params: { list: string } }>(
    '/api/export/:list',
    doc({
      tag: 'export',
      summary: '导出列表为 Excel（fansRanking、businessRanking、myLinkKol 等）',
      query: ExportParams,
      produces: 'xlsx',
    }),
    async (request, reply) => {
      const { userId } = await app.requireUser(request);
      const outcome = await service.start(userId, request.params.list, request.query as Record<string, unknown>);
      return answer(reply, outcome);
    },
  );

  return service;
}
