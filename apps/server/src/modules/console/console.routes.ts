import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import * as OTPAuth from 'otpauth';
import {
  AuditParams,
  BankTransferParams,
  ConsoleIdParams,
  FeedbackInboxParams,
  FeedbackReplyParams,
  NewsSaveParams,
  OrdersQueryParams,
  SettingSaveParams,
  TotpCodeParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { doc } from '../../lib/route-doc.js';
import { contentServiceOf } from '../content/content.routes.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import { BankTransferService } from './bank-transfer.js';
import { ConsoleRepository } from './console.repository.js';
import { ConsoleMsg, ROLE_LABELS, roleMay, type ConsoleArea, type OperatorRole } from './console.roles.js';
import { SETTING_SCHEMAS } from './console.settings.js';

/** A verified console session lasts this long. */
export const CONSOLE_VERIFIED_HOURS = 12;
const TOTP_ISSUER = 'console';

export function totpOf(secret: string, label: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret });
}

interface Operator {
  userId: string;
  sessionId: string;
  role: OperatorRole;
}

/**
 * The operator console's calls (docs/api/console.md): every one needs a signed-in operator; all but the TOTP
 * steps need this session's TOTP check and the role of the call's area; every change is written to audit_log.
 */
export function registerConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new ConsoleRepository(ctx.db);
  const legacy = new PipelineService(ctx.db, ctx.config);
  const content = contentServiceOf(ctx);
  const bank = new BankTransferService(ctx);
  const issuer = ctx.config.site.productName || TOTP_ISSUER;

  /** The signed-in operator (403 for every other account). */
  async function operatorOf(request: FastifyRequest) {
    const principal = await app.requireUser(request);
    let row = await repo.operator(principal.userId);
    if (!row && (await legacy.isOperator(principal.userId))) {
      await repo.ensureOperator(principal.userId, 'admin');
      row = await repo.operator(principal.userId);
    }
    if (!row) throw AppError.forbidden(ConsoleMsg.notOperator);
    return { principal, row };
  }

  /** An operator of a role allowed in `area`, whose session passed the TOTP check. */
  async function requireArea(request: FastifyRequest, area: ConsoleArea): Promise<Operator> {
    const { principal, row } = await operatorOf(request);
    if (!roleMay(row.role, area)) throw AppError.forbidden(ConsoleMsg.roleDenied);
    if (!(await repo.sessionVerified(principal.sessionId, principal.userId)))
      throw AppError.forbidden(ConsoleMsg.totpRequired);
    return { userId: principal.userId, sessionId: principal.sessionId, role: row.role };
  }

  const audit = (request: FastifyRequest, op: Operator, action: string, target: string, detail: unknown = {}) =>
    repo.audit({ operatorId: op.userId, role: op.role, action, target, detail, ip: request.ip });

  // --- who am I, TOTP -----------------------------------------------------------------------------------------
  app.get(
    '/api/console/me',
    doc({ tag: 'console', summary: '运营后台：当前运营人员与两步验证状态', auth: 'operator' }),
    async (request) => {
      const { principal, row } = await operatorOf(request);
      return ok({
        role: row.role,
        roleLabel: ROLE_LABELS[row.role],
        totpEnabled: row.totpEnabled,
        verified: await repo.sessionVerified(principal.sessionId, principal.userId),
      });
    },
  );

  /** A new pending secret and its QR (only before the authenticator is bound). */
  app.post(
    '/api/console/totp/setup',
    doc({ tag: 'console', summary: '运营后台：生成身份验证器绑定二维码', auth: 'operator' }),
    async (request) => {
      const { principal, row } = await operatorOf(request);
      if (row.totpEnabled) throw AppError.fail(ConsoleMsg.totpAlready);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await repo.setPendingSecret(principal.userId, secret);
      const uri = totpOf(secret, `operator-${principal.userId}`, issuer).toString();
      return ok({ secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) });
    },
  );

  /** Binds the authenticator with a first valid code (or, once bound, checks a code): the session is verified. */
  app.post(
    '/api/console/totp/verify',
    doc({ tag: 'console', summary: '运营后台：两步验证', auth: 'operator' }),
    async (request) => {
      const { principal, row } = await operatorOf(request);
      const { code } = parseParams(TotpCodeParams, request.body);
      if (!row.totpSecret) throw AppError.fail(ConsoleMsg.totpSetupFirst);
      const delta = totpOf(row.totpSecret, `operator-${principal.userId}`, issuer).validate({ token: code, window: 1 });
      const op = { userId: principal.userId, sessionId: principal.sessionId, role: row.role };
      if (delta === null) {
        await audit(request, op, 'totp.failed', `user:${principal.userId}`);
        throw AppError.fail(ConsoleMsg.totpInvalid);
      }
      if (!row.totpEnabled) await repo.enableTotp(principal.userId);
      await repo.verifySession(principal.sessionId, principal.userId, CONSOLE_VERIFIED_HOURS);
      await audit(request, op, row.totpEnabled ? 'totp.verified' : 'totp.enabled', `user:${principal.userId}`);
      return ok({ verified: true });
    },
  );

  // --- content reports ----------------------------------------------------------------------------------------
  app.get(
    '/api/console/news',
    doc({ tag: 'console', summary: '运营后台：内容报告列表（含草稿）', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'content');
      return ok({ list: await repo.newsAll() });
    },
  );

  app.post(
    '/api/console/news/save',
    doc({ tag: 'console', summary: '运营后台：保存内容报告', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const p = parseParams(NewsSaveParams, request.body);
      const publishAt = p.publishAt ? new Date(p.publishAt) : p.status === 'published' ? new Date() : null;
      const input = { ...p, publishAt };
      let id = p.id;
      if (id === undefined) id = await repo.insertNews(input);
      else if (!(await repo.updateNews(id, input))) throw AppError.fail(ConsoleMsg.newsMissing);
      await audit(request, op, p.id === undefined ? 'news.create' : 'news.update', `news:${id}`, {
        title: p.title,
        status: p.status,
        publishAt: publishAt?.toISOString() ?? null,
      });
      return ok({ id }, ConsoleMsg.saved);
    },
  );

  app.post(
    '/api/console/news/delete',
    doc({ tag: 'console', summary: '运营后台：删除内容报告', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const { id } = parseParams(ConsoleIdParams, request.body);
      if (!(await repo.deleteNews(id))) throw AppError.fail(ConsoleMsg.newsMissing);
      await audit(request, op, 'news.delete', `news:${id}`);
      return ok({}, ConsoleMsg.deleted);
    },
  );

  // --- settings: customer service QR, serve-warn, prize, retention, landing texts ----------------------------
  app.get(
    '/api/console/settings',
    doc({ tag: 'console', summary: '运营后台：站点设置', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'content');
      const keys = Object.keys(SETTING_SCHEMAS) as (keyof typeof SETTING_SCHEMAS)[];
      const values = await Promise.all(keys.map((k) => content.repo.setting<unknown>(k)));
      return ok({ settings: Object.fromEntries(keys.map((k, i) => [k, values[i]])) });
    },
  );

  app.post(
    '/api/console/settings/save',
    doc({ tag: 'console', summary: '运营后台：保存站点设置', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'content');
      const { key, value } = parseParams(SettingSaveParams, request.body);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw AppError.fail(ConsoleMsg.settingInvalid);
      }
      const result = SETTING_SCHEMAS[key].safeParse(parsed);
      if (!result.success) throw AppError.fail(ConsoleMsg.settingInvalid);
      await content.repo.saveSetting(key, result.data);
      content.clearSiteCache();
      await audit(request, op, 'setting.save', `setting:${key}`, result.data);
      return ok({}, ConsoleMsg.saved);
    },
  );

  // --- feedback inbox -----------------------------------------------------------------------------------------
  app.get(
    '/api/console/feedback',
    doc({ tag: 'console', summary: '运营后台：反馈收件箱', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'feedback');
      const { status } = parseParams(FeedbackInboxParams, request.query);
      return ok({ list: await repo.feedbackInbox(status === 'open', 200) });
    },
  );

  app.post(
    '/api/console/feedback/reply',
    doc({ tag: 'console', summary: '运营后台：回复反馈', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'feedback');
      const { id, reply } = parseParams(FeedbackReplyParams, request.body);
      if (!(await repo.replyFeedback(id, reply))) throw AppError.fail(ConsoleMsg.feedbackMissing);
      await audit(request, op, 'feedback.reply', `feedback:${id}`, { reply });
      return ok({}, ConsoleMsg.replied);
    },
  );

  // --- orders: search, offline bank transfer -------------------------------------------------------------------
  app.get(
    '/api/console/orders',
    doc({ tag: 'console', summary: '运营后台：订单查询', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'orders');
      const { keyword } = parseParams(OrdersQueryParams, request.query);
      return ok({ list: await repo.orders(keyword) });
    },
  );

  /** The price options a bank transfer may pay for. */
  app.get(
    '/api/console/priceOptions',
    doc({ tag: 'console', summary: '运营后台：价格选项', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'orders');
      return ok({ list: await repo.priceOptions() });
    },
  );

  app.post(
    '/api/console/orders/bankTransfer',
    doc({ tag: 'console', summary: '运营后台：登记对公转账到账并开通', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'orders');
      const p = parseParams(BankTransferParams, request.body);
      const userId = await repo.findUser(p.user);
      if (!userId) throw AppError.fail(ConsoleMsg.userMissing);
      const result = await bank.markPaid(userId, p);
      await audit(request, op, 'order.bankTransfer', `order:${result.orderNo}`, {
        userId,
        priceId: p.priceId,
        tradeNo: p.tradeNo,
        amount: p.amount,
        outcome: result.outcome,
      });
      return ok({ ...result }, ConsoleMsg.orderGranted);
    },
  );

  // --- audit log ----------------------------------------------------------------------------------------------
  app.get(
    '/api/console/audit',
    doc({ tag: 'console', summary: '运营后台：审计日志', auth: 'operator' }),
    async (request) => {
      await requireArea(request, 'audit');
      const { pageNo } = parseParams(AuditParams, request.query);
      return ok({ ...(await repo.auditPage(50, (pageNo - 1) * 50)) });
    },
  );
}
