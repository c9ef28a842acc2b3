import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import * as OTPAuth from 'otpauth';
import {
  AuditParams,
  BankTransferParams,
  ConsoleIdParams,
  ConsolePasswordParams,
  FeedbackInboxParams,
  FeedbackReplyParams,
  NewsSaveParams,
  OrdersQueryParams,
  SettingSaveParams,
  BankOrderMsg,
  BankOrderParams,
  ConfirmTransferParams,
  TotpCodeParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { doc } from '../../lib/route-doc.js';
import { contentServiceOf } from '../content/content.routes.js';
import { hashPassword, verifyPassword } from '../user/password.js';
import { BankTransferService } from './bank-transfer.js';
import { registerConsoleEditorRoutes } from './console-editors.routes.js';
import { registerConsoleUserRoutes } from './console-users.routes.js';
import { consoleGuard } from './console.guard.js';
import { ConsoleMsg, ROLE_LABELS } from './console.roles.js';
import { SETTING_SCHEMAS } from './console.settings.js';

/** A verified console session lasts this long. */
export const CONSOLE_VERIFIED_HOURS = 12;
const TOTP_ISSUER = 'console';
const TOTP_PERIOD_S = 30;

export function totpOf(secret: string, label: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret });
}

/**
 * The operator console's calls (docs/api/console.md): every one needs a signed-in operator; all but the TOTP
 * steps need this session's TOTP check and the role of the call's area; every change is written to audit_log.
 */
export function registerConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const guard = consoleGuard(app, ctx);
  const { repo, operatorOf, requireVerified, requireArea, audit } = guard;
  const content = contentServiceOf(ctx);
  const bank = new BankTransferService(ctx);
  const issuer = ctx.config.site.productName || TOTP_ISSUER;

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
        strongPassword: row.strongPassword,
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
      const now = Date.now();
      const delta = totpOf(row.totpSecret, `operator-${principal.userId}`, issuer).validate({
        token: code,
        window: 1,
        timestamp: now,
      });
      const op = { userId: principal.userId, sessionId: principal.sessionId, role: row.role };
      if (delta === null) {
        await audit(request, op, 'totp.failed', `user:${principal.userId}`);
        throw AppError.fail(ConsoleMsg.totpInvalid);
      }
      // a code is good once: its time step must be later than the last accepted one (RFC 6238 §5.2)
      const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
      if (!(await repo.useTotpStep(principal.userId, step))) {
        await audit(request, op, 'totp.replayed', `user:${principal.userId}`);
        throw AppError.fail(ConsoleMsg.totpReplayed);
      }
      if (!row.totpEnabled) await repo.enableTotp(principal.userId);
      await repo.verifySession(principal.sessionId, principal.userId, CONSOLE_VERIFIED_HOURS);
      await audit(request, op, row.totpEnabled ? 'totp.verified' : 'totp.enabled', `user:${principal.userId}`);
      return ok({ verified: true });
    },
  );

  /** The operator's password under the strong rule (after the TOTP check; needed before any other call). */
  app.post(
    '/api/console/password',
    doc({ tag: 'console', summary: '运营后台：修改运营账号密码（强密码）', auth: 'operator' }),
    async (request) => {
      const op = await requireVerified(request);
      const p = parseParams(ConsolePasswordParams, request.body);
      const hash = await repo.passwordHash(op.userId);
      if (!hash || !(await verifyPassword(hash, p.oldPassword))) {
        await audit(request, op, 'password.failed', `user:${op.userId}`);
        throw AppError.fail(ConsoleMsg.passwordWrong);
      }
      await repo.setStrongPassword(op.userId, await hashPassword(p.newPassword));
      await audit(request, op, 'password.changed', `user:${op.userId}`);
      return ok({}, ConsoleMsg.passwordSaved);
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
      const settings: Record<string, unknown> = Object.fromEntries(keys.map((k, i) => [k, values[i]]));
      // branding starts as the configured values (an empty field keeps the configured one)
      if (!settings.branding) settings.branding = { ...ctx.config.site };
      return ok({ settings, configured: ctx.config.site });
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

  /** Finance confirms the money of a user's own bank-transfer order (the user chose 对公转账 when paying). */
  app.post(
    '/api/console/orders/confirmTransfer',
    doc({ tag: 'console', summary: '运营后台：确认用户对公转账订单到账并开通', auth: 'operator' }),
    async (request) => {
      const op = await requireArea(request, 'orders');
      const p = parseParams(ConfirmTransferParams, request.body);
      const result = await bank.confirm(p);
      await audit(request, op, 'order.confirmTransfer', `order:${result.orderNo}`, {
        userId: result.userId,
        tradeNo: p.tradeNo,
        amount: p.amount,
        outcome: result.outcome,
      });
      return ok({ ...result }, ConsoleMsg.orderGranted);
    },
  );

  /** A user pays an order by bank transfer (对公转账): the open order and the payee account to transfer to. */
  app.post(
    '/api/pay/bankTransfer',
    doc({ tag: 'payment', summary: '对公转账：生成待财务确认的订单与收款账户', body: BankOrderParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const p = parseParams(BankOrderParams, request.body);
      return ok({ ...(await bank.open(userId, p)) }, BankOrderMsg.created);
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

  registerConsoleEditorRoutes(app, ctx, guard);
  registerConsoleUserRoutes(app, ctx, guard);
}
