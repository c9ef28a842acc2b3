import type { FastifyInstance } from 'fastify';
import { ContrastMsg, contrastIdParams, exportStamp, type KolContrastResultAnswer } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { parseParams } from '../../lib/validate.js';
import { perMinute } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { attachment } from '../export/export.routes.js';
import { membershipServices } from '../membership/membership.services.js';
import { renderContrastPdf } from './contrast-pdf.js';
import { doc } from '../../lib/route-doc.js';

/**
 * Where the PDF route reads a saved report: the comparison module's service (`ContrastService.reportFor`).
 * Answers the report as GET /api/user/kolContrastResult does, or null when it does not exist or belongs to
 * another team — the owner check is the reader's, with the caller's user id.
 */
export interface ContrastReportReader {
  reportFor(userId: string, contrastId: number): Promise<KolContrastResultAnswer | null>;
}

/** PDFs per signed-in user per minute: a render costs ≈ 0.3–1 s of CPU, a person clicks a few times at most. */
export const PDF_RATE_LIMIT = 10;

export const PDF_MIME = 'application/pdf';

/** UP主对比报告_YYYYMMDDHHmmss.pdf in Asia/Shanghai (the §7.6 name pattern of exports). */
export function contrastPdfFileName(at: Date): string {
  return `UP主对比报告_${exportStamp(at)}.pdf`;
}

/**
 * GET /api/user/contrastPdf?contrastId (spec §2.7 导出PDF, §9; issue #17 item 7): the saved report as a PDF
 * download. Signed-in; gated by FEATURE_POLICY['export.pdf'] (企业版 and 高级企业版; the refusal is the gate's
 * −1 envelope with its message, as the Excel export's); the team's own reports only (a report of another team
 * answers ContrastMsg.reportMissing, as a missing one does). docs/decisions.md "Comparison PDF".
 */
export function registerContrastPdfRoutes(app: FastifyInstance, ctx: AppContext, reader: ContrastReportReader): void {
  const { membership } = membershipServices(ctx);
  const limit = perMinute(PDF_RATE_LIMIT);

  app.get(
    '/api/user/contrastPdf',
    doc(
      { tag: 'contrast', summary: '对比报告 PDF（企业版及以上）', query: contrastIdParams, produces: 'pdf' },
      TEAM_OWNED,
    ),
    async (request, reply) => {
      const { userId } = await app.requireUser(request);
      await membership.requireFeature(userId, 'export.pdf');
      const { contrastId } = parseParams(contrastIdParams, request.query);
      limit.enforce(userId);
      const report = await reader.reportFor(userId, contrastId);
      if (!report) throw AppError.fail(ContrastMsg.reportMissing);
      const now = new Date();
      let pdf: Buffer;
      try {
        pdf = await renderContrastPdf(report, { productName: ctx.config.site.productName, generatedAt: now });
      } catch (err) {
        request.log.error({ err, contrastId }, 'contrast pdf render failed');
        throw AppError.fail(ContrastMsg.pdfFailed);
      }
      return reply
        .header('content-type', PDF_MIME)
        .header('content-disposition', attachment(contrastPdfFileName(now)))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
