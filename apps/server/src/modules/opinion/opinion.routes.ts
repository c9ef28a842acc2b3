import type { FastifyInstance } from 'fastify';
import {
  CheckOpinionVideoUrlParams,
  OpinionBasicParams,
  OpinionIdParams,
  OpinionListParams,
  OpinionMsg,
  OpinionStatisticsParams,
  OpinionTaskListParams,
  OpinionWarnListParams,
  SaveOpinionMonitorParams,
  SetWarnStateParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { doc } from '../../lib/route-doc.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { limitedCaller } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { pipelineOf } from '../pipeline/registry.js';
import { UserRepository } from '../user/user.repository.js';
import { OpinionFiguresRepository } from './opinion.figures.repository.js';
import { OpinionRepository } from './opinion.repository.js';
import { OpinionService } from './opinion.service.js';

/** Requests per signed-in user per minute on the opinion calls. */
export const OPINION_RATE_LIMIT = 300;

const services = new WeakMap<AppContext, OpinionService>();

/** The opinion service of an app context (the export lists read through it). */
export function opinionServiceOf(ctx: AppContext): OpinionService {
  let service = services.get(ctx);
  if (!service) {
    service = new OpinionService(
      new OpinionRepository(ctx.db),
      new OpinionFiguresRepository(ctx.db),
      new UserRepository(ctx.db),
      {
        onSaved: (taskId) => {
          // the task's first run right away when this process has a pipeline; otherwise the scheduler's next tick
          void pipelineOf(ctx)
            ?.jobs?.send('opinion.task-run', { taskId })
            .catch(() => undefined);
        },
      },
    );
    services.set(ctx, service);
  }
  return service;
}

/**
 * Opinion (spec §2.5, §7.4; docs/api/opinion.md): the §7.4 calls under /api/opinion plus ours (task list, warning
 * list and state). Export: opinionList with export=1 and GET /api/export/opinionNotice (modules/export).
 */
export function registerOpinionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = opinionServiceOf(ctx);
  const caller = limitedCaller(app, OPINION_RATE_LIMIT);

  app.get(
    '/api/opinion/checkOpinionVideoUrl',
    doc({ tag: 'opinion', summary: '舆情任务视频链接检查', query: CheckOpinionVideoUrlParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { videoUrl } = parseParams(CheckOpinionVideoUrlParams, request.query);
      const check = await service.checkVideo(userId, videoUrl);
      return ok({ ...check }, check.flag === 1 ? undefined : OpinionMsg.collecting);
    },
  );

  app.post(
    '/api/opinion/saveOpinionMonitor',
    doc({ tag: 'opinion', summary: '新建或修改舆情任务', body: SaveOpinionMonitorParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(SaveOpinionMonitorParams, request.body);
      const { id, created } = await service.save(userId, p);
      return ok({ id }, created ? OpinionMsg.created : OpinionMsg.saved);
    },
  );

  app.get(
    '/api/opinion/getOpinionTaskInfo',
    doc({ tag: 'opinion', summary: '舆情任务详情', query: OpinionIdParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(OpinionIdParams, request.query);
      return ok({ task: await service.taskInfo(userId, id) });
    },
  );

  app.get(
    '/api/opinion/opinionTaskList',
    doc({ tag: 'opinion', summary: '舆情任务列表', query: OpinionTaskListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(OpinionTaskListParams, request.query);
      return ok({ ...(await service.taskList(userId, p.pageNo, p.pageSize)) });
    },
  );

  app.get(
    '/api/opinion/delOpinionTask',
    doc({ tag: 'opinion', summary: '删除舆情任务', query: OpinionIdParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(OpinionIdParams, request.query);
      await service.remove(userId, id);
      return ok({ id }, OpinionMsg.deleted);
    },
  );

  app.get(
    '/api/opinion/getOpinionBasic',
    doc({ tag: 'opinion', summary: '舆情基础数据', query: OpinionBasicParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.basic(userId, parseParams(OpinionBasicParams, request.query))) });
    },
  );

  app.get(
    '/api/opinion/getOpinionStatistics',
    doc({ tag: 'opinion', summary: '舆情统计（按小时/天的声量与情感）', query: OpinionStatisticsParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.statistics(userId, parseParams(OpinionStatisticsParams, request.query))) });
    },
  );

  app.get(
    '/api/opinion/opinionList',
    doc({ tag: 'opinion', summary: '舆情评论与弹幕列表', query: OpinionListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.list(userId, parseParams(OpinionListParams, request.query))) });
    },
  );

  app.get(
    '/api/opinion/opinionWarnList',
    doc({ tag: 'opinion', summary: '舆情预警列表', query: OpinionWarnListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.warnings(userId, parseParams(OpinionWarnListParams, request.query))) });
    },
  );

  app.post(
    '/api/opinion/setWarnState',
    doc({ tag: 'opinion', summary: '设置预警状态（新/已读/已处理）', body: SetWarnStateParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { ids, state } = parseParams(SetWarnStateParams, request.body);
      const changed = await service.setWarnState(userId, ids, state);
      return ok({ changed }, OpinionMsg.stateSaved);
    },
  );
}
