import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CollectEredarParams, MANUAL_COLLECT_DIALOGS, ManualCollect, text } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { silentLogger, systemPipelineClock } from '../../jobs/clock.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { createIngestion } from '../ingestion/index.js';
import { pipelineOf } from '../pipeline/registry.js';
import { CollectorService, type SubmitResult } from './collector.service.js';
import { doc } from '../../lib/route-doc.js';

/** spec §5: "Collection input must not be empty". */
export const COLLECTION_INPUT_REQUIRED = '输入内容不能为空';

/** Messages beside isExists (ours; the spec shows dialogs keyed by isExists). */
const SUBMIT_MESSAGES = {
  0: 'UID或者链接输入有误，请重新输入',
  1: '该UP主已收录',
  2: '提交成功，完整数据约24小时内更新',
} as const;

const SubmitParams = z.object({
  url: z.union([text(COLLECTION_INPUT_REQUIRED), z.number()]).optional(),
  kol: z.union([text(COLLECTION_INPUT_REQUIRED), z.number()]).optional(),
});

/**
 * POST/GET /api/submitCollectionKol (spec §4, §7.3): `url` (homepage link) or `kol` (UID) → isExists (0 not
 * found or bad format, 1 already collected, 2 submitted), isApprove, kolId, kolImg, kolName, kolUid.
 * Signed-in users only. Without a running pipeline in this process the request is recorded and the
 * scheduler's sweep queues it.
 */
export function registerCollectorRoutes(app: FastifyInstance, ctx: AppContext): void {
  let fallback: CollectorService | null = null;
  const service = () =>
    pipelineOf(ctx)?.collector ??
    (fallback ??= new CollectorService({
      db: ctx.db,
      client: null,
      jobs: null,
      clock: systemPipelineClock,
      settings: ctx.config.pipeline,
      log: silentLogger,
      ingestion: createIngestion(ctx.db),
    }));

  const submit = async (request: FastifyRequest) => {
    const principal = await app.requireUser(request);
    const params = parseParams(SubmitParams, request.method === 'GET' ? request.query : request.body);
    const input = String(params.url ?? '').trim() || String(params.kol ?? '').trim();
    if (!input) throw AppError.fail(COLLECTION_INPUT_REQUIRED);
    const result = await service().submit(input, principal.userId);
    return ok({ ...result }, SUBMIT_MESSAGES[result.isExists]);
  };
  app.post(
    '/api/submitCollectionKol',
    doc({ tag: 'collector', summary: '提交收录UP主（主页链接或UID，isExists 0/1/2）', body: SubmitParams }),
    submit,
  );
  app.get(
    '/api/submitCollectionKol',
    doc({ tag: 'collector', summary: '提交收录UP主（主页链接或UID，isExists 0/1/2）', query: SubmitParams }),
    submit,
  );

  /**
   * GET /api/collectEredar (§7.3; §4 "Manual collect"): the add-creator dialog's 先提交收录. The same collection
   * request as submitCollectionKol, answered with the manual-collect flag: 0 format wrong, 1 normal (submitted),
   * 2 already collected, 3 the platform has no such creator. docs/api/lists.md.
   */
  app.get(
    '/api/collectEredar',
    doc({
      tag: 'collector',
      summary: '私有达人库：先提交收录（flag 0 格式错误，1 正常，2 已收录，3 博主不存在）',
      query: CollectEredarParams,
    }),
    async (request) => {
      const principal = await app.requireUser(request);
      const p = parseParams(CollectEredarParams, request.query);
      const input = p.url || p.kolUid || '';
      const result = await service().submit(input, principal.userId);
      const flag = manualCollectFlag(result);
      return ok({ ...result, flag }, MANUAL_COLLECT_DIALOGS[flag].title);
    },
  );
}

/** submitCollectionKol's answer as the §4 manual-collect flag. */
export function manualCollectFlag(result: SubmitResult): ManualCollect {
  if (result.isExists === 1) return ManualCollect.ALREADY_COLLECTED;
  if (result.isExists === 2) return ManualCollect.NORMAL;
  // isExists 0: no UID could be read (format), or the platform answered that the UID does not exist
  return result.kolUid === null ? ManualCollect.FORMAT_WRONG : ManualCollect.NOT_EXIST;
}
