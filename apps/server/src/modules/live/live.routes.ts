import type { FastifyInstance } from 'fastify';
import {
  AddLiveMonitorParams,
  LiveBasicParams,
  LiveMessagesParams,
  LiveMonitorHistoryParams,
  LiveMonitorRefParams,
  LiveMsg,
  LiveSortDataParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { doc } from '../../lib/route-doc.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { limitedCaller } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { pipelineOf } from '../pipeline/registry.js';
import { PLACEMENT_RATE_LIMIT } from '../placements/placements.routes.js';
import { UserRepository } from '../user/user.repository.js';
import { LiveRepository } from './live.repository.js';
import { LiveService, type RoomLookup } from './live.service.js';

/** A room unknown to the database is looked up at high priority, waiting at most this long. */
export const ROOM_LOOKUP_TIMEOUT_MS = 8000;

/**
 * Live monitoring (spec §7.3 GET getLiveBasic; §7.4 POST live/addMonitor, GET live/monitorHistory, GET
 * live/sortData; ours GET live/messages, POST live/delMonitor). docs/api/monitoring.md § Live.
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const lookup = (): RoomLookup | null => {
    const client = pipelineOf(ctx)?.client;
    if (!client) return null;
    const opts = () => ({ priority: 'high' as const, signal: AbortSignal.timeout(ROOM_LOOKUP_TIMEOUT_MS) });
    return {
      byRoom: async (roomId) => {
        const info = await client.liveRoomInfo(roomId, opts());
        return info.found ? info.value : null;
      },
      byUid: async (mid) => (await client.liveStatusByUids([mid], opts())).find((r) => r.uid === mid) ?? null,
    };
  };
  const service = new LiveService(
    new LiveRepository(ctx.db),
    new UserRepository(ctx.db),
    lookup,
    () => new Date(pipelineOf(ctx)?.clock.now() ?? Date.now()),
  );
  const caller = limitedCaller(app, PLACEMENT_RATE_LIMIT);

  app.get(
    '/api/getLiveBasic',
    doc({ tag: 'live', summary: '直播间基础信息（房间号或UP主）', query: LiveBasicParams }),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.liveBasic(userId, parseParams(LiveBasicParams, request.query))) });
    },
  );
  app.post(
    '/api/live/addMonitor',
    doc({ tag: 'live', summary: '添加直播监测', body: AddLiveMonitorParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok(
        { ...(await service.addMonitor(userId, parseParams(AddLiveMonitorParams, request.body))) },
        LiveMsg.added,
      );
    },
  );
  app.get(
    '/api/live/monitorHistory',
    doc(
      { tag: 'live', summary: '直播监测记录；带 id 时为该监测的分钟曲线、场次与汇总', query: LiveMonitorHistoryParams },
      TEAM_OWNED,
    ),
    async (request) => {
      const userId = await caller(request);
      const p = parseParams(LiveMonitorHistoryParams, request.query);
      if (p.id !== undefined) return ok({ ...(await service.report(userId, p.id)) });
      return ok({ ...(await service.history(userId, p)) });
    },
  );
  app.get(
    '/api/live/sortData',
    doc({ tag: 'live', summary: '直播监测观众排行（礼物价值 / 弹幕数）', query: LiveSortDataParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.sortData(userId, parseParams(LiveSortDataParams, request.query))) });
    },
  );
  app.get(
    '/api/live/messages',
    doc(
      { tag: 'live', summary: '直播监测消息流（弹幕、礼物、醒目留言、上舰）', query: LiveMessagesParams },
      TEAM_OWNED,
    ),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.messages(userId, parseParams(LiveMessagesParams, request.query))) });
    },
  );
  app.post(
    '/api/live/delMonitor',
    doc({ tag: 'live', summary: '删除直播监测', body: LiveMonitorRefParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.remove(userId, parseParams(LiveMonitorRefParams, request.body).id);
      return ok({}, LiveMsg.deleted);
    },
  );
}
