import type { FastifyInstance } from 'fastify';
import {
  NotificationListParams,
  NotificationReadParams,
  NotifyMsg,
  SaveWebhookParams,
  WebhookProviderParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { perMinute } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { notifyServiceOf } from './index.js';

export const NOTIFY_RATE_LIMIT = 120;

/**
 * The team's notifications and robots (docs/api/notify.md): GET /api/notification/list, POST /api/notification/read,
 * GET /api/notification/webhooks, POST /api/notification/saveWebhook, POST /api/notification/delWebhook,
 * POST /api/notification/testWebhook. Any signed-in member of a team; rows are the team's only.
 */
export function registerNotifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = notifyServiceOf(ctx);
  const limit = perMinute(NOTIFY_RATE_LIMIT);
  const caller = async (request: Parameters<FastifyInstance['requireUser']>[0]) => {
    const { userId } = await app.requireUser(request);
    limit.enforce(userId);
    return userId;
  };

  app.get('/api/notification/list', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    return ok({ ...(await service.list(userId, parseParams(NotificationListParams, request.query))) });
  });
  app.post('/api/notification/read', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const { id } = parseParams(NotificationReadParams, request.body ?? {});
    return ok({ changed: await service.markRead(userId, id) }, NotifyMsg.marked);
  });
  app.get('/api/notification/webhooks', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    return ok({ list: await service.webhooks(userId) });
  });
  app.post('/api/notification/saveWebhook', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    await service.saveWebhook(userId, parseParams(SaveWebhookParams, request.body));
    return ok({}, NotifyMsg.saved);
  });
  app.post('/api/notification/delWebhook', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    await service.deleteWebhook(userId, parseParams(WebhookProviderParams, request.body).provider);
    return ok({}, NotifyMsg.deleted);
  });
  app.post('/api/notification/testWebhook', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const status = await service.testWebhook(userId, parseParams(WebhookProviderParams, request.body).provider);
    return ok({ status }, NotifyMsg.testSent);
  });
}
