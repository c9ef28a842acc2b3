import type { FastifyInstance } from 'fastify';
import {
  CheckKolParams,
  EredarIdParams,
  EredarListParams,
  ImportEredarParams,
  LibraryMsg,
  SaveEredarParams,
  UpdateEredarParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { limitedCaller } from '../auth/rate-limiter.js';
import { TEAM_OWNED } from '../collect/collect.routes.js';
import { UserRepository } from '../user/user.repository.js';
import { LibraryRepository } from './library.repository.js';
import { LibraryService } from './library.service.js';
import { doc } from '../../lib/route-doc.js';

export const LIBRARY_RATE_LIMIT = 240;

/**
 * The private creator library (myUp; spec §3, §4, §5, §7.3; docs/api/lists.md): GET checkKolByUrlOrUid,
 * POST saveEredar, POST updateEredar, GET getEredar, GET eredarResourcesList, GET delEredar,
 * POST importEredar. Tier ≥ 2 (library.private) and the team's library limit.
 */
export function registerLibraryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new LibraryService(new LibraryRepository(ctx.db), new UserRepository(ctx.db));
  const caller = limitedCaller(app, LIBRARY_RATE_LIMIT);

  app.get(
    '/api/checkKolByUrlOrUid',
    doc({ tag: 'library', summary: '私有达人库：按主页链接或UID查达人', query: CheckKolParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const answer = await service.check(userId, parseParams(CheckKolParams, request.query));
      const messages: Record<number, string> = {
        [-3]: LibraryMsg.inLibrary,
        [-2]: LibraryMsg.inLibrary,
        [-1]: LibraryMsg.linkInvalid,
        0: LibraryMsg.manualConfirm,
        1: LibraryMsg.uidUnknown,
        2: LibraryMsg.found,
      };
      return ok({ ...answer }, messages[answer.isExists]);
    },
  );
  app.post(
    '/api/saveEredar',
    doc({ tag: 'library', summary: '私有达人库：新增达人', body: SaveEredarParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const id = await service.save(userId, parseParams(SaveEredarParams, request.body));
      return ok({ id }, LibraryMsg.added);
    },
  );
  app.post(
    '/api/updateEredar',
    doc({ tag: 'library', summary: '私有达人库：修改达人', body: UpdateEredarParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      await service.update(userId, parseParams(UpdateEredarParams, request.body));
      return ok({}, LibraryMsg.updated);
    },
  );
  app.get(
    '/api/getEredar',
    doc({ tag: 'library', summary: '私有达人库：达人详情', query: EredarIdParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(EredarIdParams, request.query);
      return ok({ ...(await service.get(userId, id)) });
    },
  );
  app.get(
    '/api/delEredar',
    doc({ tag: 'library', summary: '私有达人库：删除达人', query: EredarIdParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      const { id } = parseParams(EredarIdParams, request.query);
      await service.remove(userId, id);
      return ok({}, LibraryMsg.deleted);
    },
  );
  app.get(
    '/api/eredarResourcesList',
    doc({ tag: 'library', summary: '私有达人库：列表', query: EredarListParams }, TEAM_OWNED),
    async (request) => {
      const userId = await caller(request);
      return ok({ ...(await service.list(userId, parseParams(EredarListParams, request.query))) });
    },
  );
  app.post(
    '/api/importEredar',
    doc(
      { tag: 'library', summary: '私有达人库：批量导入（.xlsx / .csv）', body: ImportEredarParams },
      { ...TEAM_OWNED, bodyLimit: 1_500_000 },
    ),
    async (request) => {
      const userId = await caller(request);
      const { fileName, content } = parseParams(ImportEredarParams, request.body);
      const answer = await service.importRoster(userId, fileName, content);
      return ok({ ...answer }, LibraryMsg.importDone(answer.added, answer.skipped));
    },
  );
}
