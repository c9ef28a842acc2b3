import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMailProvider } from '../../providers/mail/index.js';
import { UserRepository } from '../user/user.repository.js';
import { NotifyRepository } from './notify.repository.js';
import { NotifyService, type NotifyOptions } from './notify.service.js';
import { notifyDb } from './notify.tables.js';
import { postToRobot } from './robots.js';

export { NotifyService, type NotifyEvent } from './notify.service.js';
export { robotPayload, type RobotPoster } from './robots.js';

/**
 * The notification service for any module (routes, jobs): `createNotifyService({ config, db, log }).send(event)`.
 * In sandbox mode mail goes to the outbox and robot messages to the delivery log; otherwise robots are posted.
 */
export function createNotifyService(
  deps: { config: Pick<AppConfig, 'sandbox' | 'membership'>; db: Db; log?: (line: string) => void },
  overrides: Partial<NotifyOptions> = {},
): NotifyService {
  const log = deps.log ?? (() => undefined);
  return new NotifyService(new NotifyRepository(notifyDb(deps.db)), new UserRepository(deps.db), {
    mail: createMailProvider(deps.config, deps.db, log),
    poster: deps.config.sandbox ? null : postToRobot,
    baseUrl: (deps.config.membership.payment.publicBaseUrl ?? '').replace(/\/+$/, ''),
    log,
    ...overrides,
  });
}

const services = new WeakMap<object, NotifyService>();
/** One service per app context (routes of several modules share it). */
export function notifyServiceOf(ctx: { config: Pick<AppConfig, 'sandbox' | 'membership'>; db: Db }): NotifyService {
  let service = services.get(ctx);
  if (!service) {
    service = createNotifyService(ctx);
    services.set(ctx, service);
  }
  return service;
}
