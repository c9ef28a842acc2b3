import type { FastifyInstance } from 'fastify';
import {
  AddCustomizeSortParams,
  CustomizeSortListParams,
  DelCustomizeSortParams,
  LinkKolParams,
  LinkType,
  LinkVideoParams,
  ListMsg,
  MoveLinkKolGroupParams,
  MoveLinkKolSortParams,
  MyLinkKolParams,
  MyLinkVideoParams,
  AttentionMsg,
  SetOpenMonitorParams,
  UpdateCustomizeSortParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { perMinute } from '../auth/rate-limiter.js';
import { UserRepository } from '../user/user.repository.js';
import { AttentionRepository } from './attention.repository.js';
import { CollectRepository } from './collect.repository.js';
import { CollectService } from './collect.service.js';

/** Requests per signed-in user per minute on the list calls (a drag or a burst of stars stays well below). */
export const LIST_RATE_LIMIT = 240;

/** Routes whose answers or effects belong to a team carry this flag; the isolation test walks them all. */
export const TEAM_OWNED = { config: { teamOwned: true } } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route reads or writes a team's own rows and filters them by the caller's team */
    teamOwned?: boolean;
  }
}

const services = new WeakMap<AppContext, CollectService>();
/** The module's service for other modules' routes (isCollect / isPut decoration), one per app context. */
export function collectServiceOf(ctx: AppContext): CollectService {
  let service = services.get(ctx);
  if (!service) {
    service = new CollectService(new CollectRepository(ctx.db), new UserRepository(ctx.db));
    services.set(ctx, service);
  }
  return service;
}

/**
 * Saved creators and videos, monitoring switch, reorder and custom groups (spec §4, §5, §7.3):
 * POST /api/user/addLinkKol, GET delLinkKol, GET myLinkKol, GET setOpenMonitor, GET moveLinkKolSort,
 * POST moveLinkKolGroup, POST addLinkVideo, GET delLinkVideo, GET myLinkVideo, GET customizeSortList,
 * POST addCustomizeSort, POST updateCustomizeSort, GET delCustomizeSort. docs/api/lists.md.
 */
export function registerCollectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = collectServiceOf(ctx);
  const limit = perMinute(LIST_RATE_LIMIT);
  const caller = async (request: Parameters<FastifyInstance['requireUser']>[0]) => {
    const { userId } = await app.requireUser(request);
    limit.enforce(userId);
    return userId;
  };

  app.post('/api/user/addLinkKol', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const p = parseParams(LinkKolParams, request.body);
    await service.addKol(userId, p);
    return ok(
      { type: p.type, kolId: p.kolId, linked: 1 },
      p.type === LinkType.PUT ? ListMsg.putAdded : ListMsg.collectAdded,
    );
  });
  app.get('/api/user/delLinkKol', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const p = parseParams(LinkKolParams, request.query);
    await service.removeKol(userId, p);
    return ok(
      { type: p.type, kolId: p.kolId, linked: 0 },
      p.type === LinkType.PUT ? ListMsg.putRemoved : ListMsg.collectRemoved,
    );
  });
  app.get('/api/user/myLinkKol', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    return ok({ ...(await service.listKols(userId, parseParams(MyLinkKolParams, request.query))) });
  });
  app.get('/api/user/setOpenMonitor', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const p = parseParams(SetOpenMonitorParams, request.query);
    await service.setMonitor(userId, p);
    return ok({ type: p.type, kolId: p.kolId, isMonitor: p.isOpen }, p.isOpen ? ListMsg.monitorOn : ListMsg.monitorOff);
  });
  app.get('/api/user/moveLinkKolSort', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    await service.move(userId, parseParams(MoveLinkKolSortParams, request.query));
    return ok({}, ListMsg.moved);
  });
  app.post('/api/user/moveLinkKolGroup', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    await service.moveGroup(userId, parseParams(MoveLinkKolGroupParams, request.body));
    return ok({}, ListMsg.groupMoved);
  });

  app.post('/api/user/addLinkVideo', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const p = parseParams(LinkVideoParams, request.body);
    await service.addVideo(userId, p);
    return ok(
      { type: p.type, videoId: p.videoId, linked: 1 },
      p.type === LinkType.PUT ? ListMsg.putAdded : ListMsg.collectAdded,
    );
  });
  app.get('/api/user/delLinkVideo', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const p = parseParams(LinkVideoParams, request.query);
    await service.removeVideo(userId, p);
    return ok(
      { type: p.type, videoId: p.videoId, linked: 0 },
      p.type === LinkType.PUT ? ListMsg.putRemoved : ListMsg.collectRemoved,
    );
  });
  app.get('/api/user/myLinkVideo', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    return ok({ ...(await service.listVideos(userId, parseParams(MyLinkVideoParams, request.query))) });
  });

  app.get('/api/user/customizeSortList', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    parseParams(CustomizeSortListParams, request.query);
    return ok({ ...(await service.groups(userId)) });
  });
  app.post('/api/user/addCustomizeSort', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const id = await service.addGroup(userId, parseParams(AddCustomizeSortParams, request.body));
    return ok({ id }, ListMsg.groupAdded);
  });
  app.post('/api/user/updateCustomizeSort', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    await service.updateGroup(userId, parseParams(UpdateCustomizeSortParams, request.body));
    return ok({}, ListMsg.groupUpdated);
  });
  app.get('/api/user/delCustomizeSort', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    const { id } = parseParams(DelCustomizeSortParams, request.query);
    await service.deleteGroup(userId, id);
    return ok({}, ListMsg.groupDeleted);
  });

  app.get('/api/user/collectionRequests', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    return ok({ ...(await service.collectionRequests(userId)) });
  });

  const attention = new AttentionRepository(ctx.db);
  app.get('/api/attention/list', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    return ok({ ...(await service.attention(userId, attention)) });
  });
  app.post('/api/attention/markSeen', TEAM_OWNED, async (request) => {
    const userId = await caller(request);
    await service.markSeen(userId, attention);
    return ok({}, AttentionMsg.marked);
  });
}
