import type { FastifyInstance } from 'fastify';
import {
  AnswerSaveParams,
  AnswerTypeSaveParams,
  ConsoleIdParams,
  MenuToggleParams,
  PopupSaveParams,
  PriceSaveParams,
  PublishParams,
  QUOTA_MAX,
  QuotaSaveParams,
  TutorialSaveParams,
  yuanTextToFen,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { doc } from '../../lib/route-doc.js';
import { ConsoleEditorsRepository } from './console-editors.repository.js';
import type { ConsoleGuard } from './console.guard.js';
import { ConsoleMsg } from './console.roles.js';
import { PopupLayoutSchema } from './console.settings.js';

const published = (on: boolean) => (on ? ConsoleMsg.published : ConsoleMsg.unpublished);

/**
 * The console's editors (docs/api/console.md § Editors): help categories and answers, tutorial videos, popups
 * (content role); price options (finance role); menus (content role). Every change is audited; the public
 * site reads the same rows (published / enabled only).
 */
export function registerConsoleEditorRoutes(app: FastifyInstance, ctx: AppContext, guard: ConsoleGuard): void {
  const repo = new ConsoleEditorsRepository(ctx.db);
  const { requireArea, audit } = guard;

  // --- help ---------------------------------------------------------------------------------------------------
  app.get(
    '/api/console/help',
    doc({ tag: 'console', summary: '运营后台：帮助分类与问题（含未发布）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'content');
      const [types, answers] = await Promise.all([repo.answerTypes(), repo.answersAll()]);
      return ok({ types, list: answers });
    },
  );

  app.post(
    '/api/console/help/type/save',
    doc({ tag: 'console', summary: '运营后台：保存帮助分类', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(AnswerTypeSaveParams, request.body);
      const id = await repo.saveAnswerType(p);
      if (id === null) throw AppError.fail(ConsoleMsg.answerTypeMissing);
      await audit(request, op, p.id === undefined ? 'help.type.create' : 'help.type.update', `answerType:${id}`, p);
      return ok({ id }, ConsoleMsg.saved);
    },
  );

  app.post(
    '/api/console/help/type/delete',
    doc({ tag: 'console', summary: '运营后台：删除空的帮助分类', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const { id } = parseParams(ConsoleIdParams, request.body);
      const result = await repo.deleteAnswerType(id);
      if (result === 'missing') throw AppError.fail(ConsoleMsg.answerTypeMissing);
      if (result === 'notEmpty') throw AppError.fail('分类下还有问题，请先删除或移动这些问题');
      await audit(request, op, 'help.type.delete', `answerType:${id}`);
      return ok({}, ConsoleMsg.deleted);
    },
  );

  app.post(
    '/api/console/help/save',
    doc({ tag: 'console', summary: '运营后台：保存帮助问题（草稿或发布）', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(AnswerSaveParams, request.body);
      if (!(await repo.answerTypeExists(p.typeId))) throw AppError.fail(ConsoleMsg.answerTypeMissing);
      const id = await repo.saveAnswer(p);
      if (id === null) throw AppError.fail(ConsoleMsg.answerMissing);
      await audit(request, op, p.id === undefined ? 'help.create' : 'help.update', `answer:${id}`, {
        title: p.title,
        typeId: p.typeId,
        published: p.published,
      });
      return ok({ id }, ConsoleMsg.saved);
    },
  );

  app.post(
    '/api/console/help/publish',
    doc({ tag: 'console', summary: '运营后台：发布或下线帮助问题', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(PublishParams, request.body);
      if (!(await repo.publishAnswer(p.id, p.published))) throw AppError.fail(ConsoleMsg.answerMissing);
      await audit(request, op, p.published ? 'help.publish' : 'help.unpublish', `answer:${p.id}`);
      return ok({}, published(p.published));
    },
  );

  app.post(
    '/api/console/help/delete',
    doc({ tag: 'console', summary: '运营后台：删除帮助问题', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const { id } = parseParams(ConsoleIdParams, request.body);
      if (!(await repo.deleteAnswer(id))) throw AppError.fail(ConsoleMsg.answerMissing);
      await audit(request, op, 'help.delete', `answer:${id}`);
      return ok({}, ConsoleMsg.deleted);
    },
  );

  // --- tutorials ----------------------------------------------------------------------------------------------
  app.get(
    '/api/console/tutorials',
    doc({ tag: 'console', summary: '运营后台：教程视频', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'content');
      return ok({ list: await repo.tutorials() });
    },
  );

  app.post(
    '/api/console/tutorials/save',
    doc({ tag: 'console', summary: '运营后台：保存教程视频', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(TutorialSaveParams, request.body);
      const id = await repo.saveTutorial(p);
      if (id === 'duplicate') throw AppError.fail(ConsoleMsg.tutorialDuplicate);
      if (id === null) throw AppError.fail(ConsoleMsg.tutorialMissing);
      await audit(request, op, p.id === undefined ? 'tutorial.create' : 'tutorial.update', `tutorial:${id}`, p);
      return ok({ id }, ConsoleMsg.saved);
    },
  );

  app.post(
    '/api/console/tutorials/publish',
    doc({ tag: 'console', summary: '运营后台：发布或下线教程视频', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(PublishParams, request.body);
      if (!(await repo.publishTutorial(p.id, p.published))) throw AppError.fail(ConsoleMsg.tutorialMissing);
      await audit(request, op, p.published ? 'tutorial.publish' : 'tutorial.unpublish', `tutorial:${p.id}`);
      return ok({}, published(p.published));
    },
  );

  app.post(
    '/api/console/tutorials/delete',
    doc({ tag: 'console', summary: '运营后台：删除教程视频', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const { id } = parseParams(ConsoleIdParams, request.body);
      if (!(await repo.deleteTutorial(id))) throw AppError.fail(ConsoleMsg.tutorialMissing);
      await audit(request, op, 'tutorial.delete', `tutorial:${id}`);
      return ok({}, ConsoleMsg.deleted);
    },
  );

  // --- popups (announcements) ---------------------------------------------------------------------------------
  app.get(
    '/api/console/popups',
    doc({ tag: 'console', summary: '运营后台：自定义弹窗', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'content');
      return ok({ list: await repo.popups() });
    },
  );

  app.post(
    '/api/console/popups/save',
    doc({ tag: 'console', summary: '运营后台：保存自定义弹窗', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(PopupSaveParams, request.body);
      let parsed: unknown;
      try {
        parsed = JSON.parse(p.layout);
      } catch {
        throw AppError.fail(ConsoleMsg.popupInvalid);
      }
      const layout = PopupLayoutSchema.safeParse(parsed);
      if (!layout.success) throw AppError.fail(ConsoleMsg.popupInvalid);
      const id = await repo.savePopup({ id: p.id, name: p.name, layout: layout.data, enabled: p.enabled });
      if (id === null) throw AppError.fail(ConsoleMsg.popupMissing);
      await audit(request, op, p.id === undefined ? 'popup.create' : 'popup.update', `popup:${id}`, {
        name: p.name,
        enabled: p.enabled,
      });
      return ok({ id }, ConsoleMsg.saved);
    },
  );

  app.post(
    '/api/console/popups/publish',
    doc({ tag: 'console', summary: '运营后台：启用或停用自定义弹窗', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(PublishParams, request.body);
      if (!(await repo.publishPopup(p.id, p.published))) throw AppError.fail(ConsoleMsg.popupMissing);
      await audit(request, op, p.published ? 'popup.publish' : 'popup.unpublish', `popup:${p.id}`);
      return ok({}, published(p.published));
    },
  );

  // --- prices -------------------------------------------------------------------------------------------------
  app.get(
    '/api/console/prices',
    doc({ tag: 'console', summary: '运营后台：会员价格表（含下架）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'prices');
      return ok({ list: await repo.prices() });
    },
  );

  /** A price change applies to new orders only: every order keeps its own amount (payment_orders.*_fen). */
  app.post(
    '/api/console/prices/save',
    doc({ tag: 'console', summary: '运营后台：修改价格选项（只影响之后的订单）', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'prices');
      const p = parseParams(PriceSaveParams, request.body);
      const before = await repo.price(p.id);
      if (!before) throw AppError.fail(ConsoleMsg.priceMissing);
      const priceFen = yuanTextToFen(p.price);
      if (priceFen < 1) throw AppError.fail('售价须大于0');
      if (priceFen > yuanTextToFen(p.originalPrice)) throw AppError.fail(ConsoleMsg.priceAboveOriginal);
      await repo.savePrice(p);
      const after = await repo.price(p.id);
      await audit(request, op, 'price.update', `price:${p.id}`, { before, after });
      return ok({ price: after }, ConsoleMsg.saved);
    },
  );

  // --- quotas (admin) ------------------------------------------------------------------------------------------
  app.get(
    '/api/console/quotas',
    doc({ tag: 'console', summary: '运营后台：各会员等级的月度额度', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'quotas');
      return ok({ list: await repo.quotas(), max: QUOTA_MAX });
    },
  );

  /** Applies at once: QuotaService reads quota_rules on every check (no cache). */
  app.post(
    '/api/console/quotas/save',
    doc({ tag: 'console', summary: '运营后台：修改会员等级的月度额度（立即生效）', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'quotas');
      const p = parseParams(QuotaSaveParams, request.body);
      const before = await repo.saveQuota(p.kind, p.userType, p.monthlyTotal);
      await audit(request, op, 'quota.update', `quota:${p.kind}:${p.userType}`, { before, after: p.monthlyTotal });
      return ok({}, ConsoleMsg.saved);
    },
  );

  // --- menus --------------------------------------------------------------------------------------------------
  app.get(
    '/api/console/menus',
    doc({ tag: 'console', summary: '运营后台：菜单（按会员等级可见）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'content');
      return ok({ list: await repo.menus() });
    },
  );

  app.post(
    '/api/console/menus/toggle',
    doc({ tag: 'console', summary: '运营后台：启用或停用菜单', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(MenuToggleParams, request.body);
      if (!(await repo.setMenuEnabled(p.id, p.enabled))) throw AppError.fail(ConsoleMsg.menuMissing);
      await audit(request, op, p.enabled ? 'menu.enable' : 'menu.disable', `menu:${p.id}`);
      return ok({}, p.enabled ? '菜单已启用' : '菜单已停用');
    },
  );
}
