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
import { limitedCaller } from '../auth/rate-limiter.js';
import { UserRepository } from '../user/user.repository.js';
import { AttentionRepository } from './attention.repository.js';
import { CollectRepository } from './collect.repository.js';
import { CollectService } from './collect.service.js';
import { doc } from '../../lib/route-doc.js';

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
    service = new CollectService(new CollectRepository(ctx.db, ctx.pool), new UserRepository(ctx.db, ctx.pool));
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
  const caller = limitedCaller(app, LIST_RATE_LIMIT);

  app.post(
    '/api/user/addLinkKol',
    doc({ tag: 'collect', summary: '收藏UP主或加入投放清单（type 1 / 4）', body: LinkKolParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(LinkKolParams, request.body);
      await service.addKol(userId, p);
      return ok(
        { type: p.type, kolId: p.kolId, linked: 1 },
        p.type === LinkType.PUT ? ListMsg.putAdded : ListMsg.collectAdded,
      );
    },
  );
  app.get(
    '/api/user/delLinkKol',
    doc({ tag: 'collect', summary: '取消收藏UP主或移出投放清单', query: LinkKolParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(LinkKolParams, request.query);
      await service.removeKol(userId, p);
      return ok(
        { type: p.type, kolId: p.kolId, linked: 0 },
        p.type === LinkType.PUT ? ListMsg.putRemoved : ListMsg.collectRemoved,
      );
    },
  );
  app.get(
    '/api/user/myLinkKol',
    doc(
      { tag: 'collect', summary: '我的UP主收藏 / 投放清单（export=1 时为 Excel 文件）', query: MyLinkKolParams },
      TEAM_OWNED,
    ),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.listKols(userId, parseParams(MyLinkKolParams, request.query))) });
    },
  );
  app.get(
    '/api/user/setOpenMonitor',
    doc({ tag: 'collect', summary: '打开或关闭UP主监测', query: SetOpenMonitorParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(SetOpenMonitorParams, request.query);
      await service.setMonitor(userId, p);
      return ok(
        { type: p.type, kolId: p.kolId, isMonitor: p.isOpen },
        p.isOpen ? ListMsg.monitorOn : ListMsg.monitorOff,
      );
    },
  );
  app.get(
    '/api/user/moveLinkKolSort',
    doc({ tag: 'collect', summary: '调整收藏UP主的顺序', query: MoveLinkKolSortParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.move(userId, parseParams(MoveLinkKolSortParams, request.query));
      return ok({}, ListMsg.moved);
    },
  );
  app.post(
    '/api/user/moveLinkKolGroup',
    doc({ tag: 'collect', summary: '移动收藏UP主到分组', body: MoveLinkKolGroupParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.moveGroup(userId, parseParams(MoveLinkKolGroupParams, request.body));
      return ok({}, ListMsg.groupMoved);
    },
  );

  app.post(
    '/api/user/addLinkVideo',
    doc({ tag: 'collect', summary: '收藏视频', body: LinkVideoParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(LinkVideoParams, request.body);
      await service.addVideo(userId, p);
      return ok(
        { type: p.type, videoId: p.videoId, linked: 1 },
        p.type === LinkType.PUT ? ListMsg.putAdded : ListMsg.collectAdded,
      );
    },
  );
  app.get(
    '/api/user/delLinkVideo',
    doc({ tag: 'collect', summary: '取消收藏视频', query: LinkVideoParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(LinkVideoParams, request.query);
      await service.removeVideo(userId, p);
      return ok(
        { type: p.type, videoId: p.videoId, linked: 0 },
        p.type === LinkType.PUT ? ListMsg.putRemoved : ListMsg.collectRemoved,
      );
    },
  );
  app.get(
    '/api/user/myLinkVideo',
    doc({ tag: 'collect', summary: '我的视频收藏（export=1 时为 Excel 文件）', query: MyLinkVideoParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.listVideos(userId, parseParams(MyLinkVideoParams, request.query))) });
    },
  );

  app.get(
    '/api/user/customizeSortList',
    doc(
      { tag: 'collect', summary: '自定义分组列表（type 4 返回 userThemeInfos）', query: CustomizeSortListParams },
      TEAM_OWNED,
    ),
    async (request) => {
      const userId = await caller(request);
      parseParams(CustomizeSortListParams, request.query);
      return ok({ ...(await service.groups(userId)) });
    },
  );
  app.post(
    '/api/user/addCustomizeSort',
    doc({ tag: 'collect', summary: '新增自定义分组', body: AddCustomizeSortParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const id = await service.addGroup(userId, parseParams(AddCustomizeSortParams, request.body));
      return ok({ id }, ListMsg.groupAdded);
    },
  );
  app.post(
    '/api/user/updateCustomizeSort',
    doc({ tag: 'collect', summary: '修改自定义分组', body: UpdateCustomizeSortParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.updateGroup(userId, parseParams(UpdateCustomizeSortParams, request.body));
      return ok({}, ListMsg.groupUpdated);
    },
  );
  app.get(
    '/api/user/delCustomizeSort',
    doc({ tag: 'collect', summary: '删除自定义分组', query: DelCustomizeSortParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(DelCustomizeSortParams, request.query);
      await service.deleteGroup(userId, id);
      return ok({}, ListMsg.groupDeleted);
    },
  );

  app.get(
    '/api/user/collectionRequests',
    doc({ tag: 'collect', summary: '团队的收录申请及其状态' }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.collectionRequests(userId)) });
    },
  );

  const attention = new AttentionRepository(ctx.db);
  app.get(
    '/api/attention/list',
    doc({ tag: 'collect', summary: '监测UP主的近期变化' }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.attention(userId, attention)) });
    },
  );
  app.post(
    '/api/attention/markSeen',
    doc({ tag: 'collect', summary: '标记监测变化为已读' }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.markSeen(userId, attention);
      return ok({}, AttentionMsg.marked);
    },
  );
}
