import type { FastifyInstance } from 'fastify';
import {
  AddMonitorParams,
  AddPutRecordParams,
  CheckPutUrlParams,
  MonitorHistoryParams,
  MonitorRefParams,
  PutMsg,
  PutRecordListParams,
  PutRecordRefParams,
  UpdatePutRecordParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { doc } from '../../lib/route-doc.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { limitedCaller } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { pipelineOf } from '../pipeline/registry.js';
import { UserRepository } from '../user/user.repository.js';
import { PlacementsRepository } from './placements.repository.js';
import { PlacementsService } from './placements.service.js';

/** Requests per signed-in user per minute on the placement and monitor calls. */
export const PLACEMENT_RATE_LIMIT = 240;

/**
 * Placements (spec §7.3: GET checkPutUrl, POST addPutRecord, POST updatePutRecord, POST delPutRecordVideo; ours:
 * putRecordList, putRecordReport, putGroupReport, confirmPutRecordVideo) and video monitoring (§7.4: POST
 * user/addMonitor, GET user/monitorHistory, GET user/monitorVideoReport, monitorVideoReport2; ours: delMonitor).
 * docs/api/placements.md, docs/api/monitoring.md.
 */
export function registerPlacementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new PlacementsService(
    new PlacementsRepository(ctx.db),
    new UserRepository(ctx.db),
    () => {
      const monitor = pipelineOf(ctx)?.monitor;
      return monitor ? (ref) => monitor.lookupWork(ref) : null;
    },
    // the pipeline's time when one runs in this process (tests move it), so windows and samples share a clock
    () => new Date(pipelineOf(ctx)?.clock.now() ?? Date.now()),
  );
  const caller = limitedCaller(app, PLACEMENT_RATE_LIMIT);

  app.get(
    '/api/checkPutUrl',
    doc({ tag: 'placements', summary: '投放作品链接检查（flag −1…3）', query: CheckPutUrlParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { preview, message } = await service.checkPutUrl(userId, parseParams(CheckPutUrlParams, request.query));
      return ok({ ...preview }, message);
    },
  );
  app.post(
    '/api/addPutRecord',
    doc({ tag: 'placements', summary: '添加投放记录', body: AddPutRecordParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const result = await service.add(userId, parseParams(AddPutRecordParams, request.body));
      return ok({ ...result }, result.collecting ? PutMsg.added : PutMsg.addedReady);
    },
  );
  app.post(
    '/api/updatePutRecord',
    doc({ tag: 'placements', summary: '修改投放记录（推广费用、监测时段）', body: UpdatePutRecordParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.update(userId, parseParams(UpdatePutRecordParams, request.body));
      return ok({}, PutMsg.updated);
    },
  );
  app.post(
    '/api/delPutRecordVideo',
    doc({ tag: 'placements', summary: '删除投放记录', body: PutRecordRefParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(PutRecordRefParams, request.body);
      await service.remove(userId, p.recordId ?? p.id);
      return ok({}, PutMsg.deleted);
    },
  );
  app.post(
    '/api/user/confirmPutRecordVideo',
    doc({ tag: 'placements', summary: '确认未发布投放匹配到的作品', body: PutRecordRefParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(PutRecordRefParams, request.body);
      await service.confirmMatch(userId, p.recordId ?? p.id);
      return ok({}, PutMsg.matchConfirmed);
    },
  );
  app.get(
    '/api/user/putRecordList',
    doc({ tag: 'placements', summary: '投放记录列表', query: PutRecordListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.list(userId, parseParams(PutRecordListParams, request.query))) });
    },
  );
  app.get(
    '/api/user/putRecordReport',
    doc(
      { tag: 'placements', summary: '投放报告（曲线、增量、千次播放成本、预期区间）', query: PutRecordRefParams },
      TEAM_OWNED,
    ),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(PutRecordRefParams, request.query);
      return ok({ ...(await service.report(userId, p.recordId ?? p.id)) });
    },
  );
  app.get(
    '/api/user/putGroupReport',
    doc({ tag: 'placements', summary: '投放分组（活动）对比报告', query: PutRecordListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(PutRecordListParams, request.query);
      return ok({ ...(await service.groupReport(userId, p.tId)) });
    },
  );

  app.post(
    '/api/user/addMonitor',
    doc({ tag: 'placements', summary: '添加视频监测', body: AddMonitorParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok(
        { ...(await service.addMonitor(userId, parseParams(AddMonitorParams, request.body))) },
        PutMsg.monitorAdded,
      );
    },
  );
  app.get(
    '/api/user/monitorHistory',
    doc({ tag: 'placements', summary: '视频监测记录', query: MonitorHistoryParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.monitorHistory(userId, parseParams(MonitorHistoryParams, request.query))) });
    },
  );
  app.get(
    '/api/user/monitorVideoReport',
    doc({ tag: 'placements', summary: '视频监测报告（采样）', query: MonitorRefParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(MonitorRefParams, request.query);
      return ok({ ...(await service.monitorCurve(userId, id)) });
    },
  );
  app.get(
    '/api/user/monitorVideoReport2',
    doc({ tag: 'placements', summary: '视频监测报告（汇总）', query: MonitorRefParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(MonitorRefParams, request.query);
      return ok({ ...(await service.monitorFigures(userId, id)) });
    },
  );
  app.post(
    '/api/user/delMonitor',
    doc({ tag: 'placements', summary: '删除视频监测', body: MonitorRefParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(MonitorRefParams, request.body);
      await service.deleteMonitor(userId, id);
      return ok({}, PutMsg.monitorDeleted);
    },
  );
}
