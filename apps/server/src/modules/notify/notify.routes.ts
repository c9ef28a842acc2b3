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
import { limitedCaller } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { notifyServiceOf } from './index.js';
import { doc } from '../../lib/route-doc.js';

export const NOTIFY_RATE_LIMIT = 120;

/**
 * The team's notifications and robots (docs/api/notify.md): GET /api/notification/list, POST /api/notification/read,
 * GET /api/notification/webhooks, POST /api/notification/saveWebhook, POST /api/notification/delWebhook,
 * POST /api/notification/testWebhook. Any signed-in member of a team; rows are the team's only.
 */
export function registerNotifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = notifyServiceOf(ctx);
  const caller = limitedCaller(app, NOTIFY_RATE_LIMIT);

  app.get(
    '/api/notification/list',
    doc({ tag: 'notify', summary: '消息通知列表', query: NotificationListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.list(userId, parseParams(NotificationListParams, request.query))) });
    },
  );
  app.post(
    '/api/notification/read',
    doc({ tag: 'notify', summary: '标记通知为已读', body: NotificationReadParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(NotificationReadParams, request.body ?? {});
      return ok({ changed: await service.markRead(userId, id) }, NotifyMsg.marked);
    },
  );
  app.get(
    '/api/notification/webhooks',
    doc({ tag: 'notify', summary: '团队的群机器人（Webhook）设置' }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ list: await service.webhooks(userId) });
    },
  );
  app.post(
    '/api/notification/saveWebhook',
    doc({ tag: 'notify', summary: '保存群机器人 Webhook', body: SaveWebhookParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.saveWebhook(userId, parseParams(SaveWebhookParams, request.body));
      return ok({}, NotifyMsg.saved);
    },
  );
  app.post(
    '/api/notification/delWebhook',
    doc({ tag: 'notify', summary: '删除群机器人 Webhook', body: WebhookProviderParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.deleteWebhook(userId, parseParams(WebhookProviderParams, request.body).provider);
      return ok({}, NotifyMsg.deleted);
    },
  );
  app.post(
    '/api/notification/testWebhook',
    doc({ tag: 'notify', summary: '向群机器人发送测试消息', body: WebhookProviderParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const status = await service.testWebhook(userId, parseParams(WebhookProviderParams, request.body).provider);
      return ok({ status }, NotifyMsg.testSent);
    },
  );
}
