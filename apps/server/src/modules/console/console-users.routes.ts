import type { FastifyInstance } from 'fastify';
import {
  AnalyticsFunnel,
  AnalyticsParams,
  CollectionRequestsParams,
  FreeVipDecideParams,
  FreeVipListParams,
  PipelineRetryParams,
  UserDisableParams,
  UserExtendParams,
  UserIdParams,
  UserSearchParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { JOB_NAMES } from '../../jobs/names.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { doc } from '../../lib/route-doc.js';
import { pipelineOf } from '../pipeline/registry.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import { ConsoleUsersRepository } from './console-users.repository.js';
import { ConsoleUsersService } from './console-users.service.js';
import type { ConsoleGuard } from './console.guard.js';
import { ConsoleMsg } from './console.roles.js';
import { UsageRecorder } from './usage-recorder.js';

/**
 * Users, free-VIP review, collection requests, the pipeline screen and usage analytics
 * (docs/api/console.md § Users). Also records the usage counters the analytics read (usage-recorder.ts).
 */
export function registerConsoleUserRoutes(app: FastifyInstance, ctx: AppContext, guard: ConsoleGuard): void {
  const repo = new ConsoleUsersRepository(ctx.db);
  const service = new ConsoleUsersService(ctx);
  const pipeline = new PipelineService(ctx.db, ctx.config);
  const { requireArea, audit } = guard;

  const usage = new UsageRecorder(
    (rows) => repo.addUsage(rows),
    (err) => process.stderr.write(`[usage] write failed: ${(err as Error).message}\n`),
  );
  // a signed-in call that succeeded counts (request.principal is set once a route resolved its user)
  app.addHook('onResponse', async (request, reply) => {
    const principal = request.principal;
    if (principal && reply.statusCode < 400) usage.record(principal.userId, request.routeOptions.url ?? '');
  });
  app.addHook('onClose', async () => {
    await usage.flush();
  });
  app.decorate('flushUsage', () => usage.flush());

  // --- users --------------------------------------------------------------------------------------------------
  app.get(
    '/api/console/users',
    doc({ tag: 'console', summary: '运营后台：查找用户（编号、手机、邮箱、用户名）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'users');
      const { keyword } = parseParams(UserSearchParams, request.query);
      return ok({ list: await repo.search(keyword) });
    },
  );

  app.get(
    '/api/console/users/detail',
    doc({ tag: 'console', summary: '运营后台：用户详情（等级、订单、会话、子账号）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'users');
      const { userId } = parseParams(UserIdParams, request.query);
      const user = await repo.user(userId);
      if (!user) throw AppError.fail(ConsoleMsg.userMissing);
      const [orders, sessions, subAccounts, periods, loginFailures] = await Promise.all([
        guard.repo.orders(String(userId)),
        repo.sessions(userId),
        repo.subAccounts(userId),
        repo.periods(userId),
        repo.recentLoginFailures(userId),
      ]);
      return ok({
        user,
        orders: orders.filter((o) => o.userId === userId),
        sessions,
        subAccounts,
        periods,
        loginFailures,
      });
    },
  );

  app.post(
    '/api/console/users/extend',
    doc({ tag: 'console', summary: '运营后台：延长或调整会员（需填写原因）', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'users');
      const p = parseParams(UserExtendParams, request.body);
      const change = await service.extend(p);
      await audit(request, op, 'user.extend', `user:${p.userId}`, { ...change, days: p.days, reason: p.reason });
      return ok({ ...change.after }, ConsoleMsg.extended);
    },
  );

  app.post(
    '/api/console/users/disable',
    doc({ tag: 'console', summary: '运营后台：停用或恢复账号（需填写原因）', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'users');
      const p = parseParams(UserDisableParams, request.body);
      if (String(p.userId) === op.userId) throw AppError.fail(ConsoleMsg.selfDisable);
      if (!(await repo.setDisabled(p.userId, p.disabled, p.reason))) throw AppError.fail(ConsoleMsg.userMissing);
      await audit(request, op, p.disabled ? 'user.disable' : 'user.enable', `user:${p.userId}`, { reason: p.reason });
      return ok({}, p.disabled ? ConsoleMsg.disabled : ConsoleMsg.enabled);
    },
  );

  app.post(
    '/api/console/users/unlock',
    doc({ tag: 'console', summary: '运营后台：解除登录锁定', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'users');
      const { userId } = parseParams(UserIdParams, request.body);
      if (!(await repo.user(userId))) throw AppError.fail(ConsoleMsg.userMissing);
      const removed = await repo.unlock(userId);
      await audit(request, op, 'user.unlock', `user:${userId}`, { failuresRemoved: removed });
      return ok({ removed }, ConsoleMsg.unlocked);
    },
  );

  // --- free-VIP applications ----------------------------------------------------------------------------------
  app.get(
    '/api/console/freeVip',
    doc({ tag: 'console', summary: '运营后台：免费企业版申请', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'users');
      const { status } = parseParams(FreeVipListParams, request.query);
      return ok({
        list: await repo.freeVipApplications(status === 'pending'),
        mode: ctx.config.membership.freeVipMode,
      });
    },
  );

  app.post(
    '/api/console/freeVip/decide',
    doc({ tag: 'console', summary: '运营后台：审核免费企业版申请（通过 / 拒绝）', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'users');
      const p = parseParams(FreeVipDecideParams, request.body);
      const { userId } = await service.decideFreeVip(p.id, p.decision, p.reason, op.userId);
      await audit(request, op, p.decision === 'approve' ? 'freeVip.approve' : 'freeVip.reject', `freeVip:${p.id}`, {
        userId,
        reason: p.reason,
      });
      return ok({}, p.decision === 'approve' ? ConsoleMsg.freeVipApproved : ConsoleMsg.freeVipRejected);
    },
  );

  // --- collection requests and pipeline -----------------------------------------------------------------------
  app.get(
    '/api/console/collectionRequests',
    doc({ tag: 'console', summary: '运营后台：用户提交的收录请求', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'pipeline');
      const { state } = parseParams(CollectionRequestsParams, request.query);
      return ok({ ...(await repo.collectionRequests(state)) });
    },
  );

  app.get(
    '/api/console/pipeline',
    doc({ tag: 'console', summary: '运营后台：采集管道（队列、失败任务）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'pipeline');
      const handle = pipelineOf(ctx);
      const now = new Date(handle?.clock.now() ?? Date.now());
      const [health, failed] = await Promise.all([pipeline.health(handle?.client ?? null, now), repo.failedJobs()]);
      return ok({ health, failed });
    },
  );

  app.post(
    '/api/console/pipeline/retry',
    doc({ tag: 'console', summary: '运营后台：重试某类失败任务', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'pipeline');
      const { name } = parseParams(PipelineRetryParams, request.body);
      if (!(JOB_NAMES as readonly string[]).includes(name)) throw AppError.fail('任务类型不存在');
      const retried = await repo.retryFailed(name);
      await audit(request, op, 'pipeline.retry', `job:${name}`, { retried });
      return ok({ retried }, `${ConsoleMsg.retried}：${retried} 个任务`);
    },
  );

  // --- usage analytics ----------------------------------------------------------------------------------------
  app.get(
    '/api/console/analytics',
    doc({
      tag: 'console',
      summary: '运营后台：使用统计（日活、搜索、导出，按会员等级；访问→注册→付费漏斗）',
      auth: 'operator',
    }),
    async (request) => {
      await requireArea(request, 'analytics');
      const { days } = parseParams(AnalyticsParams, request.query);
      await usage.flush();
      const [rows, pages, funnel] = await Promise.all([repo.usage(days), repo.topPages(days), repo.funnel(days)]);
      return ok({ days, rows, pages, funnel: AnalyticsFunnel.parse(funnel) });
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** writes the buffered usage counters now (tests) */
    flushUsage(): Promise<void>;
  }
}
